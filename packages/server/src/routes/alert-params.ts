import {
  type AlarmModel,
  ISO_DATE_MESSAGE,
  type QueryFieldTable,
  type QueryNode,
  QueryParseError,
  parseIsoDate,
  parseQuery,
  regexProblem,
} from '@alerta/contract';
import { z } from 'zod';
import { ApiError, badRequest } from '../errors.js';
import { FILTER_FIELDS, filterRegex, isDateField, isSortableField } from '../store/fields.js';
import type { AlertQuery, FieldFilter, SortKey } from '../store/types.js';

const queryStringSchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

/** Query parameters as lists of values, however many times each was given. */
export type QueryParams = Map<string, string[]>;

export function queryParams(raw: unknown): QueryParams {
  const parsed = queryStringSchema.safeParse(raw ?? {});
  if (!parsed.success) throw badRequest('Invalid query string');
  // PostgreSQL cannot store or compare text holding NUL characters.
  if (Object.values(parsed.data).some((v) => [v].flat().some((s) => s.includes('\0')))) {
    throw badRequest('Invalid query string', ['NUL characters are not allowed']);
  }
  return new Map(Object.entries(parsed.data).map(([k, v]) => [k, Array.isArray(v) ? v : [v]]));
}

/** docs/api/alerts.md: parameters that are not field filters. */
const NON_FILTER_PARAMS = new Set([
  '_',
  'callback',
  'token',
  'api-key',
  'q',
  'q.df',
  'id',
  'from-date',
  'to-date',
  'sort-by',
  'group-by',
  'page',
  'page-size',
  'limit',
  'show-raw-data',
  'show-history',
  'show-environments',
]);

const TRUTHY = ['true', 't', '1', 'yes', 'y', 'on'];

export function flag(params: QueryParams, name: string): boolean {
  const value = params.get(name)?.[0];
  return value !== undefined && TRUTHY.includes(value.toLowerCase());
}

function isFilterField(name: string): boolean {
  if (name.startsWith('attributes.')) return name.length > 'attributes.'.length;
  return FILTER_FIELDS.has(name);
}

function dateParam(params: QueryParams, name: string): string | undefined {
  const value = params.get(name)?.[0];
  // docs/api/conventions.md: a bad from-date/to-date is silently ignored, as the reference does.
  return value === undefined ? undefined : parseIsoDate(value)?.toISOString();
}

/** Values the store will run as a regex or compare as dates are checked here, so a bad one is a 400. */
function checkFilterValues(name: string, field: string, values: readonly string[]): void {
  if (values.length > 1 && values.some((v) => v.startsWith('~'))) {
    const problem = regexProblem(filterRegex(values));
    if (problem !== undefined) throw badRequest(`Invalid filter parameter: ${name}`, [problem]);
  }
  if (isDateField(field) && !values.some((v) => v.startsWith('~'))) {
    if (values.some((v) => parseIsoDate(v) === undefined)) throw badRequest(ISO_DATE_MESSAGE);
  }
}

/**
 * docs/api/query-language.md: `q=` ANDed with the filters, terms without a field searching `q.df` (default: the
 * table's, `text` for alerts). A parse error, an unknown field among them, is a 400 giving the position.
 */
export function searchParam(params: QueryParams, fields?: QueryFieldTable): QueryNode | undefined {
  const text = params.get('q')?.[0];
  if (text === undefined || text.trim() === '') return undefined;
  try {
    return parseQuery(text, { defaultField: params.get('q.df')?.[0] || undefined, fields });
  } catch (error) {
    if (error instanceof QueryParseError) throw badRequest('Failed to parse query string.', [error.message]);
    throw error;
  }
}

/**
 * The filter, id, date and sort parts of an alert query (docs/api/alerts.md). `now` is the default `to-date`, which
 * only GET /alerts has.
 */
export function alertQuery(params: QueryParams, model: AlarmModel, now: string | undefined): AlertQuery {
  const filters: FieldFilter[] = [];
  for (const [name, values] of params) {
    if (NON_FILTER_PARAMS.has(name)) continue;
    const negate = name.endsWith('!');
    const field = negate ? name.slice(0, -1) : name;
    if (!isFilterField(field)) throw badRequest(`Invalid filter parameter: ${name}`);
    checkFilterValues(name, field, values);
    filters.push({ field, negate, values });
  }
  const sort: SortKey[] = (params.get('sort-by') ?? []).map((value) => {
    const reverse = value.startsWith('-');
    const field = reverse ? value.slice(1) : value;
    if (!isSortableField(field)) throw badRequest(`Sorting by '${field}' field not supported.`);
    return { field, reverse };
  });
  return {
    filters,
    ids: (params.get('id') ?? []).filter((id) => id.length > 0),
    fromDate: dateParam(params, 'from-date'),
    toDate: dateParam(params, 'to-date') ?? now,
    sort,
    severityCodes: model.severity,
    statusCodes: model.status,
    search: searchParam(params),
  };
}

/**
 * The largest page number and page size: the database takes LIMIT and OFFSET as 64-bit integers, and OFFSET is
 * (page − 1) × page size, so each stays below 2^31 and the product below 2^62.
 */
const MAX_PAGING = 2_147_483_647;

function positiveInt(params: QueryParams, name: string): number | undefined {
  const value = params.get(name)?.[0];
  if (value === undefined || value === '') return undefined;
  if (!/^-?\d+$/.test(value)) throw badRequest(`'${name}' must be an integer`);
  const number = Number(value);
  if (number > MAX_PAGING) throw badRequest(`'${name}' must be at most ${MAX_PAGING}`);
  return number;
}

export interface PageRequest {
  page: number;
  pageSize: number;
}

/** docs/api/conventions.md: `page` (default 1) and `page-size` (or the older `limit`, default DEFAULT_PAGE_SIZE). */
export function pageRequest(params: QueryParams, defaultPageSize: number): PageRequest {
  const page = positiveInt(params, 'page') ?? 1;
  const pageSize = positiveInt(params, 'page-size') ?? positiveInt(params, 'limit') ?? defaultPageSize;
  if (pageSize < 1) throw badRequest("'page-size' must be a positive integer");
  return { page, pageSize };
}

/** docs/api/conventions.md: 416 when page < 1, or beyond the last page while there are results. */
export function checkPageInRange(page: number, pages: number): void {
  if (page < 1 || (pages > 0 && page > pages)) {
    throw new ApiError(416, `page out of range: 1-${Math.max(pages, 1)}`);
  }
}
