import { accessSync, constants, statSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALARM_MODELS, API_KEY_PATTERN, isValidScope } from '@alerta/contract';
import { z } from 'zod';
import { hawkCredentialsSchema } from './auth/hawk.js';
import { type SamlSetup, readSamlSetup } from './auth/saml-config.js';
import { ldapSettingsProblem } from './auth/ldap-settings.js';
import { type CorsOrigins, CorsOriginsError, parseCorsOrigins } from './http/cors-origins.js';
import {
  type DatabaseTarget,
  bool,
  int,
  json,
  list,
  oneOf,
  optStr,
  parseDatabaseUrl,
  secret,
  str,
} from './settings-parsers.js';

/**
 * Every setting, read from environment variables with Alerta's names (README.md#settings: every setting also
 * through an environment variable of the same name). Values keep those names so the docs and the code read alike.
 */

/** src/ and dist/ both sit directly in packages/server, so the console is two folders up from this file either way. */
const DEFAULT_CONSOLE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'web', 'dist');

const stringRecord = z.record(z.string(), z.union([z.string(), z.number()]));
const ldapDomains = z.record(z.string().min(1), z.string().min(1));
const indicatorQueries = z.array(z.looseObject({ text: z.string(), query: z.unknown() }));

// docs/api/config.md: the defaults of the keys GET /config hands to the console.
const DEFAULT_COLUMNS = [
  'severity',
  'status',
  'lastReceiveTime',
  'timeoutLeft',
  'duplicateCount',
  'customer',
  'environment',
  'service',
  'resource',
  'event',
  'value',
  'text',
];
const DEFAULT_ASI_SEVERITY = ['critical', 'major', 'minor', 'warning', 'indeterminate', 'informational'];
const DEFAULT_ASI_QUERIES: z.infer<typeof indicatorQueries> = [
  { text: 'Production', query: [['environment', 'Production']] },
  { text: 'Development', query: [['environment', 'Development']] },
  { text: 'Heartbeats', query: { q: 'event:Heartbeat' } },
  { text: 'Misc.', query: 'group=Misc' },
];
const DEFAULT_FONT = { 'font-family': '"Sintony", Arial, sans-serif', 'font-size': '13px', 'font-weight': 500 };

