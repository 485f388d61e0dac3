import { ISO_DATE_MESSAGE, type QueryFieldTable, parseIsoDate } from '@alerta/contract';
import { badRequest } from '../errors.js';
import { type ColumnSpec, columnFor } from '../store/fields.js';
import type { FieldFilter, MonitorQuery, SortKey } from '../store/types.js';
import { type QueryParams, searchParam } from './alert-params.js';

const INT_MAX = 2_147_483_647;

// docs/api/alerts.md parameters that are never field filters; `status` is handled on its own. Lists without a `q=`
// table ignore `q` and `q.df`, as the reference does.
const NON_FILTER_PARAMS = new Set([
  '_',
  'callback',
  'token',
  'api-key',
  'q',
  'q.df',
  'sort-by',
  'page',
  'page-size',
  'limit',
]);

/**
 * Field filters, `status=` values and sort keys of GET /heartbeats, GET /blackouts and the identity lists; with a
 * field table, `q=` too (docs/api/blackouts.md#routes, docs/api/query-language.md).
 */
export function monitorQuery(
  params: QueryParams,
  columns: Readonly<Record<string, ColumnSpec>>,
  statuses: readonly string[],
  now: string,
  searchFields?: QueryFieldTable,
): MonitorQuery {
  const filters: FieldFilter[] = [];
  let wanted: string[] = [];
  for (const [name, values] of params) {
    if (NON_FILTER_PARAMS.has(name)) continue;
    if (name === 'status') {
      const unknown = values.find((v) => !statuses.includes(v));
      if (unknown !== undefined) throw badRequest(`Invalid status '${unknown}': must be one of ${statuses.join(', ')}`);
      wanted = values;
      continue;
    }
    const negate = name.endsWith('!');
    const field = negate ? name.slice(0, -1) : name;
    const spec = columnFor(columns, field);
    if (spec === undefined) throw badRequest(`Invalid filter parameter: ${name}`);
    if ((spec.kind === 'int' || spec.kind === 'age') && values.some((v) => !/^-?\d+$/.test(v)))
      throw badRequest(`'${field}' must be an integer`);
    // Dates are compared as dates (PostgreSQL refuses any other text for them), so each value must be one.
    if (spec.kind === 'date' && values.some((v) => parseIsoDate(v) === undefined)) throw badRequest(ISO_DATE_MESSAGE);
    // The columns are 32-bit integers, and `since` counts seconds back from now.
    if ((spec.kind === 'int' || spec.kind === 'age') && values.some((v) => Math.abs(Number(v)) > INT_MAX))
      throw badRequest(`'${field}' must be between -${INT_MAX} and ${INT_MAX}`);
    filters.push({ field, negate, values });
  }
  const sort: SortKey[] = (params.get('sort-by') ?? []).map((value) => {
    const reverse = value.startsWith('-');
    const field = reverse ? value.slice(1) : value;
    if (columnFor(columns, field) === undefined) throw badRequest(`Sorting by '${field}' field not supported.`);
    return { field, reverse };
  });
  const search = searchFields === undefined ? undefined : searchParam(params, searchFields);
  return { filters, statuses: wanted, sort, now, search };
}
