import { computePaging } from '@alerta/contract';
import type { FastifyRequest } from 'fastify';
import type { IdentityQuery, Page } from '../store/identity-types.js';
import type { ColumnSpec } from '../store/fields.js';
import type { FieldFilter } from '../store/types.js';
import { checkPageInRange, pageRequest, queryParams } from './alert-params.js';
import { monitorQuery } from './monitor-params.js';

export interface ListSource<T> {
  count(query: IdentityQuery): Promise<number>;
  list(query: IdentityQuery, page: Page): Promise<T[]>;
}

export interface ListOptions {
  columns: Readonly<Record<string, ColumnSpec>>;
  /** Values `status=` may take; empty when the list has no status. */
  statuses: readonly string[];
  /** Filters the caller cannot lift, for example "only my own keys". */
  restrict?: FieldFilter[];
  /** Only rows of these customers (docs/api/customers.md); undefined for all. */
  customers?: readonly string[] | undefined;
}

/**
 * One page of an identity list (keys, users, groups, permissions, customers) with the paging fields of
 * docs/api/conventions.md; `message: "not found"` when nothing matches.
 */
export async function pagedList<T>(
  request: FastifyRequest,
  defaultPageSize: number,
  options: ListOptions,
  source: ListSource<T>,
) {
  const params = queryParams(request.query);
  const query = monitorQuery(params, options.columns, options.statuses, new Date().toISOString());
  query.filters.push(...(options.restrict ?? []));
  query.customers = options.customers;
  const { page, pageSize } = pageRequest(params, defaultPageSize);
  const total = await source.count(query);
  const paging = computePaging(total, page, pageSize);
  checkPageInRange(page, paging.pages);
  const rows = total === 0 ? [] : await source.list(query, { offset: (page - 1) * pageSize, limit: pageSize });
  return {
    envelope: {
      status: 'ok',
      ...(total === 0 ? { message: 'not found' } : {}),
      page: paging.page,
      pageSize: paging.pageSize,
      pages: paging.pages,
      more: paging.more,
    },
    rows,
    total,
  };
}
