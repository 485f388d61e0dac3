import { Badge, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api';
import { FormDialog } from '../../shared/admin/FormDialog';
import { useAdminChange } from '../../shared/admin/adminActions';
import { saveCustomer, type CustomerRow, type CustomerValues } from './customersApi';

export interface CustomerDialogProps {
  /** The customer edited; null for a new one. */
  customer: CustomerRow | null;
  onClose: () => void;
}

/** New or edit customer (docs/console/admin-screens.md#customers): the look-up and the customer name, both required. */
export function CustomerDialog({ customer, onClose }: CustomerDialogProps) {
  const { t } = useTranslation();
  const api = useApi();
  const [values, setValues] = useState<CustomerValues>({
    match: customer?.match ?? '',
    customer: customer?.customer ?? '',
  });
  const [checked, setChecked] = useState(false);
  const save = useAdminChange((v: CustomerValues) => saveCustomer(api, v, customer?.id), {
    success: (_, v) =>
      customer === null ? t('customers.created', { name: v.customer }) : t('customers.saved', { name: v.customer }),
    onSuccess: onClose,
  });
  const trimmed = { match: values.match.trim(), customer: values.customer.trim() };
  const required = (value: string) => (checked && value === '' ? t('admin.required') : undefined);

  return (
    <FormDialog
      opened
      title={customer === null ? t('customers.new') : t('customers.edit')}
      onClose={onClose}
      saving={save.isPending}
      error={save.error}
      onSubmit={() => {
        setChecked(true);
        if (trimmed.match === '' || trimmed.customer === '') return;
        save.mutate(trimmed);
      }}
    >
      {trimmed.customer !== '' && (
        <Badge variant="light" tt="none" fw={500} aria-hidden>
          {`${trimmed.customer} (${t('customers.kind')})`}
        </Badge>
      )}
      <TextInput
        label={t('customers.match')}
        description={t('customers.matchHint')}
        withAsterisk
        data-autofocus
        value={values.match}
        error={required(trimmed.match)}
        onChange={(event) => {
          const match = event.currentTarget.value;
          setValues((v) => ({ ...v, match }));
        }}
      />
      <TextInput
        label={t('customers.customer')}
        withAsterisk
        value={values.customer}
        error={required(trimmed.customer)}
        onChange={(event) => {
          const name = event.currentTarget.value;
          setValues((v) => ({ ...v, customer: name }));
        }}
      />
    </FormDialog>
  );
}
