import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod/mini';
import { ApiError, ResponseShapeError, useApi, type Query } from '../../api';
import { queryKeys } from '../../api/queryKeys';

/** Page sizes of the administration lists (docs/console/admin-screens.md: 10 to 50, 20 by default). */
export const ADMIN_PAGE_SIZES = [10, 20, 30, 40, 50] as const;
const ADMIN_DEFAULT_PAGE_SIZE = 20;

/** The query-cache key of every administration list, so a change anywhere can reload them. */

export interface SortState {
  field: string;
  descending: boolean;
}

/** What a list screen asks the server for: the page, the order and its filters. */
export interface ListState {
  page: number;
  pageSize: number;
  sort: SortState | null;
}

export interface ListPage<T> {
  rows: readonly T[];
  /** Rows matching the filters, over all pages. */
  total: number;
}

/**
 * The total of every list answer (docs/api/conventions.md). A stock Alerta leaves `total` out of some lists; the rows
 * on the page then count as the total.
 */
const pageSchema = z.looseObject({ total: z.optional(z.number()) });

/**
 * `sort-by` as the API takes it: a leading minus sorts descending. The fields in `newestFirst` are dates the server
 * sorts newest first when named without a minus (docs/api/alerts.md), so for them the minus means oldest first.
 */
export function sortParam(sort: SortState | null, newestFirst: readonly string[] = []): string | undefined {
  if (sort === null) return undefined;
  const minus = newestFirst.includes(sort.field) ? !sort.descending : sort.descending;
  return minus ? `-${sort.field}` : sort.field;
}

/**
 * A substring search on one field, the way the list endpoints take it (docs/api/README.md: `field=~text`). Empty text
 * asks for nothing.
 */
export function searchParam(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : `~${trimmed}`;
}

export interface AdminListOptions<T> {
  /** The list endpoint, e.g. `/users`. */
  path: string;
  /** The answer's key holding the rows, e.g. `users`. */
  rowsKey: string;
  row: z.ZodMiniType<T>;
  state: ListState;
  /** Filters and search, added to the paging and order. */
  filters: Query;
  enabled?: boolean;
  /** Date fields the server sorts newest first without a minus (e.g. `startTime`), see {@link sortParam}. */
  newestFirst?: readonly string[];
}

/**
 * One page of an administration list, asked of the server so the list stays fast with thousands of rows
 * (docs/console/predecessor.md#what-users-asked-for: the predecessor fetched only the first 50 and paged in the
 * browser). The last page shown stays up while
 * the next one loads.
 */
export function useAdminList<T>({
  path,
  rowsKey,
  row,
  state,
  filters,
  enabled = true,
  newestFirst,
}: AdminListOptions<T>) {
  const api = useApi();
  const query: Query = {
    ...filters,
    page: state.page,
    'page-size': state.pageSize,
    'sort-by': sortParam(state.sort, newestFirst),
  };
  const rowsSchema = z.optional(z.array(row));
  return useQuery({
    queryKey: queryKeys.admin.list(path, query),
    queryFn: async ({ signal }): Promise<ListPage<T>> => {
      const answer = await api.request(path, { query, signal, schema: pageSchema });
      const parsed = rowsSchema.safeParse((answer as Record<string, unknown>)[rowsKey]);
      if (!parsed.success) throw new ResponseShapeError(path, parsed.error);
      const rows = parsed.data ?? [];
      return { rows, total: answer.total ?? rows.length };
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * Paging and order of a list, back on the first page whenever its filters (`filtersKey`, their text) change.
 */
function useListState(initialSort: SortState | null, filtersKey: string) {
  const [state, setState] = useState<ListState>({
    page: 1,
    pageSize: ADMIN_DEFAULT_PAGE_SIZE,
    sort: initialSort,
  });
  const [seenFilters, setSeenFilters] = useState(filtersKey);
  if (seenFilters !== filtersKey) {
    setSeenFilters(filtersKey);
    setState((s) => ({ ...s, page: 1 }));
  }
  const setPage = useCallback((page: number) => setState((s) => ({ ...s, page })), []);
  const setPageSize = useCallback((pageSize: number) => setState((s) => ({ ...s, pageSize, page: 1 })), []);
  const setSort = useCallback((sort: SortState | null) => setState((s) => ({ ...s, sort, page: 1 })), []);
  return { state, setPage, setPageSize, setSort };
}

/**
 * A list screen's page of rows with its paging and order ({@link useListState}), back on the first page when the
 * filters change or the page asked for is past the end.
 */
export function usePagedAdminList<T>(initialSort: SortState | null, options: Omit<AdminListOptions<T>, 'state'>) {
  const list = useListState(initialSort, JSON.stringify(options.filters));
  const query = useAdminList({ ...options, state: list.state });
  useFirstPageWhenOutOfRange(query.error, list.setPage);
  return { list, query };
}

/** Back to the first page when the server says the page asked for is past the end (docs/api/conventions.md: 416). */
function useFirstPageWhenOutOfRange(error: unknown, setPage: (page: number) => void): void {
  const outOfRange = error instanceof ApiError && error.status === 416;
  useEffect(() => {
    if (outOfRange) setPage(1);
  }, [outOfRange, setPage]);
}

/** Reloads every administration list (after a change that may show in several). */
export function useReloadAdminLists(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }), [queryClient]);
}
