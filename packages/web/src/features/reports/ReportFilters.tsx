import { Button, Group, MultiSelect, NativeSelect, TextInput } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '../admin/icons';
import { TOP_CHOICES, type ReportFilter } from './reportFilter';

/** console.md §2: the time filter presets of the alerts filter, as seconds before now. */
const PRESETS = { latest: null, hour1: -3600, hours6: -21600, hours12: -43200 } as const;
type Preset = keyof typeof PRESETS | 'custom';

function presetOf([from, to]: ReportFilter['dateRange']): Preset {
  if (to === null) {
    for (const [name, seconds] of Object.entries(PRESETS)) if (seconds === from) return name as Preset;
  }
  return 'custom';
}

const LOCAL_INPUT = 'YYYY-MM-DDTHH:mm';

function toInput(seconds: number | null, fallback: dayjs.Dayjs): string {
  return (seconds !== null && seconds > 0 ? dayjs(seconds * 1000) : fallback).format(LOCAL_INPUT);
}

function fromInput(value: string): number | null {
  const parsed = dayjs(value);
  return value === '' || !parsed.isValid() ? null : Math.floor(parsed.valueOf() / 1000);
}

/** The choices of a pick list plus whatever is chosen already, so a choice from the URL always shows. */
const withChosen = (choices: readonly string[], chosen: readonly string[]) => [...new Set([...choices, ...chosen])];

export interface ReportFiltersProps {
  filter: ReportFilter;
  defaultStatus: readonly string[];
  onChange: (patch: Partial<ReportFilter>) => void;
  onReset: () => void;
  text: string;
  onText: (text: string) => void;
  choices: {
    environment: readonly string[];
    severity: readonly string[];
    status: readonly string[];
    service: readonly string[];
    group: readonly string[];
    /** Null without customer views: no customer filter then. */
    customer: readonly string[] | null;
  };
}

/** The filters of the reports (screens.md §12): those of the alert list plus environment and severity. */
export function ReportFilters({ filter, defaultStatus, onChange, onReset, text, onText, choices }: ReportFiltersProps) {
  const { t } = useTranslation();
  const [preset, setPreset] = useState<Preset>(presetOf(filter.dateRange));
  // A reset (or the browser's back button) may change the range under the select: the select follows.
  const rangeKey = filter.dateRange.join(',');
  const [seenRange, setSeenRange] = useState(rangeKey);
  if (seenRange !== rangeKey) {
    setSeenRange(rangeKey);
    setPreset(presetOf(filter.dateRange));
  }
  const now = dayjs();
  const [start, setStart] = useState(toInput(filter.dateRange[0], now.subtract(7, 'day')));
  const [end, setEnd] = useState(toInput(filter.dateRange[1], now));
  const status = filter.status ?? defaultStatus;
  const pick = { w: 220, searchable: true, clearable: true, hidePickedOptions: true } as const;

  return (
    <Group align="flex-end" gap="sm" mb="lg">
      <NativeSelect
        label={t('reports.top')}
        data={TOP_CHOICES.map((n) => ({ value: String(n), label: t('reports.topN', { n }) }))}
        value={String(filter.top)}
        onChange={(event) => onChange({ top: Number(event.currentTarget.value) })}
      />
      <MultiSelect
        {...pick}
        label={t('reports.environment')}
        placeholder={filter.environment.length === 0 ? t('reports.allEnvironments') : undefined}
        data={withChosen(choices.environment, filter.environment)}
        value={[...filter.environment]}
        onChange={(environment) => onChange({ environment })}
      />
      <MultiSelect
        {...pick}
        label={t('reports.severity')}
        placeholder={filter.severity.length === 0 ? t('reports.allSeverities') : undefined}
        data={withChosen(choices.severity, filter.severity)}
        value={[...filter.severity]}
        onChange={(severity) => onChange({ severity })}
      />
      <MultiSelect
        {...pick}
        label={t('reports.status')}
        placeholder={status.length === 0 ? t('reports.allStatuses') : undefined}
        data={withChosen(choices.status, status)}
        value={[...status]}
        onChange={(next) => onChange({ status: next })}
      />
      {choices.customer !== null && (
        <MultiSelect
          {...pick}
          label={t('reports.customer')}
          placeholder={filter.customer.length === 0 ? t('reports.allCustomers') : undefined}
          data={withChosen(choices.customer, filter.customer)}
          value={[...filter.customer]}
          onChange={(customer) => onChange({ customer })}
        />
      )}
      <MultiSelect
        {...pick}
        label={t('reports.service')}
        placeholder={filter.service.length === 0 ? t('reports.allServices') : undefined}
        data={withChosen(choices.service, filter.service)}
        value={[...filter.service]}
        onChange={(service) => onChange({ service })}
      />
      <MultiSelect
        {...pick}
        label={t('reports.group')}
        placeholder={filter.group.length === 0 ? t('reports.allGroups') : undefined}
        data={withChosen(choices.group, filter.group)}
        value={[...filter.group]}
        onChange={(group) => onChange({ group })}
      />
      <NativeSelect
        label={t('reports.time')}
        value={preset}
        data={[
          { value: 'latest', label: t('reports.latest') },
          { value: 'hour1', label: t('reports.hour1') },
          { value: 'hours6', label: t('reports.hours6') },
          { value: 'hours12', label: t('reports.hours12') },
          { value: 'custom', label: t('reports.custom') },
        ]}
        onChange={(event) => {
          const next = event.currentTarget.value as Preset;
          setPreset(next);
          if (next !== 'custom') onChange({ dateRange: [PRESETS[next], null] });
        }}
      />
      {preset === 'custom' && (
        <>
          <TextInput
            type="datetime-local"
            label={t('reports.from')}
            value={start}
            onChange={(event) => setStart(event.currentTarget.value)}
          />
          <TextInput
            type="datetime-local"
            label={t('reports.to')}
            value={end}
            onChange={(event) => setEnd(event.currentTarget.value)}
          />
          <Button onClick={() => onChange({ dateRange: [fromInput(start), fromInput(end)] })}>
            {t('reports.apply')}
          </Button>
        </>
      )}
      <TextInput
        type="search"
        label={t('reports.filterRows')}
        leftSection={<SearchIcon />}
        value={text}
        onChange={(event) => onText(event.currentTarget.value)}
      />
      <Button variant="default" onClick={onReset}>
        {t('reports.reset')}
      </Button>
    </Group>
  );
}
