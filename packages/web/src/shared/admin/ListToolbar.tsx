import { ActionIcon, Button, Group, NativeSelect, TextInput, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PlusIcon, SearchIcon } from '../adminIcons';

export interface SearchField {
  value: string;
  label: string;
}

export interface ListToolbarProps {
  title: string;
  /** Filters shown between the title and the search box (status toggles, pickers). */
  children?: ReactNode;
  search: string;
  onSearch: (text: string) => void;
  /** Fields the search may look in; a choice appears when there are several. */
  searchFields?: readonly SearchField[];
  searchField?: string;
  onSearchField?: (field: string) => void;
  /** The add button's label; no button without it. */
  addLabel?: string;
  onAdd?: () => void;
}

/** The head of an administration list: its title, its filters, a search box and the button that adds a row. */
export function ListToolbar(props: ListToolbarProps) {
  const { t } = useTranslation();
  const fields = props.searchFields ?? [];
  return (
    <Group justify="space-between" align="flex-end" gap="sm" mb="sm">
      <Group align="flex-end" gap="md">
        <Title order={1} size="h2">
          {props.title}
        </Title>
        {props.children}
      </Group>
      <Group align="flex-end" gap="xs">
        {fields.length > 1 && (
          <NativeSelect
            label={t('admin.searchIn')}
            data={fields.map((f) => ({ value: f.value, label: f.label }))}
            value={props.searchField}
            onChange={(event) => props.onSearchField?.(event.currentTarget.value)}
          />
        )}
        <TextInput
          type="search"
          label={t('admin.search')}
          leftSection={<SearchIcon />}
          value={props.search}
          onChange={(event) => props.onSearch(event.currentTarget.value)}
          rightSection={
            props.search === '' ? null : (
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-label={t('admin.clearSearch')}
                onClick={() => props.onSearch('')}
              >
                ×
              </ActionIcon>
            )
          }
        />
        {props.addLabel !== undefined && (
          <Button leftSection={<PlusIcon />} onClick={props.onAdd}>
            {props.addLabel}
          </Button>
        )}
      </Group>
    </Group>
  );
}
