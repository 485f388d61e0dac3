import { Checkbox, MultiSelect, PasswordInput, Switch, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api';
import { useConfig } from '../../config/ConfigContext';
import { FormDialog } from '../../shared/admin/FormDialog';
import { useAdminChange } from '../../shared/admin/adminActions';
import { usePermission } from '../auth';
import { addMember, fetchUserGroups, removeMember } from '../groups';
import { GroupsField } from './GroupsField';
import {
  checkUserForm,
  initialValues,
  membershipChanges,
  newUserBody,
  userChanges,
  type FieldProblem,
  type GroupChoice,
  type UserFormValues,
} from './userForm';
import { createUser, updateUser, useRoleNames, type UserRow } from './usersApi';
import { queryKeys } from '../../api/queryKeys';

export interface UserDialogProps {
  /** The user edited; null for a new one. */
  user: UserRow | null;
  onClose: () => void;
}

/**
 * New or edit user (docs/console/admin-screens.md#users). Group membership needs the user's id, so for a new user the
 * chosen groups are joined right after POST /user answers with it. Should a membership call fail after the user was
 * created, the form stays open and the next Save updates that user instead of creating it twice.
 */
export function UserDialog({ user, onClose }: UserDialogProps) {
  const { t } = useTranslation();
  const api = useApi();
  const allowed = usePermission();
  const basic = useConfig().provider === 'basic';
  const roles = useRoleNames(allowed('read:perms'));
  const [values, setValues] = useState<UserFormValues>(() => initialValues(user));
  // null until the administrator changes the groups: the membership as loaded stands.
  const [chosenGroups, setChosenGroups] = useState<GroupChoice[] | null>(null);
  const [checked, setChecked] = useState(false);
  const [passwordVisible, setPasswordVisible] = useState(false);
  const [createdId, setCreatedId] = useState<string | null>(null);
  // The membership the server is known to hold, moved along as each call succeeds.
  const appliedGroups = useRef<GroupChoice[] | null>(null);

  const memberships = useQuery({
    queryKey: queryKeys.admin.userGroups(user?.id),
    queryFn: ({ signal }) => fetchUserGroups(api, user?.id ?? '', signal),
    enabled: user !== null,
    select: (groups): GroupChoice[] => groups.map((g) => ({ id: g.id, name: g.name })),
    staleTime: Infinity,
  });
  const loadedGroups = user === null ? [] : memberships.data;
  const groups = chosenGroups ?? loadedGroups ?? [];

  const creating = user === null && createdId === null;
  const save = useAdminChange(
    async (form: UserFormValues) => {
      let id = user?.id ?? createdId;
      if (id === null) {
        id = await createUser(api, newUserBody(form));
        setCreatedId(id);
      } else {
        await updateUser(api, id, userChanges(form, basic));
      }
      let current = appliedGroups.current ?? loadedGroups ?? [];
      const { add, remove } = membershipChanges(current, form.groups);
      for (const group of add) {
        await addMember(api, group.id, id);
        current = [...current, group];
        appliedGroups.current = current;
      }
      for (const group of remove) {
        await removeMember(api, group.id, id);
        current = current.filter((g) => g.id !== group.id);
        appliedGroups.current = current;
      }
    },
    {
      success: (_, form) =>
        user === null ? t('users.created', { name: form.name.trim() }) : t('users.saved', { name: form.name.trim() }),
      onSuccess: onClose,
    },
  );

  const problems = checked ? checkUserForm(values, { creating, basic }) : {};
  const say = (problem: FieldProblem | undefined) => {
    if (problem === undefined) return undefined;
    switch (problem.key) {
      case 'required':
        return t('admin.required');
      case 'email':
        return t('users.emailInvalid');
      case 'minLength':
        return t('admin.minLength', { count: problem.count });
      case 'passwordsDiffer':
        return t('admin.passwordsDiffer');
    }
  };
  const set = <K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  // Roles a user holds stay choosable even when no permission names them any more.
  const roleChoices = [...new Set([...(roles.data ?? []), ...values.roles])];

  return (
    <FormDialog
      opened
      title={user === null ? t('users.new') : t('users.edit')}
      onClose={onClose}
      saving={save.isPending}
      error={save.error}
      onSubmit={() => {
        setChecked(true);
        const form = { ...values, groups };
        if (Object.keys(checkUserForm(form, { creating, basic })).length > 0) return;
        save.mutate(form);
      }}
    >
      <TextInput
        label={t('users.name')}
        withAsterisk={basic}
        data-autofocus
        disabled={!basic}
        value={values.name}
        error={say(problems.name)}
        onChange={(event) => set('name', event.currentTarget.value)}
      />
      <Switch
        label={t('users.active')}
        checked={values.active}
        onChange={(event) => set('active', event.currentTarget.checked)}
      />
      {/* The login is set once: PUT /user does not take it from this form (docs/console/admin-screens.md#users). */}
      <TextInput
        label={t('users.login')}
        withAsterisk={basic}
        disabled={!basic || user !== null}
        value={values.login}
        error={say(problems.login)}
        onChange={(event) => set('login', event.currentTarget.value)}
      />
      <TextInput
        type="email"
        label={t('users.email')}
        withAsterisk={basic}
        disabled={!basic}
        value={values.email}
        error={say(problems.email)}
        onChange={(event) => set('email', event.currentTarget.value)}
      />
      <Checkbox
        label={t('users.emailVerified')}
        checked={values.emailVerified}
        onChange={(event) => set('emailVerified', event.currentTarget.checked)}
      />
      {basic && (
        <>
          <PasswordInput
            label={t('users.password')}
            description={user === null ? undefined : t('users.passwordUnchanged')}
            withAsterisk={creating}
            autoComplete="new-password"
            visible={passwordVisible}
            onVisibilityChange={setPasswordVisible}
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': t('users.showPassword') }}
            value={values.password}
            error={say(problems.password)}
            onChange={(event) => set('password', event.currentTarget.value)}
          />
          <TextInput
            type={passwordVisible ? 'text' : 'password'}
            label={t('users.confirmPassword')}
            withAsterisk={creating}
            autoComplete="new-password"
            value={values.confirmPassword}
            error={say(problems.confirmPassword)}
            onChange={(event) => set('confirmPassword', event.currentTarget.value)}
          />
        </>
      )}
      <GroupsField
        value={groups}
        onChange={setChosenGroups}
        disabled={user !== null && memberships.data === undefined}
      />
      <MultiSelect
        label={t('users.roles')}
        data={roleChoices}
        value={values.roles}
        onChange={(chosen) => set('roles', chosen)}
        searchable
        clearable
        nothingFoundMessage={t('users.noRoles')}
        comboboxProps={{ withinPortal: false }}
      />
      <TextInput
        label={t('users.comment')}
        value={values.text}
        onChange={(event) => set('text', event.currentTarget.value)}
      />
    </FormDialog>
  );
}