const envSchema = z.object({
  PORT: int(8080, 0, 65535),
  HOST: str('0.0.0.0'),
  BASE_PATH: str('/api'),
  BASE_URL: str(''),
  DATA_DIR: str('./data'),
  DATABASE_URL: str(''),
  // README.md#durability: FULL syncs SQLite's log at every commit (an answered alert survives a power loss); NORMAL
  // only at checkpoints (it survives a crash of the process, not of the machine).
  SQLITE_SYNCHRONOUS: oneOf(['FULL', 'NORMAL'], 'FULL'),
  // README.md#durability: seconds to wait for a PostgreSQL connection, and that a statement may run, before the
  // request fails with 503; 0 waits forever.
  DATABASE_CONNECT_TIMEOUT: int(5, 0, 3600),
  DATABASE_QUERY_TIMEOUT: int(30, 0, 86400),
  SECRET_KEY: str(''),
  CONSOLE_DIR: str(''),
  // The API address the console's /config.json names (README.md#settings); empty means BASE_PATH on this server.
  CONSOLE_ENDPOINT: str(''),
  // The server is reached over HTTPS: answers carry Strict-Transport-Security (README.md#settings).
  HSTS_ENABLED: bool(false),
  // Lets the console's scripts run strings as code, for a console built elsewhere that needs it (README.md#settings).
  CONSOLE_UNSAFE_EVAL: bool(false),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
  DEBUG: bool(false),
  DEMO: bool(false),
  MAX_CONTENT_LENGTH: int(1024 * 1024, 1),
  CORS_ORIGINS: list([]),

  // Secure by default: the reference defaults AUTH_REQUIRED to false; we require credentials unless told otherwise.
  AUTH_REQUIRED: bool(true),
  // The providers this server can sign in with; any other is refused at start rather than locking everyone out.
  AUTH_PROVIDER: oneOf(
    [
      'basic',
      'github',
      'openid',
      'keycloak',
      'azure',
      'google',
      'gitlab',
      'cognito',
      'pingfederate',
      'cas',
      'ldap',
      'saml2',
    ],
    'basic',
  ),
  ADMIN_USERS: list([]),
  ADMIN_PASSWORD: str(''),
  // The official container's: an API key with the admin scopes for the first administrator, made at start unless it
  // exists, valid for ADMIN_KEY_MAXAGE seconds (10 years, as there).
  ADMIN_KEY: str(''),
  ADMIN_KEY_MAXAGE: int(315_360_000, 1, 3_153_600_000),
  ADMIN_ROLES: list(['admin']),
  USER_ROLES: list(['user']),
  GUEST_ROLES: list(['guest']),
  USER_DEFAULT_SCOPES: list(['read', 'write']),
  GUEST_DEFAULT_SCOPES: list(['read:alerts']),
  DELETE_SCOPES: list([]),
  ALLOW_READONLY: bool(false),
  READONLY_SCOPES: list(['read']),
  TOKEN_EXPIRE_DAYS: int(14, 1, 3650),
  BCRYPT_LOG_ROUNDS: int(10, 4, 31),
  OAUTH2_CLIENT_ID: str(''),
  CUSTOMER_VIEWS: bool(false),
  // Ours, unlike Alerta's `true`: with AUTH_REQUIRED, an open sign-up would give `read write` to anyone who can reach
  // the port (README.md#where-we-differ-from-the-reference-server).
  SIGNUP_ENABLED: bool(false),
  EMAIL_VERIFICATION: bool(false),
  // docs/api/auth.md#passwords-and-sign-up: email domains users may have ('*' = any); GET /users lists them.
  ALLOWED_EMAIL_DOMAINS: list(['*']),
  // docs/api/scopes.md#the-scope-list: scopes added to GET /scopes and grantable through permissions.
  CUSTOM_SCOPES: list([]),
  // docs/api/auth.md#credentials: the shared keys of Hawk senders, a JSON list of {id, key, algorithm} (sha256 when
  // left out).
  HMAC_AUTH_CREDENTIALS: json(hawkCredentialsSchema, [], 'a list of {id, key, algorithm} with unique ids'),

  ALARM_MODEL: oneOf(['ALERTA', 'ISA_18_2'], 'ALERTA'),
  ALERT_TIMEOUT: int(86400),
  HEARTBEAT_TIMEOUT: int(86400),
  ACK_TIMEOUT: int(0),
  SHELVE_TIMEOUT: int(7200),
  BLACKOUT_DURATION: int(3600),
  HISTORY_LIMIT: int(100, 1),
  // docs/api/ingest.md#history: a duplicate whose value differs from the latest history entry's gets a `value` entry.
  HISTORY_ON_VALUE_CHANGE: bool(true),
  // docs/api/alarm-models.md: overrides the alarm model's previous-severity default (ALERTA `indeterminate`, ISA 18.2
  // `OK`).
  DEFAULT_PREVIOUS_SEVERITY: optStr(),
  // docs/api/management.md#housekeeping, in seconds; `?expired=` and `?info=` (hours) override them per call.
  DELETE_EXPIRED_AFTER: int(7200),
  DELETE_INFO_AFTER: int(43200),
  // Spec README: the built-in housekeeping scheduler, seconds between passes; 0 turns it off.
  HOUSEKEEPING_INTERVAL: int(60),
  DEFAULT_PAGE_SIZE: int(50, 1, 10000),
  // docs/api/stream.md: the live stream, its keep-alive comments and change log (seconds), and its limits.
  STREAM_ENABLED: bool(true),
  STREAM_KEEPALIVE: int(15, 1, 3600),
  STREAM_HISTORY: int(600, 10, 86400),
  STREAM_MAX_PER_USER: int(10, 1, 100000),
  STREAM_MAX_CONNECTIONS: int(2000, 1, 1000000),
  ALLOWED_ENVIRONMENTS: list(['Production', 'Development']),
  DEFAULT_ENVIRONMENT: str('Production'),
  // Our own switch for the reject policy's "service required" rule (docs/api/ingest.md), on as in the reference.
  REQUIRE_SERVICE: bool(true),
  // docs/api/ingest.md `reject`: origins matching one of these patterns (anchored at the start) are refused with 403.
  ORIGIN_BLACKLIST: list([]),
  HEARTBEAT_MAX_LATENCY: int(2000, 0),
  HEARTBEAT_EVENTS: list(['Heartbeat']),
  NOTIFICATION_BLACKOUT: bool(false),
  BLACKOUT_ACCEPT: list([]),

  // GET /config keys (docs/api/config.md).
  COLUMNS: list(DEFAULT_COLUMNS),
  SORT_LIST_BY: list(['severity', 'lastReceiveTime']),
  DEFAULT_FILTER: json(z.record(z.string(), z.unknown()), { status: ['open', 'ack'] }, 'an object'),
  ASI_SEVERITY: list(DEFAULT_ASI_SEVERITY),
  ASI_QUERIES: json(indicatorQueries, DEFAULT_ASI_QUERIES, 'a list of {text, query}'),
  ACTIONS: list([]),
  AUTO_REFRESH_INTERVAL: int(5000, 0),
  SITE_LOGO_URL: str(''),
  GOOGLE_TRACKING_ID: optStr(),
  DEFAULT_FONT: json(stringRecord, DEFAULT_FONT, 'an object of CSS font properties'),
  DEFAULT_AUDIO_FILE: optStr(),
  CLIPBOARD_TEMPLATE: str(''),
  GITHUB_URL: str('https://github.com'),
  GITLAB_URL: str('https://gitlab.com'),
  KEYCLOAK_URL: optStr(),
  KEYCLOAK_REALM: optStr(),
  OIDC_AUTH_URL: optStr(),
  AZURE_TENANT: str('common'),
  AWS_REGION: str('us-east-1'),
  COGNITO_DOMAIN: optStr(),
  PINGFEDERATE_URL: optStr(),

  // Account mail (docs/api/auth.md#passwords-and-sign-up), with the reference's names and defaults.
  MAIL_FROM: str('alerta@example.com'),
  SMTP_HOST: str('smtp.gmail.com'),
  SMTP_PORT: int(587, 1, 65535),
  SMTP_STARTTLS: bool(true),
  SMTP_USE_SSL: bool(false),
  SMTP_USERNAME: str(''),
  SMTP_PASSWORD: str(''),
  // Our own: a PEM file of the CAs that vouch for the mail server's certificate, in place of the system's (a private
  // CA, or a self-signed mail server). The certificate is checked either way.
  SMTP_CA_FILE: str(''),
  // Our own: the shortest password signup, reset and user administration (POST and PUT /user) accept.
  PASSWORD_MIN_LENGTH: int(8, 1, 1024),
  // Our own (README.md#sign-in-limits): failed logins of one login from one client address, and from one address
  // whatever the login, before that pair or address has to wait; how long counts are kept after the latest failure;
  // and the longest wait, which doubles with each failure past the limit. 0 turns a limit off.
  LOGIN_FAILURE_LIMIT: int(5, 0),
  LOGIN_FAILURE_LIMIT_PER_ADDRESS: int(20, 0),
  LOGIN_FAILURE_WINDOW: int(900, 1, 86400),
  LOGIN_DELAY_MAX: int(30, 1, 3600),
  // Our own (README.md#sign-in-limits): sign-ups and password-reset requests per email address and per client address
  // in one hour. 0 turns a limit off.
  SIGNUP_LIMIT_PER_EMAIL: int(3, 0),
  SIGNUP_LIMIT_PER_ADDRESS: int(30, 0),
  PASSWORD_RESET_LIMIT_PER_EMAIL: int(3, 0),
  PASSWORD_RESET_LIMIT_PER_ADDRESS: int(30, 0),

  // Identity providers (docs/api/auth.md#routes): OAuth2 client, OIDC discovery and the claims that carry roles and
  // groups.
  OAUTH2_CLIENT_SECRET: str(''),
  OIDC_ISSUER_URL: optStr(),
  OIDC_LOGOUT_URL: optStr(),
  OIDC_ROLE_CLAIM: str('roles'),
  OIDC_GROUP_CLAIM: str('groups'),
  ALLOWED_OIDC_ROLES: list(['*']),
  ALLOWED_GITHUB_ORGS: list(['*']),
  ALLOWED_GITLAB_GROUPS: list(['*']),
  ALLOWED_KEYCLOAK_ROLES: list(['*']),
  COGNITO_USER_POOL_ID: optStr(),

  // SAML 2 sign-in (docs/api/auth.md#routes /auth/saml), with the reference's names and defaults. SAML2_ENTITY_ID is
  // ours as a service provider (BASE_URL when unset); SAML2_CONFIG names the identity provider (see
  // src/auth/saml-config.ts); the name is filled in from the assertion's attributes, and `groups` is checked against
  // ALLOWED_SAML2_GROUPS.
  SAML2_ENTITY_ID: str(''),
  SAML2_CONFIG: json(z.record(z.string(), z.unknown()), {}, 'an object'),
  SAML2_USER_NAME_FORMAT: str('{givenName} {surname}'),
  SAML2_EMAIL_ATTRIBUTE: str('emailAddress'),
  ALLOWED_SAML2_GROUPS: list(['*']),

  // CAS sign-in (docs/api/auth.md#routes POST /auth/cas): the CAS server's root, the path that validates service
  // tickets, and the attributes that carry roles and groups, with the reference's names and defaults.
  CAS_SERVER: optStr(),
  CAS_VALIDATE_ROUTE: str('/serviceValidate'),
  CAS_ROLE_CLAIM: str('roles'),
  CAS_GROUP_CLAIM: str('groups'),

  // LDAP sign-in (docs/api/auth.md#routes POST /auth/login with AUTH_PROVIDER=ldap), with the reference's names and
  // defaults. LDAP_DOMAINS maps a login's domain to the DN of its users, `%s` or `{}` standing for the username.
  LDAP_URL: optStr(),
  LDAP_DOMAINS: json(ldapDomains, {}, 'an object such as {"example.com": "uid=%s,ou=users,dc=example,dc=com"}'),
  LDAP_DEFAULT_DOMAIN: str(''),
  LDAP_BIND_USERNAME: str(''),
  LDAP_BIND_PASSWORD: secret(),
  LDAP_BASEDN: str(''),
  LDAP_USER_BASEDN: str(''),
  LDAP_USER_FILTER: str(''),
  LDAP_USER_NAME_ATTR: str('cn'),
  LDAP_USER_EMAIL_ATTR: str('mail'),
  LDAP_GROUP_BASEDN: str(''),
  LDAP_GROUP_FILTER: str(''),
  LDAP_GROUP_NAME_ATTR: str('cn'),
  ALLOWED_LDAP_GROUPS: list(['*']),
  LDAP_ALLOW_SELF_SIGNED_CERT: bool(false),
  LDAP_CACERT: str(''),
  // Seconds for connecting and for each operation. The reference waits forever by default; a directory that stops
  // answering must not hold sign-ins open.
  LDAP_TIMEOUT: int(10, 1, 300),

  // Webhooks (docs/webhooks.md#slack, §Telegram). TELEGRAM_TOKEN and DASHBOARD_URL are Alerta's; the others are
  // ours: where the Telegram Bot API is, and Slack's own checks of who posts its actions.
  TELEGRAM_TOKEN: secret(),
  TELEGRAM_API_URL: str('https://api.telegram.org'),
  DASHBOARD_URL: str(''),
  SLACK_VERIFICATION_TOKEN: secret(),
  SLACK_SIGNING_SECRET: secret(),
});

