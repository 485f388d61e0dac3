import { STREAM_PATH, alarmModelConfig } from '@alerta/contract';
import type { FastifyInstance } from 'fastify';
import { discoveredEndpoint } from '../auth/oidc.js';
import type { AppContext } from '../context.js';

/** docs/api/config.md: the client configuration, every key. */
function clientConfig(context: AppContext, endpoint: string, oidcAuthUrl: string | null): Record<string, unknown> {
  const s = context.settings;
  const alarmModel = alarmModelConfig(context.model);
  return {
    debug: s.DEBUG,
    endpoint,
    alarm_model: alarmModel,
    auth_required: s.AUTH_REQUIRED,
    allow_readonly: s.ALLOW_READONLY,
    readonly_scopes: s.READONLY_SCOPES,
    provider: s.AUTH_PROVIDER,
    customer_views: s.CUSTOMER_VIEWS,
    signup_enabled: s.AUTH_PROVIDER === 'basic' ? s.SIGNUP_ENABLED : false,
    email_verification: s.EMAIL_VERIFICATION,
    client_id: s.OAUTH2_CLIENT_ID,
    azure_tenant: s.AZURE_TENANT,
    aws_region: s.AWS_REGION,
    cognito_domain: s.COGNITO_DOMAIN,
    github_url: s.GITHUB_URL,
    gitlab_url: s.GITLAB_URL,
    keycloak_url: s.KEYCLOAK_URL,
    keycloak_realm: s.KEYCLOAK_REALM,
    oidc_auth_url: oidcAuthUrl,
    pingfederate_url: s.PINGFEDERATE_URL,
    site_logo_url: s.SITE_LOGO_URL,
    severity: alarmModel.severity,
    colors: alarmModel.colors,
    timeouts: { alert: s.ALERT_TIMEOUT, heartbeat: s.HEARTBEAT_TIMEOUT, ack: s.ACK_TIMEOUT, shelve: s.SHELVE_TIMEOUT },
    blackouts: { duration: s.BLACKOUT_DURATION },
    dates: { shortTime: 'HH:mm', mediumDate: 'ddd D MMM HH:mm', longDate: 'ddd D MMM, YYYY HH:mm:ss.SSS Z' },
    font: s.DEFAULT_FONT,
    audio: { new: s.DEFAULT_AUDIO_FILE },
    columns: s.COLUMNS,
    sort_by: s.SORT_LIST_BY,
    filter: s.DEFAULT_FILTER,
    indicators: { severity: s.ASI_SEVERITY, queries: s.ASI_QUERIES },
    actions: s.ACTIONS,
    tracking_id: s.GOOGLE_TRACKING_ID,
    refresh_interval: s.AUTO_REFRESH_INTERVAL,
    environments: s.ALLOWED_ENVIRONMENTS,
    clipboard_template: s.CLIPBOARD_TEMPLATE,
    // docs/api/config.md: GET /alerts answers the environment counts with the page when asked (show-environments).
    list_environments: true,
    // docs/api/stream.md: only a server that offers the live stream says where it is.
    ...(s.STREAM_ENABLED ? { stream: { path: STREAM_PATH, keepalive: s.STREAM_KEEPALIVE } } : {}),
  };
}

export function registerMiscRoutes(app: FastifyInstance, context: AppContext): void {
  app.get('/_', (_request, reply) => reply.type('text/plain; charset=utf-8').send('OK'));

  app.get('/config', async (request, reply) => {
    // docs/api/config.md: the console sends users to the discovered authorization endpoint unless OIDC_AUTH_URL names
    // one.
    const oidcAuthUrl =
      context.settings.OIDC_AUTH_URL ?? (await discoveredEndpoint(context.settings, 'authorization_endpoint'));
    return reply.send(clientConfig(context, context.apiRoot(request), oidcAuthUrl));
  });

  // docs/api/management.md: 503 once any heartbeat was last received more than 4 × its timeout ago, or when the
  // database does not answer within DATABASE_CONNECT_TIMEOUT and DATABASE_QUERY_TIMEOUT.
  app.get('/management/healthcheck', async (request, reply) => {
    let stale: string | undefined;
    try {
      await context.store.ping();
      stale = await context.store.heartbeats.findStale(new Date().toISOString(), 4);
    } catch (error) {
      request.log.error({ err: error }, 'healthcheck: database unreachable');
      // 503 as the reference answers a failed check, so a load balancer takes the server out until the database is back.
      return reply.code(503).type('text/plain; charset=utf-8').send('DATABASE_UNREACHABLE');
    }
    if (stale !== undefined) {
      return reply.code(503).type('text/plain; charset=utf-8').send(`HEARTBEAT_STALE: ${stale}`);
    }
    return reply.type('text/plain; charset=utf-8').send('OK');
  });

  app.get('/management/gtg', async (_request, reply) => {
    try {
      await context.store.ping();
    } catch {
      return reply.code(503).type('text/plain; charset=utf-8').send('FAILED');
    }
    return reply.type('text/plain; charset=utf-8').send('OK');
  });
}
