import { Alert as Callout, Group, NativeSelect, TagsInput, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api';
import { useConfig } from '../../config/ConfigContext';
import { FormDialog } from '../../shared/admin/FormDialog';
import { useAdminChange } from '../../shared/admin/adminActions';
import { WarningIcon } from '../../shared/adminIcons';
import { fetchCustomerNames, fetchServiceNames } from '../../shared/alertsApi';
import { usePreferences } from '../preferences';
import {
  broadScope,
  createBody,
  defaultPeriod,
  defaultStart,
  EMPTY_FIELDS,
  fieldsOf,
  isoTimes,
  timesOf,
  updateBody,
  validate,
  type BlackoutFields,
  type BlackoutTimes,
} from './blackoutForm';
import { createBlackout, fetchEnvironmentNames, fetchTagNames, updateBlackout, type BlackoutRow } from './blackoutsApi';
import { MatchCount } from './MatchCount';
import { PeriodFields } from './PeriodFields';
import { queryKeys } from '../../api/queryKeys';

export interface BlackoutDialogProps {
  /** The blackout edited; null for a new one. */
  blackout: BlackoutRow | null;
  /** What a new blackout starts from: a copy of another, or an alert's fields. */
  prefill?: BlackoutFields;
  onClose: () => void;
}

/**
 * New or edit blackout (docs/console/admin-screens.md#blackouts), once the user's preferences are known: they set a new
 * one's times.
 */
export function BlackoutDialog(props: BlackoutDialogProps) {
  const { prefs, settled } = usePreferences();
  const config = useConfig();
  if (!settled) return null;
  const { blackout } = props;
  let times: BlackoutTimes;
  if (blackout !== null) {
    times = timesOf(new Date(blackout.startTime), new Date(blackout.endTime));
  } else {
    const start = defaultStart(new Date(), prefs.blackoutStartNow);
    const seconds = defaultPeriod(prefs.blackoutPeriod, config.blackouts?.duration);
    times = timesOf(start, new Date(start.getTime() + seconds * 1000));
  }
  const fields = blackout === null ? (props.prefill ?? EMPTY_FIELDS) : fieldsOf(blackout);
  return <BlackoutForm {...props} initialFields={fields} initialTimes={times} />;
}

/** The names offered for a field: those known to the server, those configured, and the value already there. */
function useChoices(key: string, load: (signal: AbortSignal) => Promise<string[]>, enabled = true) {
  return useQuery({
    queryKey: queryKeys.blackouts.choices(key),
    queryFn: ({ signal }) => load(signal),
    enabled,
    staleTime: 60_000,
  }).data;
}

const withValues = (names: readonly string[] | undefined, ...values: readonly (string | null)[]) =>
  [...new Set([...(names ?? []), ...values.filter((v): v is string => v !== null && v !== '')])].sort((a, b) =>
    a.localeCompare(b, undefined, { sensitivity: 'base' }),
  );

function BlackoutForm({
  blackout,
  onClose,
  initialFields,
  initialTimes,
}: BlackoutDialogProps & { initialFields: BlackoutFields; initialTimes: BlackoutTimes }) {
  const { t } = useTranslation();
  const api = useApi();
  const config = useConfig();
  const [fields, setFields] = useState(initialFields);
  const [times, setTimes] = useState(initialTimes);
  const [checked, setChecked] = useState(false);
  const environments = useChoices('environments', (signal) => fetchEnvironmentNames(api, signal));
  const services = useChoices('services', (signal) => fetchServiceNames(api, signal));
  const tags = useChoices('tags', (signal) => fetchTagNames(api, signal));
  const customers = useChoices('customers', (signal) => fetchCustomerNames(api, signal), config.customer_views);
  const original = blackout === null ? undefined : { startTime: blackout.startTime, endTime: blackout.endTime };
  const save = useAdminChange(
    (body: { startTime: string; endTime: string }) =>
      blackout === null
        ? createBlackout(api, createBody(fields, body.startTime, body.endTime))
        : updateBlackout(api, blackout.id, updateBody(fields, body.startTime, body.endTime)),
    {
      success: blackout === null ? t('blackouts.created') : t('blackouts.saved'),
      onSuccess: onClose,
    },
  );

  const errors = validate(fields, times, original);
  // Missing values are pointed out after a first try; an end before the start as soon as it is entered.
  const shown = checked ? errors : errors.end === 'notAfterStart' ? { end: errors.end } : {};
  const scope = fields.environment.trim() === '' ? null : broadScope(fields);
  const set = <K extends keyof BlackoutFields>(key: K, value: BlackoutFields[K]) =>
    setFields((f) => ({ ...f, [key]: value }));
  const text = (key: 'resource' | 'event' | 'group' | 'origin' | 'text', label: string) => (
    <TextInput label={label} value={fields[key]} onChange={(event) => set(key, event.currentTarget.value)} />
  );

  return (
    <FormDialog
      opened
      size={560}
      title={blackout === null ? t('blackouts.new') : t('blackouts.edit')}
      onClose={onClose}
      saving={save.isPending}
      error={save.error}
      onSubmit={() => {
        setChecked(true);
        const { startTime, endTime } = isoTimes(times, original);
        if (Object.keys(errors).length > 0 || startTime === null || endTime === null) return;
        save.mutate({ startTime, endTime });
      }}
    >
      {config.customer_views && (
        <NativeSelect
          label={t('blackouts.customer')}
          value={fields.customer ?? ''}
          // No customer: the blackout covers every customer's alerts (docs/api/blackouts.md).
          data={[{ value: '', label: t('blackouts.anyCustomer') }, ...withValues(customers, fields.customer)]}
          onChange={(event) => set('customer', event.currentTarget.value === '' ? null : event.currentTarget.value)}
        />
      )}
      <NativeSelect
        label={t('blackouts.environment')}
        required
        data-autofocus
        value={fields.environment}
        error={shown.environment ? t('admin.required') : null}
        data={[
          { value: '', label: t('blackouts.chooseEnvironment'), disabled: true },
          ...withValues([...(config.environments ?? []), ...(environments ?? [])], fields.environment),
        ]}
        onChange={(event) => set('environment', event.currentTarget.value)}
      />
      <PeriodFields times={times} onChange={setTimes} errors={shown} />
      <TagsInput
        label={t('blackouts.service')}
        description={t('blackouts.listHint')}
        data={withValues(services)}
        value={fields.service}
        onChange={(value) => set('service', value)}
      />
      <Group grow align="flex-start" gap="xs">
        {text('resource', t('blackouts.resource'))}
        {text('event', t('blackouts.event'))}
      </Group>
      <Group grow align="flex-start" gap="xs">
        {text('group', t('blackouts.group'))}
        {text('origin', t('blackouts.origin'))}
      </Group>
      <TagsInput
        label={t('blackouts.tags')}
        description={t('blackouts.listHint')}
        data={withValues(tags)}
        value={fields.tags}
        onChange={(value) => set('tags', value)}
      />
      {text('text', t('blackouts.reason'))}
      {scope !== null && (
        <Callout color="orange" icon={<WarningIcon />} role="note">
          {scope === 'wholeEnvironment'
            ? t('blackouts.warnWholeEnvironment', { environment: fields.environment.trim() })
            : t('blackouts.warnAllFromOrigin', {
                origin: fields.origin.trim(),
                environment: fields.environment.trim(),
              })}
        </Callout>
      )}
      <MatchCount fields={fields} />
    </FormDialog>
  );
}
