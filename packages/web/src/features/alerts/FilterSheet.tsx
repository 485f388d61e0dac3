// Stylesheets of the components only this lazy sheet uses load with it.
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import { Button, Drawer, Group, MultiSelect, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api';
import { fetchCustomerNames, fetchGroupNames, fetchServiceNames } from '../../shared/alertsApi';
import type { AlertsFilter } from './alertsView';
import { usePauseWhileOpen } from './AlertsUiContext';
import { TimeRangeFields, useTimeRange } from '../../shared/TimeRangeFields';
import { queryKeys } from '../../api/queryKeys';
import { statusLabel } from '../../i18n/enumLabels';

export interface FilterSheetProps {
  opened: boolean;
  onClose: () => void;
  filter: AlertsFilter;
  defaultStatus: readonly string[];
  statusChoices: readonly string[];
  customerViews: boolean;
  onChange: (patch: Partial<AlertsFilter>) => void;
  onReset: () => void;
}

/**
 * The filter side sheet (docs/console/alert-screens.md#filter-sheet): every change applies at once, a custom time range
 * on Apply.
 */
export default function FilterSheet(props: FilterSheetProps) {
  const { t } = useTranslation();
  const api = useApi();
  const { filter, onChange } = props;
  usePauseWhileOpen(props.opened);
  const services = useQuery({
    queryKey: queryKeys.alertFilterChoices('services'),
    queryFn: ({ signal }) => fetchServiceNames(api, signal),
    enabled: props.opened,
  });
  const groups = useQuery({
    queryKey: queryKeys.alertFilterChoices('groups'),
    queryFn: ({ signal }) => fetchGroupNames(api, signal),
    enabled: props.opened,
  });
  const customers = useQuery({
    queryKey: queryKeys.alertFilterChoices('customers'),
    queryFn: ({ signal }) => fetchCustomerNames(api, signal),
    enabled: props.opened && props.customerViews,
  });
  const time = useTimeRange(filter.dateRange);
  const withSelected = (names: readonly string[] | undefined, chosen: readonly string[]) => [
    ...new Set([...(names ?? []), ...chosen]),
  ];

  return (
    <Drawer
      opened={props.opened}
      onClose={props.onClose}
      position="right"
      size={320}
      title={t('alerts.filters')}
      closeButtonProps={{ 'aria-label': t('alerts.closeFilters') }}
    >
      <Stack gap="md">
        <TextInput
          label={t('alerts.filter.text')}
          description={t('alerts.filter.textHint')}
          value={filter.text ?? ''}
          onChange={(event) => onChange({ text: event.currentTarget.value === '' ? null : event.currentTarget.value })}
        />
        <MultiSelect
          label={t('alerts.filter.status')}
          placeholder={t('alerts.filter.allStatuses')}
          data={withSelected(props.statusChoices, filter.status ?? props.defaultStatus).map((status) => ({
            value: status,
            label: statusLabel(t, status),
          }))}
          value={[...(filter.status ?? props.defaultStatus)]}
          onChange={(status) => onChange({ status })}
          comboboxProps={{ withinPortal: false }}
        />
        {props.customerViews && (
          <MultiSelect
            label={t('alerts.filter.customer')}
            data={withSelected(customers.data, filter.customer)}
            value={[...filter.customer]}
            onChange={(customer) => onChange({ customer })}
            searchable
            comboboxProps={{ withinPortal: false }}
          />
        )}
        <MultiSelect
          label={t('alerts.filter.service')}
          data={withSelected(services.data, filter.service)}
          value={[...filter.service]}
          onChange={(service) => onChange({ service })}
          searchable
          comboboxProps={{ withinPortal: false }}
        />
        <MultiSelect
          label={t('alerts.filter.group')}
          data={withSelected(groups.data, filter.group)}
          value={[...filter.group]}
          onChange={(group) => onChange({ group })}
          searchable
          comboboxProps={{ withinPortal: false }}
        />
        <TimeRangeFields
          state={time}
          labels={{
            time: t('alerts.filter.time'),
            latest: t('alerts.filter.latest'),
            hour1: t('alerts.filter.hour1'),
            hours6: t('alerts.filter.hours6'),
            hours12: t('alerts.filter.hours12'),
            custom: t('alerts.filter.custom'),
            from: t('alerts.filter.from'),
            to: t('alerts.filter.to'),
          }}
          onRange={(dateRange) => onChange({ dateRange })}
        />
        <Group justify="flex-end">
          {time.preset === 'custom' && (
            <Button onClick={() => onChange({ dateRange: time.custom() })}>{t('alerts.filter.apply')}</Button>
          )}
          <Button
            variant="default"
            onClick={() => {
              time.setPreset('latest');
              props.onReset();
            }}
          >
            {t('alerts.filter.reset')}
          </Button>
        </Group>
      </Stack>
    </Drawer>
  );
}
