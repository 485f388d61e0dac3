import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { type StatusMetric, prometheusText } from '../http/metrics.js';
import { alertQuery } from './alert-params.js';
import { callerQuery } from './ownership.js';

/** The reference release whose API this server answers (as in GET /config's alarm model name). */
const API_RELEASE = '9.1.0';

/** GET /management/manifest, /management/status and /management/metrics (api.md §1.8). */
export function registerManagementRoutes(app: FastifyInstance, context: AppContext): void {
  const { store, metrics, model } = context;

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
    ];
  }

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
