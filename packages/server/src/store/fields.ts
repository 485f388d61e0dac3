// Which API fields each list filters and sorts by, and the column behind each. Route parameters are checked against
// these before a query reaches the store, and the store's queries read the same tables, so both always agree.

/** How an API field of a heartbeat or blackout list is stored. */
export interface ColumnSpec {
  column: string;
  /**
   * `attributes`: filters named `attributes.<key>` compare the text of that key. `age`: whole seconds from the date
   * in `column` to the query's moment (a heartbeat's `since`).
   */
  kind: 'text' | 'list' | 'int' | 'date' | 'attributes' | 'age';
}

/** The column spec of a filter or sort field; `attributes.<key>` uses the `attributes` entry. */
export function columnFor(columns: Readonly<Record<string, ColumnSpec>>, field: string): ColumnSpec | undefined {
  if (field.startsWith('attributes.') && field.length > 11) {
    const spec = columns.attributes;
    return spec?.kind === 'attributes' ? spec : undefined;
  }
  // Only the table's own fields: a query parameter named `valueOf` or `__proto__` is no column.
  const spec = Object.hasOwn(columns, field) ? columns[field] : undefined;
  return spec?.kind === 'attributes' ? undefined : spec;
}

/** Filter and sort fields of GET /users (docs/api/identity.md); `status` is handled as the query's statuses. */
export const USER_COLUMNS: Readonly<Record<string, ColumnSpec>> = {
  id: { column: 'id', kind: 'text' },
  name: { column: 'name', kind: 'text' },
  login: { column: 'login', kind: 'text' },
  email: { column: 'email', kind: 'text' },
  role: { column: 'roles', kind: 'list' },
  roles: { column: 'roles', kind: 'list' },
  attributes: { column: 'attributes', kind: 'attributes' },
  createTime: { column: 'create_time', kind: 'date' },
  lastLogin: { column: 'last_login', kind: 'date' },
  text: { column: 'text', kind: 'text' },
  updateTime: { column: 'update_time', kind: 'date' },
  // Matched by hand in where(): the part of the email after `@`, and a boolean.
  domain: { column: 'email', kind: 'text' },
  email_verified: { column: 'email_verified', kind: 'text' },
};

/** Filter and sort fields of GET /groups. */
export const GROUP_COLUMNS: Readonly<Record<string, ColumnSpec>> = {
  id: { column: 'id', kind: 'text' },
  name: { column: 'name', kind: 'text' },
  text: { column: 'text', kind: 'text' },
};

/**
 * Filter and sort fields of GET /perms; the reference's filter is `scope`, so `scopes` is refused
 * (docs/api/identity.md).
 */
export const PERMISSION_COLUMNS: Readonly<Record<string, ColumnSpec>> = {
  id: { column: 'id', kind: 'text' },
  match: { column: 'match', kind: 'text' },
  scope: { column: 'scopes', kind: 'list' },
};

/** Filter and sort fields of GET /customers. */
export const CUSTOMER_COLUMNS: Readonly<Record<string, ColumnSpec>> = {
  id: { column: 'id', kind: 'text' },
  match: { column: 'match', kind: 'text' },
  customer: { column: 'customer', kind: 'text' },
};

/** Filter and sort fields of GET /keys (docs/api/keys.md). */
export const KEY_COLUMNS: Readonly<Record<string, ColumnSpec>> = {
  id: { column: 'id', kind: 'text' },
  key: { column: 'key', kind: 'text' },
  user: { column: 'user', kind: 'text' },
  scope: { column: 'scopes', kind: 'list' },
  scopes: { column: 'scopes', kind: 'list' },
  text: { column: 'text', kind: 'text' },
  expireTime: { column: 'expire_time', kind: 'date' },
  count: { column: 'count', kind: 'int' },
  lastUsedTime: { column: 'last_used_time', kind: 'date' },
  customer: { column: 'customer', kind: 'text' },
  // Computed from the scopes, so matched by hand in where().
  type: { column: 'scopes', kind: 'text' },
};

/** GET /heartbeats filter and sort fields (docs/api/heartbeats.md#routes). */
export const HEARTBEAT_COLUMNS: Readonly<Record<string, ColumnSpec>> = {
  id: { column: 'id', kind: 'text' },
  origin: { column: 'origin', kind: 'text' },
  tag: { column: 'tags', kind: 'list' },
  tags: { column: 'tags', kind: 'list' },
  type: { column: 'type', kind: 'text' },
  createTime: { column: 'create_time', kind: 'date' },
  timeout: { column: 'timeout', kind: 'int' },
  receiveTime: { column: 'receive_time', kind: 'date' },
  customer: { column: 'customer', kind: 'text' },
  latency: { column: 'latency', kind: 'int' },
  attributes: { column: 'attributes', kind: 'attributes' },
  since: { column: 'receive_time', kind: 'age' },
};

