import type { QueryField } from './ast.js';

/**
 * Fields a query may name (api.md §8), by API name. The reference accepts only column names; we accept the API's
 * camelCase names and the snake_case column names (spec README, decisions).
 */
export const QUERY_FIELD_NAMES: readonly string[] = [
  'id',
  'resource',
  'event',
  'environment',
  'severity',
  'correlate',
  'status',
  'service',
  'group',
  'value',
  'text',
  'tags',
  'origin',
  'type',
  'customer',
  'duplicateCount',
  'repeat',
  'timeout',
  'createTime',
  'receiveTime',
  'lastReceiveTime',
  'updateTime',
  'previousSeverity',
  'trendIndication',
  'lastReceiveId',
  'rawData',
];

const snakeCase = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const BY_SPELLING: ReadonlyMap<string, string> = new Map([
  ...QUERY_FIELD_NAMES.map((name) => [name, name] as const),
  ...QUERY_FIELD_NAMES.map((name) => [snakeCase(name), name] as const),
  ['tag', 'tags'],
]);

/** `attributes.key` and `_.key` name an attribute; anything else must be a known field. */
export function resolveQueryField(spelling: string): QueryField | undefined {
  for (const prefix of ['attributes.', '_.']) {
    if (spelling.startsWith(prefix) && spelling.length > prefix.length) {
      return { kind: 'attribute', key: spelling.slice(prefix.length) };
    }
  }
  const name = BY_SPELLING.get(spelling);
  return name === undefined ? undefined : { kind: 'column', name };
}
