import type { Alert, ClientConfig, TokenClaims } from '@alerta/contract';
import { appConfigSchema, type AppConfig } from '../config/appConfig';
import { CLIENT_DEFAULTS } from '../config/defaults';
import type { AlertsFilterParams } from '../shared/alertsApi';
import { mergeConfig } from '../config/merge';

export const API = 'http://api.test';

/** The alert list's filter with nothing chosen but the open and acknowledged alerts of every environment. */
export const OPEN_ALERTS_FILTER: AlertsFilterParams = {
  q: null,
  environment: null,
  status: ['open', 'ack'],
  customer: [],
  service: [],
  group: [],
  text: null,
  dateRange: [null, null],
};

/** The merged config a test runs with: the client defaults, an API at {@link API}, and the test's changes. */
export function testConfig(overrides: ClientConfig = {}): AppConfig {
  return appConfigSchema.parse(
    mergeConfig(
      CLIENT_DEFAULTS,
      {
        endpoint: API,
        auth_required: true,
        alarm_model: { colors: { severity: { critical: 'red', major: 'orange', normal: '#00CC00' } } },
      },
      overrides,
    ),
  );
}

function base64Url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT with the given claims, valid for an hour unless `exp` says otherwise. */
export function makeToken(claims: TokenClaims = {}): string {
  const payload: TokenClaims = {
    sub: 'user-1',
    preferred_username: 'alice@example.com',
    name: 'Alice Example',
    provider: 'basic',
    scope: 'read write',
    exp: Math.floor(Date.now() / 1000) + 3600,
    ...claims,
  };
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(payload)}.signature`;
}

let nextId = 1;

/** A complete alert as GET /alerts returns it. */
export function makeAlert(overrides: Partial<Alert> = {}): Alert {
  const id = overrides.id ?? `00000000-0000-4000-8000-${String(nextId++).padStart(12, '0')}`;
  return {
    id,
    href: `${API}/alert/${id}`,
    resource: 'web01',
    event: 'NodeDown',
    environment: 'Production',
    severity: 'major',
    correlate: [],
    status: 'open',
    service: ['Web', 'Shop'],
    group: 'Misc',
    value: 'down',
    text: 'Node is down',
    tags: [],
    attributes: {},
    origin: 'tests',
    type: 'exceptionAlert',
    createTime: '2026-11-20T10:00:00.000Z',
    timeout: 86400,
    rawData: null,
    customer: null,
    duplicateCount: 3,
    repeat: false,
    previousSeverity: 'indeterminate',
    trendIndication: 'moreSevere',
    receiveTime: '2026-11-20T10:00:00.000Z',
    lastReceiveId: id,
    lastReceiveTime: '2026-11-20T10:05:00.000Z',
    updateTime: '2026-11-20T10:05:00.000Z',
    history: [],
    ...overrides,
  };
}

export function alertsResponse(alerts: Alert[]) {
  return {
    status: 'ok',
    alerts,
    total: alerts.length,
    page: 1,
    pageSize: 20,
    pages: alerts.length > 0 ? 1 : 0,
    more: false,
    severityCounts: {},
    statusCounts: {},
    lastTime: '2026-11-20T10:05:00.000Z',
    autoRefresh: true,
  };
}

export function errorEnvelope(code: number, message: string) {
  return { status: 'error', message, code, errors: null, requestId: 'req-1' };
}

/** A group of GET /alerts/grouped (docs/api/alerts.md#get-alertsgrouped): its counts from `severityCounts`, all open. */
export function makeGroup(key: string | null, severityCounts: Record<string, number>, q: string, extra = {}) {
  const count = Object.values(severityCounts).reduce((a, b) => a + b, 0);
  return {
    key,
    none: key === null,
    count,
    severityCounts,
    statusCounts: { open: count },
    worstSeverity: Object.keys(severityCounts)[0] ?? '',
    lastReceiveTime: '2026-11-20T10:05:00.000Z',
    q,
    ...extra,
  };
}

/** An answer of GET /alerts/grouped by service, one page holding `groups`. */
export function groupedAnswer(groups: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  return {
    status: 'ok',
    groupBy: ['service'],
    groupSort: 'severity',
    total: groups.length,
    page: 1,
    pageSize: 20,
    pages: 1,
    more: false,
    multiValued: [true],
    groups,
    ...extra,
  };
}
