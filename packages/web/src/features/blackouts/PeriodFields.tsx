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

/** A date and a time side by side; the date's error is said under it, the time is only marked. */
function DateAndTime(props: {
  dateLabel: string;
  timeLabel: string;
  value: LocalInputs;
  error: string | null;
  onChange: (patch: Partial<LocalInputs>) => void;
  zone: string;
}) {
  return (
    <Group grow align="flex-start" gap="xs">
      <TextInput
        type="date"
        label={props.dateLabel}
        required
        value={props.value.date}
        error={props.error}
        onChange={(event) => props.onChange({ date: event.currentTarget.value })}
      />
      <TextInput
        type="time"
        label={props.timeLabel}
        required
        value={props.value.time}
        error={props.error !== null}
        onChange={(event) => props.onChange({ time: event.currentTarget.value })}
        // Said under each time, so it is read with the field it applies to.
        description={props.zone}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
      />
    </Group>
  );
}

/**
 * Start, then a duration or an end (docs/console/admin-screens.md#blackouts had only the end; operators asked for
 * durations). Times are the user's local time, said next to the fields, and sent as UTC.
 */
export function PeriodFields({ times, onChange, errors }: PeriodFieldsProps) {
  const { t } = useTranslation();
  const setStart = (patch: Partial<LocalInputs>) => onChange(withStart(times, { ...times.start, ...patch }));
  const setEnd = (patch: Partial<LocalInputs>) => onChange(withEnd(times, { ...times.end, ...patch }));
  const endError =
    errors.end === 'notAfterStart' ? t('blackouts.endBeforeStart') : errors.end ? t('blackouts.invalidTime') : null;
  const zone = t('blackouts.localZone', { zone: localZone() });

  return (
    <>
      <DateAndTime
        dateLabel={t('blackouts.startDate')}
        timeLabel={t('blackouts.startTime')}
        value={times.start}
        error={errors.start ? t('blackouts.invalidTime') : null}
        onChange={setStart}
        zone={zone}
      />
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
      <DateAndTime
        dateLabel={t('blackouts.endDate')}
        timeLabel={t('blackouts.endTime')}
        value={times.end}
        error={endError}
        onChange={setEnd}
        zone={zone}
      />
    </>
  );
}
