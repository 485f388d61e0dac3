import type { ClientConfig } from '@alerta/contract';

/**
 * Where the API is looked for when config.json names no endpoint (docs/console/behaviour.md#who-it-is-for,
 * docs/console/plumbing.md#config-loading).
 */
export const FALLBACK_ENDPOINT = 'http://localhost:8080';

/**
 * The console's own defaults (docs/console/plumbing.md#console-defaults), used for any key that neither GET /config nor
 * config.json sets. `filter.status` follows the server default so a bare server still shows open and acknowledged
 * alerts.
 */
export const CLIENT_DEFAULTS = {
  endpoint: FALLBACK_ENDPOINT,
  alarm_model: {},
  auth_required: true,
  allow_readonly: false,
  readonly_scopes: ['read'],
  provider: 'basic',
  customer_views: false,
  signup_enabled: true,
  email_verification: false,
  client_id: null,
  github_url: 'https://github.com',
  gitlab_url: 'https://gitlab.com',
  keycloak_realm: null,
  keycloak_url: null,
  pingfederate_url: null,
  site_logo_url: '',
  severity: {},
  colors: {},
  clipboard_template: '',
  timeouts: {},
  blackouts: {},
  dates: {
    longDate: 'ddd D MMM, YYYY HH:mm:ss.SSS Z',
    mediumDate: 'ddd D MMM HH:mm',
    shortTime: 'HH:mm',
  },
  font: { 'font-family': '"Sintony", Arial, sans-serif', 'font-size': '13px', 'font-weight': 500 },
  audio: {},
  columns: [],
  sort_by: ['severity', 'lastReceiveTime'],
  actions: [],
  filter: { status: ['open', 'ack'] },
  tracking_id: null,
  refresh_interval: 5000,
  environments: [],
} satisfies ClientConfig;

/** Documentation opened by the Help entry and the /help route (docs/console/plumbing.md#routes). */
export const DOCS_URL = 'https://docs.alerta.io/?utm_source=app';
