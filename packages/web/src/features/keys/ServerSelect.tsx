import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/queryKeys';

export interface ServerSelectProps {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  /** Names holding the text typed, as the server finds them (a page of them, not the whole list). */
  search: (text: string, signal: AbortSignal) => Promise<string[]>;
  /** Tells this list's answers apart in the query cache. */
  queryKey: string;
  clearable?: boolean;
  clearLabel?: string;
  error?: string | undefined;
  withAsterisk?: boolean;
}

/**
 * A pick list searched on the server as the user types, so that a system with thousands of users or customers never
 * sends them all. The browser does not filter the answer again.
 */
export function ServerSelect(props: ServerSelectProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [debounced] = useDebouncedValue(typed, 250);
  // Right after a pick the search box shows the picked name: the whole list is offered then, not just that name.
  const text = debounced === props.value ? '' : debounced;
  const found = useQuery({
    queryKey: queryKeys.keyChoices(props.queryKey, text),
    queryFn: ({ signal }) => props.search(text, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const names = found.data ?? [];
  const data = props.value === null || names.includes(props.value) ? names : [props.value, ...names];
  return (
    <Select
      label={props.label}
      withAsterisk={props.withAsterisk === true}
      data={data}
      value={props.value}
      onChange={props.onChange}
      searchable
      searchValue={typed}
      onSearchChange={setTyped}
      filter={({ options }) => options}
      allowDeselect={false}
      clearable={props.clearable === true}
      clearButtonProps={{ 'aria-label': props.clearLabel ?? '' }}
      nothingFoundMessage={found.isFetching ? t('admin.loading') : t('keys.nothingFound')}
      error={props.error ?? null}
      comboboxProps={{ withinPortal: false }}
    />
  );
}
