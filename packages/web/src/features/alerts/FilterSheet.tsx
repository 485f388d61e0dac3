// Stylesheets of the components only this lazy sheet uses load with it.
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import { Button, Drawer, Group, MultiSelect, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api';
import { fetchCustomerNames, fetchGroupNames, fetchServiceNames } from './alertsApi';
import type { AlertsFilter } from './alertsView';
import { usePauseWhileOpen } from './AlertsUiContext';

/** console.md §2: the time filter presets, as seconds before now. */
const PRESETS = { latest: null, hour1: -3600, hours6: -21600, hours12: -43200 } as const;
type Preset = keyof typeof PRESETS | 'custom';

function presetOf([from, to]: AlertsFilter['dateRange']): Preset {
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

/** The filter side sheet (screens.md §3.4): every change applies at once, a custom time range on Apply. */
export default function FilterSheet(props: FilterSheetProps) {
  const { t } = useTranslation();
  const api = useApi();
  const { filter, onChange } = props;
  usePauseWhileOpen(props.opened);
  const services = useQuery({
    queryKey: ['alerts-filter', 'services'],
    queryFn: ({ signal }) => fetchServiceNames(api, signal),
    enabled: props.opened,
  });
  const groups = useQuery({
    queryKey: ['alerts-filter', 'groups'],
    queryFn: ({ signal }) => fetchGroupNames(api, signal),
    enabled: props.opened,
  });
  const customers = useQuery({
    queryKey: ['alerts-filter', 'customers'],
    queryFn: ({ signal }) => fetchCustomerNames(api, signal),
    enabled: props.opened && props.customerViews,
  });
  const [preset, setPreset] = useState<Preset>(presetOf(filter.dateRange));
  const now = dayjs();
  const [start, setStart] = useState(toInput(filter.dateRange[0], now.subtract(7, 'day')));
  const [end, setEnd] = useState(toInput(filter.dateRange[1], now));
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
          data={withSelected(props.statusChoices, filter.status ?? props.defaultStatus)}
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
        <NativeSelect
          label={t('alerts.filter.time')}
          value={preset}
          data={[
            { value: 'latest', label: t('alerts.filter.latest') },
            { value: 'hour1', label: t('alerts.filter.hour1') },
            { value: 'hours6', label: t('alerts.filter.hours6') },
            { value: 'hours12', label: t('alerts.filter.hours12') },
            { value: 'custom', label: t('alerts.filter.custom') },
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
              label={t('alerts.filter.from')}
              value={start}
              onChange={(event) => setStart(event.currentTarget.value)}
            />
            <TextInput
              type="datetime-local"
              label={t('alerts.filter.to')}
              value={end}
              onChange={(event) => setEnd(event.currentTarget.value)}
            />
          </>
        )}
        <Group justify="flex-end">
          {preset === 'custom' && (
            <Button onClick={() => onChange({ dateRange: [fromInput(start), fromInput(end)] })}>
              {t('alerts.filter.apply')}
            </Button>
          )}
          <Button
            variant="default"
            onClick={() => {
              setPreset('latest');
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
