import { Badge, MultiSelect, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api';
import { useGrantableScopes } from '../admin';
import { FormDialog } from '../../shared/admin/FormDialog';
import { useAdminChange } from '../../shared/admin/adminActions';
import { savePermission, type PermissionRow, type PermissionValues } from './permsApi';

export interface PermissionDialogProps {
  /** The permission edited; null for a new one. */
  permission: PermissionRow | null;
  onClose: () => void;
}

/** New or edit permission (docs/console/admin-screens.md#permissions): the role, required, and the scopes it grants. */
export function PermissionDialog({ permission, onClose }: PermissionDialogProps) {
  const { t } = useTranslation();
  const api = useApi();
  const [values, setValues] = useState<PermissionValues>({
    match: permission?.match ?? '',
    scopes: permission?.scopes ?? [],
  });
  const [checked, setChecked] = useState(false);
  const choices = useGrantableScopes(permission?.scopes);
  const save = useAdminChange((v: PermissionValues) => savePermission(api, v, permission?.id), {
    success: (_, v) =>
      permission === null ? t('perms.created', { name: v.match }) : t('perms.saved', { name: v.match }),
    onSuccess: onClose,
  });
  const match = values.match.trim();

  return (
    <FormDialog
      opened
      title={permission === null ? t('perms.new') : t('perms.edit')}
      onClose={onClose}
      saving={save.isPending}
      error={save.error}
      onSubmit={() => {
        setChecked(true);
        if (match === '') return;
        save.mutate({ match, scopes: values.scopes });
      }}
    >
      {match !== '' && (
        <Badge variant="light" tt="none" fw={500} aria-hidden>
          {`${match} (${t('perms.kind')})`}
        </Badge>
      )}
      <TextInput
        label={t('perms.role')}
        description={t('perms.roleHint')}
        withAsterisk
        data-autofocus
        value={values.match}
        error={checked && match === '' ? t('admin.required') : undefined}
        onChange={(event) => {
          const text = event.currentTarget.value;
          setValues((v) => ({ ...v, match: text }));
        }}
      />
      <MultiSelect
        label={t('perms.scopes')}
        description={t('perms.scopesHint')}
        data={choices}
        value={values.scopes}
        onChange={(scopes) => setValues((v) => ({ ...v, scopes }))}
        searchable
        clearable
        clearButtonProps={{ 'aria-label': t('perms.clearScopes') }}
        nothingFoundMessage={t('perms.noScope')}
        comboboxProps={{ withinPortal: false }}
      />
    </FormDialog>
  );
}
