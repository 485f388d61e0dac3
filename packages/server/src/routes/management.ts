import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { ApiError, badRequest } from '../errors.js';
import { escapeHtml } from '../http/html.js';
import { type StatusMetric, prometheusText } from '../http/metrics.js';
import { type SwitchName, isSwitchName, switchboardOf } from '../http/switchboard.js';
import { alertQuery } from './alert-params.js';
import { callerQuery } from './ownership.js';
import { SECRET_VARIABLES } from '../settings.js';

/** The reference release whose API this server answers (as in GET /config's alarm model name). */
const API_RELEASE = '9.1.0';

const page = (title: string, body: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
  `<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;

/** The pages of docs/api/management.md under /management, each relative to the index. */
const MANAGEMENT_PAGES: readonly [path: string, what: string][] = [
  ['manifest', 'release of the API this server answers'],
  ['properties', 'settings in effect, secrets hidden (admin:management)'],
  ['switchboard', 'switches of this server process (admin:management)'],
  ['gtg', 'OK while the database answers'],
  ['healthcheck', 'OK unless the database is unreachable or a heartbeat is stale'],
  ['status', 'counters and timers as JSON'],
  ['metrics', 'counters and timers for Prometheus'],
  ['housekeeping', 'run housekeeping now (admin:management)'],
];

/** GET /management and its pages: manifest, properties, switchboard, status and metrics (docs/api/management.md). */
export function registerManagementRoutes(app: FastifyInstance, context: AppContext): void {
  const { store, metrics, model, settings } = context;
  const switchboard = switchboardOf(context);

  /** The caller's own alerts only: with CUSTOMER_VIEWS, a tenant learns nothing of the others' volume. */
  async function current(request: FastifyRequest): Promise<StatusMetric[]> {
    const counts = await store.alerts.count(callerQuery(request, alertQuery(new Map(), model, undefined)));
    return [
      {
        group: 'alerts',
        name: 'total',
        title: 'Total alerts',
        description: 'Total number of alerts in the database',
        type: 'gauge',
        value: counts.total,
      },
      ...metrics.snapshot(),
      ...switchboard.entries().map(({ name, description, on }) => ({
        group: 'switch',
        name,
        title: name,
        description,
        type: 'text' as const,
        value: on ? 'ON' : 'OFF',
      })),
    ];
  }

  app.get('/management', (_request, reply) => {
    const items = MANAGEMENT_PAGES.map(
      ([path, what]) => `<li><a href="management/${path}">${path}</a>: ${escapeHtml(what)}</li>`,
    ).join('');
    return reply.type('text/html; charset=utf-8').send(page('Management', `<ul>${items}</ul>`));
  });

  // Secrets are hidden by the same list as in settings errors; the reference prints them all.
  app.get('/management/properties', { config: { scope: 'admin:management' } }, (_request, reply) => {
    const lines = Object.entries(settings)
      .filter(([name]) => /^[A-Z][A-Z0-9_]*$/.test(name))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, value]) => `${name} = ${SECRET_VARIABLES.has(name) ? '(hidden)' : JSON.stringify(value)}`);
    lines.push(`DATABASE = ${settings.database.engine} (address hidden)`);
    return reply.type('text/plain; charset=utf-8').send(`${lines.join('\n')}\n`);
  });

  function switchboardPage(reply: FastifyReply) {
    const rows = switchboard
      .entries()
      .map(({ name, description, on }) => {
        const option = (value: string, checked: boolean) =>
          `<label><input type="radio" name="${name}" value="${value}"${checked ? ' checked' : ''}> ${value}</label>`;
        return `<fieldset><legend>${escapeHtml(name)}</legend><p>${escapeHtml(description)}</p>${option('ON', on)} ${option('OFF', !on)}</fieldset>`;
      })
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(page('Switchboard', `<form method="post">${rows}<button type="submit">Save</button></form>`));
  }

  app.get('/management/switchboard', { config: { scope: 'admin:management' } }, (_request, reply) =>
    switchboardPage(reply),
  );

  // The switchboard's own form posts urlencoded fields; JSON works too.
  void app.register((forms, _options, done) => {
    forms.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, text, done) => {
      const fields: Record<string, string> = {};
      for (const [name, value] of new URLSearchParams(String(text))) fields[name] = value;
      done(null, fields);
    });
    forms.post('/management/switchboard', { config: { scope: 'admin:management' } }, async (request, reply) => {
      const form = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') === true;
      // A form can be posted from any site, and a browser may add Basic credentials it remembers: only our own page.
      if (form && !sameOrigin(request)) throw new ApiError(403, 'the switchboard form must be posted from this server');
      const body = request.body;
      if (body === null || typeof body !== 'object' || Array.isArray(body)) {
        throw badRequest('the request body must name switches and ON or OFF');
      }
      const changes: [SwitchName, boolean][] = [];
      for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
        if (!isSwitchName(name)) throw badRequest(`unknown switch '${name}'`);
        if (value !== 'ON' && value !== 'OFF') throw badRequest(`switch '${name}' must be ON or OFF`);
        changes.push([name, value === 'ON']);
      }
      for (const [name, on] of changes) switchboard.set(name, on);
      if (form) return switchboardPage(reply);
      return {
        status: 'ok',
        switches: Object.fromEntries(switchboard.entries().map(({ name, on }) => [name, on ? 'ON' : 'OFF'])),
      };
    });
    done();
  });

  app.get('/management/manifest', { config: { scope: 'read:management' } }, (_request, reply) =>
    reply.send({ release: API_RELEASE, build: '', date: '', revision: '' }),
  );

  app.get('/management/status', { config: { scope: 'read:management' } }, async (request) => {
    const now = Date.now();
    return {
      application: 'alerta',
      version: API_RELEASE,
      time: now,
      uptime: now - metrics.startedAt,
      metrics: await current(request),
    };
  });

  app.get('/management/metrics', { config: { scope: 'read:management' } }, async (request, reply) => {
    const text = prometheusText(await current(request), Date.now() - metrics.startedAt, metrics.routeSeries());
    return reply.type('text/plain; version=0.0.4; charset=utf-8').send(text);
  });
}

/** Whether a form post comes from a page of this server, by the headers browsers add to cross-site requests. */
function sameOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin';
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}
