import { useCallback, useState } from 'react';

export interface PageState {
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

/**
 * The page of the alert list shown and its size (docs/console/behaviour.md#screens-and-routes "Alerts screen"). A
 * different filter (`filterKey`) starts again at page 1; a new page size does too. The size is the one picked here,
 * else `defaultPageSize` (the user's rows per page). `onChange` runs after each pick, for the screen to note it in
 * the address.
 */
export function usePageState(filterKey: string, defaultPageSize: number, onChange: () => void): PageState {
  const [pageSizeChoice, setPageSizeChoice] = useState<number | null>(null);
  const [pageState, setPageState] = useState({ key: filterKey, page: 1 });
  const page = pageState.key === filterKey ? pageState.page : 1;
  const pageSize = pageSizeChoice ?? defaultPageSize;
  const onPage = useCallback(
    (next: number) => {
      setPageState({ key: filterKey, page: next });
      onChange();
    },
    [filterKey, onChange],
  );
  const onPageSize = useCallback(
    (size: number) => {
      setPageSizeChoice(size);
      setPageState({ key: filterKey, page: 1 });
      onChange();
    },
    [filterKey, onChange],
  );
  return { page, pageSize, onPage, onPageSize };
}