/** GET /blackouts filter and sort fields (docs/api/blackouts.md#routes). */
export const BLACKOUT_COLUMNS: Readonly<Record<string, ColumnSpec>> = {
  id: { column: 'id', kind: 'text' },
  priority: { column: 'priority', kind: 'int' },
  environment: { column: 'environment', kind: 'text' },
  service: { column: 'service', kind: 'list' },
  resource: { column: 'resource', kind: 'text' },
  event: { column: 'event', kind: 'text' },
  group: { column: 'group', kind: 'text' },
  tag: { column: 'tags', kind: 'list' },
  tags: { column: 'tags', kind: 'list' },
  origin: { column: 'origin', kind: 'text' },
  customer: { column: 'customer', kind: 'text' },
  startTime: { column: 'start_time', kind: 'date' },
  endTime: { column: 'end_time', kind: 'date' },
  duration: { column: 'duration', kind: 'int' },
  user: { column: 'user', kind: 'text' },
  createTime: { column: 'create_time', kind: 'date' },
  text: { column: 'text', kind: 'text' },
};

/** API field name → column, for the scalar fields that filter and sort as plain values. */
export const SCALAR_COLUMNS: Readonly<Record<string, string>> = {
  resource: 'resource',
  event: 'event',
  environment: 'environment',
  severity: 'severity',
  status: 'status',
  group: 'group',
  value: 'value',
  text: 'text',
  origin: 'origin',
  type: 'type',
  rawData: 'raw_data',
  customer: 'customer',
  previousSeverity: 'previous_severity',
  trendIndication: 'trend_indication',
  lastReceiveId: 'last_receive_id',
};
export const NUMBER_COLUMNS: Readonly<Record<string, string>> = {
  timeout: 'timeout',
  duplicateCount: 'duplicate_count',
};
export const DATE_COLUMNS: Readonly<Record<string, string>> = {
  createTime: 'create_time',
  receiveTime: 'receive_time',
  lastReceiveTime: 'last_receive_time',
  updateTime: 'update_time',
};
export const LIST_COLUMNS: Readonly<Record<string, string>> = {
  service: 'service',
  tag: 'tags',
  correlate: 'correlate',
};

/** docs/api/alerts.md: the filterable fields (besides `attributes.<key>`). */
export const FILTER_FIELDS: ReadonlySet<string> = new Set([
  ...Object.keys(SCALAR_COLUMNS),
  ...Object.keys(NUMBER_COLUMNS),
  ...Object.keys(DATE_COLUMNS),
  ...Object.keys(LIST_COLUMNS),
  'repeat',
]);

export const isDateField = (field: string): boolean => field in DATE_COLUMNS;

/** docs/api/alerts.md: sortable fields are the filter fields except `tag`, plus `tags` and `attributes.<key>`. */
export function isSortableField(field: string): boolean {
  if (field.startsWith('attributes.')) return field.length > 'attributes.'.length;
  if (field === 'tag') return false;
  return field === 'tags' || FILTER_FIELDS.has(field);
}

/** docs/api/alerts.md: dates sort newest first unless reversed; everything else ascending. */
export const NATURALLY_DESCENDING = new Set(Object.keys(DATE_COLUMNS));

/** The `~` values of a filter, without their `~`, joined as one regex alternation (docs/api/alerts.md). */
export function filterRegex(values: readonly string[]): string {
  return values.map((v) => (v.startsWith('~') ? v.slice(1) : v)).join('|');
}

/** Fields a top-N list may group by (`group-by`): the plain text fields. */
export const TOP_GROUP_FIELDS: ReadonlySet<string> = new Set(Object.keys(SCALAR_COLUMNS));

/**
 * How GET /alerts/grouped and GET /alerts/facets read a field (docs/api/alerts.md#get-alertsgrouped): a text column,
 * a list column whose every value makes a group of its own, or the text of one attribute.
 */
export type GroupSource =
  { kind: 'column'; column: string } | { kind: 'list'; column: string } | { kind: 'attribute'; key: string };

const GROUP_SOURCES: Readonly<Record<string, GroupSource>> = {
  environment: { kind: 'column', column: 'environment' },
  service: { kind: 'list', column: 'service' },
  resource: { kind: 'column', column: 'resource' },
  event: { kind: 'column', column: 'event' },
  group: { kind: 'column', column: 'group' },
  origin: { kind: 'column', column: 'origin' },
  customer: { kind: 'column', column: 'customer' },
  severity: { kind: 'column', column: 'severity' },
  status: { kind: 'column', column: 'status' },
  tag: { kind: 'list', column: 'tags' },
};

/** The fields `group-by` and `fields` take, besides `attribute.<name>` (grouping only). */
export const GROUP_FIELDS: readonly string[] = Object.keys(GROUP_SOURCES);

/** docs/api/alerts.md#get-alertsgrouped: `attribute.<name>`, the name of letters, digits, `_`, `-` and `.`. */
export const ATTRIBUTE_GROUP_PREFIX = 'attribute.';
const ATTRIBUTE_GROUP_NAME = /^[A-Za-z0-9_.-]+$/;

/** How a grouping field is read, or undefined for a field that cannot be grouped by (or a bad attribute name). */
export function groupSource(field: string): GroupSource | undefined {
  if (field.startsWith(ATTRIBUTE_GROUP_PREFIX)) {
    const key = field.slice(ATTRIBUTE_GROUP_PREFIX.length);
    return ATTRIBUTE_GROUP_NAME.test(key) ? { kind: 'attribute', key } : undefined;
  }
  return Object.hasOwn(GROUP_SOURCES, field) ? GROUP_SOURCES[field] : undefined;
}
