import { Button, Group, MultiSelect, NativeSelect, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '../../shared/adminIcons';
import { TimeRangeFields, useTimeRange } from '../../shared/TimeRangeFields';
import { severityLabel, statusLabel } from '../../i18n/enumLabels';
import { TOP_CHOICES, type ReportFilter } from './reportFilter';
import classes from './ReportFilters.module.css';

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

/** A control without a label, set as low as the labelled fields beside it. */
function Unlabelled({ children }: { children: ReactNode }) {
  return (
    <div>
      <span className={classes.labelSpace} aria-hidden>
        {'\u00a0'}
      </span>
      {children}
    </div>
  );
}

/**
 * The filters of the reports (docs/console/admin-screens.md#reports): those of the alert list plus environment and
 * severity.
 */
export function ReportFilters({ filter, defaultStatus, onChange, onReset, text, onText, choices }: ReportFiltersProps) {
  const { t } = useTranslation();
  const time = useTimeRange(filter.dateRange);
  const status = filter.status ?? defaultStatus;
  const pick = {
    classNames: { root: classes.pick },
    searchable: true,
    clearable: true,
    hidePickedOptions: true,
  } as const;

  return (
    // Fields line up by their tops, so a field that grows (Status holding several chips) pushes nothing out of line;
    // the buttons sit under a blank line as high as a label (docs/console/admin-screens.md#reports).
    <Group align="flex-start" gap="sm" mb="lg" className={classes.filters}>
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
        // The address and the requests keep the alarm model's names; only the shown words follow the language
        // (docs/console/plumbing.md#durations-ids-and-words).
        data={withChosen(choices.severity, filter.severity).map((value) => ({
          value,
          label: severityLabel(t, value),
        }))}
        value={[...filter.severity]}
        onChange={(severity) => onChange({ severity })}
      />
      <MultiSelect
        {...pick}
        label={t('reports.status')}
        placeholder={status.length === 0 ? t('reports.allStatuses') : undefined}
        data={withChosen(choices.status, status).map((value) => ({ value, label: statusLabel(t, value) }))}
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
      <TimeRangeFields
        state={time}
        labels={{
          time: t('reports.time'),
          latest: t('reports.latest'),
          hour1: t('reports.hour1'),
          hours6: t('reports.hours6'),
          hours12: t('reports.hours12'),
          custom: t('reports.custom'),
          from: t('reports.from'),
          to: t('reports.to'),
        }}
        onRange={(dateRange) => onChange({ dateRange })}
      />
      {time.preset === 'custom' && (
        <Unlabelled>
          <Button onClick={() => onChange({ dateRange: time.custom() })}>{t('reports.apply')}</Button>
        </Unlabelled>
      )}
      <TextInput
        type="search"
        label={t('reports.filterRows')}
        leftSection={<SearchIcon />}
        value={text}
        onChange={(event) => onText(event.currentTarget.value)}
      />
      <Unlabelled>
        <Button variant="default" onClick={onReset}>
          {t('reports.reset')}
        </Button>
      </Unlabelled>
    </Group>
  );
}
