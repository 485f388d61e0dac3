import { MultiSelect, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api';
import { searchGroups } from '../groups';
import type { GroupChoice } from './userForm';
import { queryKeys } from '../../api/queryKeys';

export interface GroupsFieldProps {
  value: readonly GroupChoice[];
  onChange: (groups: GroupChoice[]) => void;
  disabled: boolean;
}

// The server has already filtered the options by what was typed.
export const keepAll: OptionsFilter = ({ options }) => options;

/**
 * The groups a user is in (docs/console/admin-screens.md#users), picked from groups the server finds by name as the
 * administrator types, so it stays quick with any number of groups. The chosen ones stay in the list so their names
 * show.
 */
export function GroupsField({ value, onChange, disabled }: GroupsFieldProps) {
  const { t } = useTranslation();
  const api = useApi();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const found = useQuery({
    queryKey: queryKeys.admin.picker('/groups', debounced.trim()),
    queryFn: ({ signal }) => searchGroups(api, debounced, signal),
    placeholderData: keepPreviousData,
    enabled: !disabled,
  });
  const known = new Map<string, string>();
  for (const group of value) known.set(group.id, group.name);
  for (const group of found.data ?? []) known.set(group.id, group.name);
  const data = [...known].map(([id, name]) => ({ value: id, label: name }));

  return (
    <MultiSelect
      label={t('users.groups')}
      placeholder={value.length === 0 ? t('users.groupsPlaceholder') : undefined}
      data={data}
      value={value.map((g) => g.id)}
      onChange={(ids) => onChange(ids.map((id) => ({ id, name: known.get(id) ?? id })))}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={keepAll}
      nothingFoundMessage={found.isFetching ? t('users.searching') : t('users.noGroups')}
      disabled={disabled}
      clearable
      comboboxProps={{ withinPortal: false }}
    />
  );
}
