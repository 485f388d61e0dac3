import type { QueryField } from './ast.js';

/**
 * Fields a query may name (docs/api/query-language.md), by API name. The reference accepts only column names; we accept
 * the API's camelCase names and the snake_case column names (README.md#where-we-differ-from-the-reference-server).
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

/** The fields one kind of record offers to `q=`. */
export interface QueryFieldTable {
  /** API names (camelCase); their snake_case spellings are accepted too. */
  readonly names: readonly string[];
  /** Whether the record has attributes, so `attributes.key:`, `_.key:` and `_exists_:key` may be used. */
  readonly attributes: boolean;
  /** The field of terms that name none when `q.df` is absent. */
  readonly defaultField: string;
}

export const ALERT_QUERY_FIELDS: QueryFieldTable = { names: QUERY_FIELD_NAMES, attributes: true, defaultField: 'text' };

/**
 * The stored fields of a blackout (docs/api/blackouts.md); `status` and `remaining` are computed and have their own
 * parameters.
 */
export const BLACKOUT_QUERY_FIELDS: QueryFieldTable = {
  names: [
    'id',
    'priority',
    'environment',
    'service',
    'resource',
    'event',
    'group',
    'tags',
    'origin',
    'customer',
    'startTime',
    'endTime',
    'duration',
    'user',
    'createTime',
    'text',
  ],
  attributes: false,
  defaultField: 'text',
};

/**
 * The fields of a heartbeat (docs/api/heartbeats.md#status); `since` is its age in whole seconds. Heartbeats have no
 * text, so a bare term searches the origin.
 */
export const HEARTBEAT_QUERY_FIELDS: QueryFieldTable = {
  names: ['id', 'origin', 'tags', 'type', 'createTime', 'timeout', 'receiveTime', 'customer', 'latency', 'since'],
  attributes: true,
  defaultField: 'origin',
};

const snakeCase = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const spellings = new WeakMap<QueryFieldTable, ReadonlyMap<string, string>>();

function spellingsOf(table: QueryFieldTable): ReadonlyMap<string, string> {
  let map = spellings.get(table);
  if (map === undefined) {
    map = new Map([
      ...table.names.map((name) => [name, name] as const),
      ...table.names.map((name) => [snakeCase(name), name] as const),
      // `tag` is the filter parameter's name for the list (docs/api/alerts.md).
      ...(table.names.includes('tags') ? [['tag', 'tags'] as const] : []),
    ]);
    spellings.set(table, map);
  }
  return map;
}

/** `attributes.key` and `_.key` name an attribute where the record has them; anything else must be in the table. */
export function resolveQueryField(
  spelling: string,
  table: QueryFieldTable = ALERT_QUERY_FIELDS,
): QueryField | undefined {
  for (const prefix of ['attributes.', '_.']) {
    if (spelling.startsWith(prefix) && spelling.length > prefix.length) {
      return table.attributes ? { kind: 'attribute', key: spelling.slice(prefix.length) } : undefined;
    }
  }
  const name = spellingsOf(table).get(spelling);
  return name === undefined ? undefined : { kind: 'column', name };
}