type EnvSettings = z.infer<typeof envSchema>;

export type Settings = Omit<EnvSettings, 'DATABASE_URL' | 'BASE_PATH' | 'BASE_URL' | 'CONSOLE_DIR'> & {
  BASE_PATH: string;
  BASE_URL: string;
  CONSOLE_DIR: string;
  database: DatabaseTarget;
  /** The identity provider and options of SAML2_CONFIG, read at start; null unless AUTH_PROVIDER is saml2. */
  saml2: SamlSetup | null;
  /** CORS_ORIGINS read at start: `*`, exact origins and compiled regular expressions. */
  corsOrigins: CorsOrigins;
};

export class SettingsError extends Error {
  override name = 'SettingsError';
}

function describeValue(value: string | undefined): string {
  if (value === undefined) return '(unset)';
  return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
}

/** Variables whose values never appear in an error message or in /management/properties. */
export const SECRET_VARIABLES: ReadonlySet<string> = new Set([
  'SECRET_KEY',
  'ADMIN_PASSWORD',
  'ADMIN_KEY',
  'DATABASE_URL',
  'SMTP_PASSWORD',
  'OAUTH2_CLIENT_SECRET',
  'HMAC_AUTH_CREDENTIALS',
  'LDAP_BIND_PASSWORD',
  'TELEGRAM_TOKEN',
  'SLACK_VERIFICATION_TOKEN',
  'SLACK_SIGNING_SECRET',
]);

