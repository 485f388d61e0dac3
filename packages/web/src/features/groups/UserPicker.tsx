import { Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api';
import { searchUsers } from '../users';
import { queryKeys } from '../../api/queryKeys';

export interface UserPickerProps {
  /** Users not to offer (already members). */
  exclude: ReadonlySet<string>;
  onPick: (userId: string) => void;
  disabled?: boolean;
}

/**
 * Finds a user to add as the administrator types: the server searches names and logins, one short page at a time, so
 * this works with thousands of users (docs/console/admin-screens.md#groups offered every user in one list).
 */
export function UserPicker({ exclude, onPick, disabled = false }: UserPickerProps) {
  const { t } = useTranslation();
  const api = useApi();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const found = useQuery({
    queryKey: queryKeys.admin.picker('/users', debounced.trim()),
    queryFn: ({ signal }) => searchUsers(api, debounced, signal),
    placeholderData: keepPreviousData,
    enabled: combobox.dropdownOpened,
  });
  const users = (found.data ?? []).filter((u) => !exclude.has(u.id));

  return (
    <Combobox
      store={combobox}
      withinPortal={false}
      onOptionSubmit={(id) => {
        onPick(id);
        setSearch('');
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target withExpandedAttribute>
        <TextInput
          label={t('groups.addUser')}
          placeholder={t('groups.addUserHint')}
          data-autofocus
          disabled={disabled}
          value={search}
          rightSection={found.isFetching ? <Loader size={16} /> : null}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onClick={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options>
          {users.length === 0 ? (
            <Combobox.Empty>{found.isFetching ? t('groups.searching') : t('groups.noUsersFound')}</Combobox.Empty>
          ) : (
            users.map((u) => (
              <Combobox.Option value={u.id} key={u.id}>
                <Text size="sm" span>
                  {u.name === '' ? u.login : u.name}
                </Text>{' '}
                <Text size="xs" c="dimmed" span>
                  {u.email ?? u.login}
                </Text>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
