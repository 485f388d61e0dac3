import { isAdminScopes } from '@alerta/contract';
import { MultiSelect, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api';
import { useConfig } from '../../config/ConfigContext';
import { useGrantableScopes } from '../admin';
import { FormDialog } from '../../shared/admin/FormDialog';
import { useAdminChange } from '../../shared/admin/adminActions';
import { usePermission, useSession } from '../auth';
import { CopyKeyButton } from './CopyKeyButton';
import { dayOf, defaultExpiryDay, endOfDayIso, isDay, today } from './expiry';
import { createKey, searchCustomers, searchLogins, updateKey, type KeyRow, type KeyValues } from './keysApi';
import { ServerSelect } from './ServerSelect';

export interface ApiKeyDialogProps {
  /** The key edited; null for a new one. */
  apiKey: KeyRow | null;
  onClose: () => void;
  /** After a key is created, with its string (shown once, beside the list). */
  onCreated: (key: string) => void;
}

interface FormState {
  user: string | null;
  customer: string | null;
  scopes: string[];
  /** The expiry day as the date input holds it, YYYY-MM-DD in the browser's time zone. */
  day: string;
  text: string;
}

/** New or edit API key (docs/console/admin-screens.md#api-keys). */
export function ApiKeyDialog({ apiKey, onClose, onCreated }: ApiKeyDialogProps) {
  const { t } = useTranslation();
  const api = useApi();
  const config = useConfig();
  const session = useSession();
  const allowed = usePermission();
  const me = session?.claims.preferred_username ?? null;
  // docs/console/behaviour.md#roles-and-permissions: an administrator holds `admin` and may give a key to anyone;
  // others make keys of their own.
  const admin = isAdminScopes(session?.scopes ?? []);
  const ownCustomers = session?.claims.customers ?? [];
  const initialDay = apiKey === null ? defaultExpiryDay() : dayOf(apiKey.expireTime);
  const [form, setForm] = useState<FormState>({
    user: apiKey?.user ?? me,
    customer: apiKey?.customer ?? null,
    scopes: apiKey?.scopes ?? [],
    day: initialDay,
    text: apiKey?.text ?? '',
  });
  const [checked, setChecked] = useState(false);
  const choices = useGrantableScopes(apiKey?.scopes);
  const save = useAdminChange(
    (v: KeyValues) => (apiKey === null ? createKey(api, v) : updateKey(api, apiKey.id, v).then(() => undefined)),
    {
      success: apiKey === null ? t('keys.created') : t('keys.saved'),
      onSuccess: (created) => {
        onClose();
        if (created !== undefined) onCreated(created);
      },
    },
  );

  const dayChanged = form.day !== initialDay;
  // An expiry left as it was may lie in the past (an expired key being edited); a new one may not.
  const dayProblem =
    form.day === '' ? 'required' : !isDay(form.day) ? 'bad' : dayChanged && form.day < today() ? 'past' : null;
  const dayError =
    !checked || dayProblem === null
      ? undefined
      : dayProblem === 'required'
        ? t('admin.required')
        : dayProblem === 'bad'
          ? t('keys.badDate')
          : t('keys.pastDate');
  const userError = checked && (form.user ?? '') === '' ? t('admin.required') : undefined;
  const set = <K extends keyof FormState>(field: K, value: FormState[K]) => setForm((f) => ({ ...f, [field]: value }));

  const submit = () => {
    setChecked(true);
    const user = form.user ?? '';
    if (user === '' || dayProblem !== null) return;
    save.mutate({
      user,
      text: form.text.trim(),
      customer: form.customer,
      scopes: form.scopes,
      // An untouched expiry is sent back as it was, not moved to the end of its day.
      expireTime:
        apiKey !== null && !dayChanged && apiKey.expireTime !== null ? apiKey.expireTime : endOfDayIso(form.day),
    });
  };

  return (
    <FormDialog
      opened
      title={apiKey === null ? t('keys.new') : t('keys.edit')}
      onClose={onClose}
      saving={save.isPending}
      error={save.error}
      onSubmit={submit}
    >
      {apiKey !== null && (
        <TextInput
          label={t('keys.key')}
          value={apiKey.key}
          readOnly
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          rightSection={<CopyKeyButton value={apiKey.key} label={t('keys.copyKey')} />}
          rightSectionPointerEvents="all"
        />
      )}
      {admin ? (
        <ServerSelect
          label={t('keys.user')}
          withAsterisk
          value={form.user}
          onChange={(user) => set('user', user)}
          search={(text, signal) => searchLogins(api, text, signal)}
          queryKey="users"
          error={userError}
        />
      ) : (
        <TextInput label={t('keys.user')} value={form.user ?? ''} readOnly error={userError} />
      )}
      {config.customer_views && (
        <ServerSelect
          label={t('keys.customer')}
          value={form.customer}
          onChange={(customer) => set('customer', customer)}
          search={
            allowed('read:customers')
              ? (text, signal) => searchCustomers(api, text, signal)
              : // Without read:customers, the customers the user belongs to (the token names them) are the choice.
                (text) => Promise.resolve(ownCustomers.filter((c) => c.toLowerCase().includes(text.toLowerCase())))
          }
          queryKey="customers"
          clearable
          clearLabel={t('keys.clearCustomer')}
        />
      )}
      <MultiSelect
        label={t('keys.scopes')}
        description={t('keys.scopesHint')}
        data={choices}
        value={form.scopes}
        onChange={(scopes) => set('scopes', scopes)}
        searchable
        clearable
        clearButtonProps={{ 'aria-label': t('keys.clearScopes') }}
        nothingFoundMessage={t('keys.nothingFound')}
        comboboxProps={{ withinPortal: false }}
      />
      <TextInput
        type="date"
        label={t('keys.expires')}
        description={t('keys.expiresHint')}
        withAsterisk
        min={today()}
        value={form.day}
        error={dayError}
        onChange={(event) => set('day', event.currentTarget.value)}
      />
      <TextInput
        label={t('keys.description')}
        value={form.text}
        onChange={(event) => set('text', event.currentTarget.value)}
      />
    </FormDialog>
  );
}
