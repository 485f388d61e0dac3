import { Group, NativeSelect, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  DURATION_HOURS,
  withDuration,
  withEnd,
  withStart,
  type BlackoutTimes,
  type FormErrors,
  type LocalInputs,
} from './blackoutForm';

export interface PeriodFieldsProps {
  times: BlackoutTimes;
  onChange: (times: BlackoutTimes) => void;
  errors: FormErrors;
}

/** The browser's time zone, named for the user (e.g. Europe/Paris); the times are entered in it. */
function localZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * Start, then a duration or an end (screens.md §9 had only the end; operators asked for durations). Times are the
 * user's local time, said next to the fields, and sent as UTC.
 */
export function PeriodFields({ times, onChange, errors }: PeriodFieldsProps) {
  const { t } = useTranslation();
  const setStart = (patch: Partial<LocalInputs>) => onChange(withStart(times, { ...times.start, ...patch }));
  const setEnd = (patch: Partial<LocalInputs>) => onChange(withEnd(times, { ...times.end, ...patch }));
  const endError =
    errors.end === 'notAfterStart' ? t('blackouts.endBeforeStart') : errors.end ? t('blackouts.invalidTime') : null;
  // Said under each time, so it is read with the field it applies to.
  const zone = {
    description: t('blackouts.localZone', { zone: localZone() }),
    inputWrapperOrder: ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[],
  };

  return (
    <>
      <Group grow align="flex-start" gap="xs">
        <TextInput
          type="date"
          label={t('blackouts.startDate')}
          required
          value={times.start.date}
          error={errors.start ? t('blackouts.invalidTime') : null}
          onChange={(event) => setStart({ date: event.currentTarget.value })}
        />
        <TextInput
          type="time"
          label={t('blackouts.startTime')}
          required
          value={times.start.time}
          error={errors.start !== undefined}
          onChange={(event) => setStart({ time: event.currentTarget.value })}
          {...zone}
        />
      </Group>
      <NativeSelect
        label={t('blackouts.duration')}
        value={String(times.duration)}
        data={[
          ...DURATION_HOURS.map((hours) => ({
            value: String(hours * 3600),
            label: hours === 1 ? t('blackouts.oneHour') : t('blackouts.hours', { hours }),
          })),
          { value: 'custom', label: t('blackouts.customEnd') },
        ]}
        onChange={(event) => {
          const value = event.currentTarget.value;
          onChange(withDuration(times, value === 'custom' ? 'custom' : Number(value)));
        }}
      />
      <Group grow align="flex-start" gap="xs">
        <TextInput
          type="date"
          label={t('blackouts.endDate')}
          required
          value={times.end.date}
          error={endError}
          onChange={(event) => setEnd({ date: event.currentTarget.value })}
        />
        <TextInput
          type="time"
          label={t('blackouts.endTime')}
          required
          value={times.end.time}
          error={errors.end !== undefined}
          onChange={(event) => setEnd({ time: event.currentTarget.value })}
          {...zone}
        />
      </Group>
    </>
  );
}
