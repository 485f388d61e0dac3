import type { QueryNode, Trend } from '@alerta/contract';

// The records and queries the store's interfaces pass around; they name nothing else of the store.

/** An alert as stored, without its history (docs/api/alerts.md Alert object minus href and history). */
export interface AlertRecord {
  id: string;
  resource: string;
  event: string;
  environment: string;
  severity: string;
  correlate: string[];
  status: string;
  service: string[];
  group: string;
  value: string | null;
  text: string;
  tags: string[];
  attributes: Record<string, unknown>;
  origin: string;
  type: string;
  createTime: string;
  timeout: number;
  rawData: string | null;
  customer: string | null;
  duplicateCount: number;
  repeat: boolean;
  previousSeverity: string;
  trendIndication: Trend;
  receiveTime: string;
  lastReceiveId: string;
  lastReceiveTime: string;
  updateTime: string | null;
}

/** One history entry (docs/api/alerts.md), without href. */
export interface HistoryRecord {
  id: string;
  event: string;
  severity: string | null;
  status: string | null;
  value: string | null;
  text: string | null;
  type: string;
  updateTime: string;
  user: string | null;
  timeout: number | null;
}

export interface UserRecord {
  id: string;
  name: string;
  login: string;
  email: string | null;
  /** bcrypt hash. */
  password: string;
  status: string;
  roles: string[];
  attributes: Record<string, unknown>;
  createTime: string;
  lastLogin: string | null;
  text: string;
  updateTime: string | null;
  emailVerified: boolean;
}

export interface IngestKey {
  environment: string;
  resource: string;
  event: string;
  severity: string;
  customer: string | null;
}

/** A field filter of docs/api/alerts.md: `field=v`, `field!=v`, several values, `~` for substring. */
export interface FieldFilter {
  field: string;
  negate: boolean;
  values: string[];
}

export interface SortKey {
  field: string;
  /** The `-` prefix: the opposite of the field's natural direction. */
  reverse: boolean;
}

export interface AlertQuery {
  filters: FieldFilter[];
  /** Prefixes of id or lastReceiveId (docs/api/alerts.md `id`). */
  ids: string[];
  fromDate: string | undefined;
  toDate: string | undefined;
  sort: SortKey[];
  /** Severity name → code and status name → letter, for sorting by model order. */
  severityCodes: Readonly<Record<string, number>>;
  statusCodes: Readonly<Record<string, string>>;
  /** A parsed `q=` (docs/api/query-language.md), ANDed with the rest. */
  search?: QueryNode | undefined;
  /**
   * docs/api/customers.md: only alerts of these customers (an alert without a customer is none of them); undefined for
   * all.
   */
  customers?: readonly string[] | undefined;
}

/** A query with no conditions: every alert, or every alert of `customers` whose id starts with one of `ids`. */
export function anyAlertQuery(customers?: readonly string[], ids: string[] = []): AlertQuery {
  return {
    filters: [],
    ids,
    fromDate: undefined,
    toDate: undefined,
    sort: [],
    severityCodes: {},
    statusCodes: {},
    customers,
  };
}

/** List parameters of GET /heartbeats and GET /blackouts: field filters, computed statuses, sort keys. */
export interface MonitorQuery {
  filters: FieldFilter[];
  statuses: string[];
  sort: SortKey[];
  /** The moment statuses are computed for. */
  now: string;
  /** A parsed `q=` over the list's own fields, ANDed with the rest (GET /heartbeats and GET /blackouts only). */
  search?: QueryNode | undefined;
  /** docs/api/customers.md: only rows of these customers (heartbeats, blackouts, keys); undefined for all. */
  customers?: readonly string[] | undefined;
}

/** A blackout as stored (docs/api/blackouts.md), without status and remaining. */
export interface BlackoutRecord {
  id: string;
  priority: number;
  environment: string;
  service: string[];
  resource: string | null;
  event: string | null;
  group: string | null;
  tags: string[];
  origin: string | null;
  customer: string | null;
  startTime: string;
  endTime: string;
  duration: number;
  user: string | null;
  createTime: string;
  text: string;
}