function fail(name: string, env: Readonly<Record<string, string | undefined>>, reason: string): never {
  const shown = SECRET_VARIABLES.has(name) ? '(hidden)' : describeValue(env[name]);
  throw new SettingsError(`Invalid setting ${name}=${shown}: ${reason}`);
}

function isReadableFile(file: string): boolean {
  try {
    accessSync(file, constants.R_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * Reads every setting from an environment-like object. Throws a SettingsError whose message names the variable and
 * its bad value; the caller decides whether that ends the process.
 */
export function loadSettings(env: Readonly<Record<string, string | undefined>>): Settings {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'settings');
    fail(name, env, issue?.message ?? 'invalid value');
  }
  const raw = parsed.data;

  const basePath = `/${raw.BASE_PATH.replace(/^\/+|\/+$/g, '')}`;
  if (basePath === '/' || !/^\/[\w\-./]+$/.test(basePath)) {
    fail('BASE_PATH', env, 'expected a path such as /api');
  }
  const baseUrl = raw.BASE_URL.replace(/\/+$/, '');
  if (baseUrl !== '' && !/^https?:\/\/\S+$/.test(baseUrl)) fail('BASE_URL', env, 'expected an http(s) URL');
  const consoleEndpoint = raw.CONSOLE_ENDPOINT === '' ? basePath : raw.CONSOLE_ENDPOINT.replace(/\/+$/, '');
  if (!/^(\/[^\s?#]*|https?:\/\/[^\s/?#]+(\/[^\s?#]*)?)$/.test(consoleEndpoint)) {
    fail('CONSOLE_ENDPOINT', env, 'expected a path such as /api or an http(s) URL such as https://alerta.example.com');
  }

  let corsOrigins: CorsOrigins;
  try {
    corsOrigins = parseCorsOrigins(raw.CORS_ORIGINS);
  } catch (error) {
    if (error instanceof CorsOriginsError) fail('CORS_ORIGINS', env, error.message);
    throw error;
  }

  const dataDir = resolve(raw.DATA_DIR);
  let database: DatabaseTarget;
  if (raw.DATABASE_URL === '') {
    database = { engine: 'sqlite', file: resolve(dataDir, 'alerta.sqlite') };
  } else {
    const target = parseDatabaseUrl(raw.DATABASE_URL);
    if (target === undefined) {
      fail(
        'DATABASE_URL',
        env,
        'expected postgres://…, postgresql://…, sqlite:<path>, sqlite::memory: or a .sqlite file',
      );
    }
    database =
      target.engine === 'sqlite' && target.file !== ':memory:' && !isAbsolute(target.file)
        ? { engine: 'sqlite', file: resolve(target.file) }
        : target;
  }

  // Checked at start: with AUTH_PROVIDER=saml2 and no IdP to send users to, or no certificate to check its answers
  // with, nobody could sign in. BASE_URL is needed too: the ACS URL and the entity id that assertions are checked
  // against must not come from a request's Host header, which whoever posts the response chooses.
  const saml2: SamlSetup | null =
    raw.AUTH_PROVIDER === 'saml2' ? readSamlSetup(raw.SAML2_CONFIG, (why) => fail('SAML2_CONFIG', env, why)) : null;
  if (saml2 !== null && baseUrl === '') fail('BASE_URL', env, 'needed by AUTH_PROVIDER=saml2');

  // Checked at start: with AUTH_PROVIDER=cas and nowhere to validate tickets, nobody could sign in.
  if (raw.CAS_SERVER !== null && !/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(raw.CAS_SERVER)) {
    fail('CAS_SERVER', env, 'expected an http(s) URL such as https://cas.example.com/cas');
  }
  if (raw.AUTH_PROVIDER === 'cas' && raw.CAS_SERVER === null) fail('CAS_SERVER', env, 'needed by AUTH_PROVIDER=cas');
  if (!/^\/[^\s#]*$/.test(raw.CAS_VALIDATE_ROUTE)) {
    fail('CAS_VALIDATE_ROUTE', env, 'expected a path such as /serviceValidate');
  }
  const ldapProblem = ldapSettingsProblem(raw);
  if (ldapProblem !== undefined) fail(ldapProblem.setting, env, ldapProblem.reason);
  const ldapCaCert = raw.LDAP_CACERT === '' ? '' : resolve(raw.LDAP_CACERT);
  if (ldapCaCert !== '' && !isReadableFile(ldapCaCert)) fail('LDAP_CACERT', env, 'cannot read that file');

  const smtpCaFile = raw.SMTP_CA_FILE === '' ? '' : resolve(raw.SMTP_CA_FILE);
  // Checked at start: a missing file would otherwise show only as failed mail in the log.
  if (smtpCaFile !== '' && !isReadableFile(smtpCaFile)) fail('SMTP_CA_FILE', env, 'cannot read that file');

  // docs/webhooks.md#telegram: replies go to this API; the console links in them start with DASHBOARD_URL.
  if (!/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(raw.TELEGRAM_API_URL)) {
    fail('TELEGRAM_API_URL', env, 'expected an http(s) URL such as https://api.telegram.org');
  }
  if (raw.DASHBOARD_URL !== '' && !/^https?:\/\/\S+$/.test(raw.DASHBOARD_URL)) {
    fail('DASHBOARD_URL', env, 'expected the http(s) URL of the console');
  }
  if (raw.ALLOWED_ENVIRONMENTS.length === 0) fail('ALLOWED_ENVIRONMENTS', env, 'expected at least one environment');
  // docs/api/config.md: the reference refuses to start when DEFAULT_ENVIRONMENT is not allowed.
  if (!raw.ALLOWED_ENVIRONMENTS.includes(raw.DEFAULT_ENVIRONMENT)) {
    fail('DEFAULT_ENVIRONMENT', env, `must be one of ALLOWED_ENVIRONMENTS (${raw.ALLOWED_ENVIRONMENTS.join(', ')})`);
  }
  if (raw.ADMIN_KEY !== '' && !API_KEY_PATTERN.test(raw.ADMIN_KEY)) {
    fail('ADMIN_KEY', env, 'expected 8 to 128 letters, digits or -._~ (a key as POST /key takes it)');
  }
  // docs/api/customers.md: customer views need credentials; an anonymous caller with auth off would see every customer.
  if (raw.CUSTOMER_VIEWS && !raw.AUTH_REQUIRED) fail('CUSTOMER_VIEWS', env, 'needs AUTH_REQUIRED=true');
  const badScope = raw.CUSTOM_SCOPES.find((scope) => !isValidScope(scope));
  if (badScope !== undefined) fail('CUSTOM_SCOPES', env, `'${badScope}' is not (admin|write|read|delete):word(.word)`);
  const severities = Object.keys(ALARM_MODELS[raw.ALARM_MODEL].severity);
  if (raw.DEFAULT_PREVIOUS_SEVERITY !== null && !severities.includes(raw.DEFAULT_PREVIOUS_SEVERITY)) {
    fail('DEFAULT_PREVIOUS_SEVERITY', env, `must be a severity of the alarm model (${severities.join(', ')})`);
  }

  return {
    ...raw,
    DATA_DIR: dataDir,
    BASE_PATH: basePath,
    BASE_URL: baseUrl,
    CONSOLE_DIR: raw.CONSOLE_DIR === '' ? DEFAULT_CONSOLE_DIR : resolve(raw.CONSOLE_DIR),
    CONSOLE_ENDPOINT: consoleEndpoint,
    SMTP_CA_FILE: smtpCaFile,
    LDAP_CACERT: ldapCaCert,
    CAS_SERVER: raw.CAS_SERVER?.replace(/\/+$/, '') ?? null,
    TELEGRAM_API_URL: raw.TELEGRAM_API_URL.replace(/\/+$/, ''),
    DASHBOARD_URL: raw.DASHBOARD_URL.replace(/\/+$/, ''),
    database,
    saml2,
    corsOrigins,
  };
}
