import { Badge, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api';
import { FormDialog } from '../../shared/admin/FormDialog';
import { useAdminChange } from '../../shared/admin/adminActions';
import { saveGroup, type GroupRow, type GroupValues } from './groupsApi';

export interface GroupDialogProps {
  /** The group edited; null for a new one. */
  group: GroupRow | null;
  onClose: () => void;
}

/** New or edit group (docs/console/admin-screens.md#groups): a required name and a description. */
export function GroupDialog({ group, onClose }: GroupDialogProps) {
  const { t } = useTranslation();
  const api = useApi();
  const [values, setValues] = useState<GroupValues>({ name: group?.name ?? '', text: group?.text ?? '' });
  const [checked, setChecked] = useState(false);
  const save = useAdminChange((v: GroupValues) => saveGroup(api, v, group?.id), {
    success: (_, v) => (group === null ? t('groups.created', { name: v.name }) : t('groups.saved', { name: v.name })),
    onSuccess: onClose,
  });
  const trimmed = { name: values.name.trim(), text: values.text.trim() };

  return (
    <FormDialog
      opened
      title={group === null ? t('groups.new') : t('groups.edit')}
      onClose={onClose}
      saving={save.isPending}
      error={save.error}
      onSubmit={() => {
        setChecked(true);
        if (trimmed.name === '') return;
        save.mutate(trimmed);
      }}
    >
      {trimmed.name !== '' && (
        <Badge variant="light" tt="none" fw={500} aria-hidden>
          {`${trimmed.name} (${t('groups.kind')})`}
        </Badge>
      )}
      <TextInput
        label={t('groups.name')}
        withAsterisk
        data-autofocus
        value={values.name}
        error={checked && trimmed.name === '' ? t('admin.required') : undefined}
        onChange={(event) => {
          const name = event.currentTarget.value;
          setValues((v) => ({ ...v, name }));
        }}
      />
      <TextInput
        label={t('groups.description')}
        value={values.text}
        onChange={(event) => {
          const text = event.currentTarget.value;
          setValues((v) => ({ ...v, text }));
        }}
      />
    </FormDialog>
  );
}
