import type { FastifyInstance } from 'fastify';

/** One entry of GET /management/status (api.md §1.8). */
export type StatusMetric =
  | { group: string; name: string; title: string; description: string; type: 'gauge' | 'text'; value: number | string }
  | { group: string; name: string; title: string; description: string; type: 'counter'; count: number }
  | {
      group: string;
      name: string;
      title: string;
      description: string;
      type: 'timer';
      count: number;
      totalTime: number;
    };

interface Described {
  group: string;
  name: string;
  title: string;
  description: string;
}

// Successful calls of these routes are timed, under the reference's metric names where it has one.
const TIMED_ROUTES: Readonly<Record<string, Described>> = {
  'POST /alert': timer('alerts', 'received', 'Received alerts', 'Successfully received alerts'),
  'GET /alerts': timer('alerts', 'queries', 'Alert queries', 'Total time and number of alert queries'),
  'GET /alerts/count': timer('alerts', 'counts', 'Count alerts', 'Total time and number of count queries'),
  'GET /alert/:id': timer('alerts', 'lookups', 'Alert lookups', 'Total time and number of single alert lookups'),
  'DELETE /alert/:id': timer('alerts', 'deleted', 'Deleted alerts', 'Total time and number of deleted alerts'),
  'PUT /alert/:id/status': timer('alerts', 'status', 'Alert status change', 'Total time and number of status changes'),
  'PUT /alert/:id/action': timer('alerts', 'actions', 'Alert actions', 'Total time and number of alert actions'),
  'PUT /alert/:id/tag': timer('alerts', 'tagged', 'Tagging alerts', 'Total time and number of tagged alerts'),
  'PUT /alert/:id/untag': timer('alerts', 'untagged', 'Removing tags', 'Total time and number of untagged alerts'),
  'PUT /alert/:id/attributes': timer(
    'alerts',
    'attributes',
    'Alert attributes',
    'Total time and number of attribute changes',
  ),
  'POST /webhooks/:name': timer('alerts', 'webhooks', 'Received webhooks', 'Successfully received webhook calls'),
  'POST /webhooks/:name/*': timer('alerts', 'webhooks', 'Received webhooks', 'Successfully received webhook calls'),
  'POST /heartbeat': timer('heartbeats', 'received', 'Received heartbeats', 'Successfully received heartbeats'),
};

function timer(group: string, name: string, title: string, description: string): Described {
  return { group, name, title, description };
}

/**
 * In-memory counters of this server process since it started (api.md §1.8 status and metrics). Several processes
 * behind one database each report their own.
 */
export class ServerMetrics {
  readonly startedAt = Date.now();
  private readonly timers = new Map<string, { described: Described; count: number; totalTime: number }>();
  private requests = 0;
  private serverErrors = 0;

  /** Called once per answered API request with the route pattern (without the base path). */
  record(method: string, route: string, statusCode: number, milliseconds: number): void {
    this.requests += 1;
    if (statusCode >= 500) this.serverErrors += 1;
    const described = TIMED_ROUTES[`${method} ${route}`];
    if (described === undefined || statusCode >= 300) return;
    const key = `${described.group}.${described.name}`;
    const entry = this.timers.get(key) ?? { described, count: 0, totalTime: 0 };
    entry.count += 1;
    entry.totalTime += milliseconds;
    this.timers.set(key, entry);
  }

  /** Counters and timers; gauges are added by the caller, which knows the database. */
  snapshot(): StatusMetric[] {
    const metrics: StatusMetric[] = [
      { ...counter('http', 'requests', 'HTTP requests', 'API requests answered'), count: this.requests },
      { ...counter('http', 'errors', 'Server errors', 'API requests answered with a 5xx'), count: this.serverErrors },
    ];
    const timers = [...this.timers.values()].sort((a, b) =>
      `${a.described.group}.${a.described.name}`.localeCompare(`${b.described.group}.${b.described.name}`),
    );
    for (const t of timers) {
      metrics.push({ ...t.described, type: 'timer', count: t.count, totalTime: Math.round(t.totalTime) });
    }
    return metrics;
  }
}

function counter(group: string, name: string, title: string, description: string) {
  return { group, name, title, description, type: 'counter' as const };
}

/** Feeds every answered request under the base path into the metrics. */
export function registerMetricsHook(app: FastifyInstance, metrics: ServerMetrics, basePath: string): void {
  app.addHook('onResponse', async (request, reply) => {
    const url = request.routeOptions.url;
    if (url === undefined || !url.startsWith(basePath)) return;
    metrics.record(request.method, url.slice(basePath.length), reply.statusCode, reply.elapsedTime);
  });
}

const promName = (value: string) => value.replace(/[^a-zA-Z0-9_]/g, '_');
const promHelp = (value: string) => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');

/** api.md §1.8: Prometheus text — gauges as they are, counters `_total`, timers `_count` and `_sum`, and the uptime. */
export function prometheusText(metrics: readonly StatusMetric[], uptimeMs: number): string {
  const lines: string[] = [];
  for (const m of metrics) {
    const base = `alerta_${promName(m.group)}_${promName(m.name)}`;
    if (m.type === 'gauge' && typeof m.value === 'number') {
      lines.push(`# HELP ${base} ${promHelp(m.description)}`, `# TYPE ${base} gauge`, `${base} ${m.value}`);
    } else if (m.type === 'counter') {
      const name = `${base}_total`;
      lines.push(`# HELP ${name} ${promHelp(m.description)}`, `# TYPE ${name} counter`, `${name} ${m.count}`);
    } else if (m.type === 'timer') {
      lines.push(
        `# HELP ${base} ${promHelp(m.description)}`,
        `# TYPE ${base} summary`,
        `${base}_count ${m.count}`,
        `${base}_sum ${m.totalTime}`,
      );
    }
  }
  lines.push('# HELP alerta_uptime_msecs Time since the server started', '# TYPE alerta_uptime_msecs gauge');
  lines.push(`alerta_uptime_msecs ${uptimeMs}`);
  return `${lines.join('\n')}\n`;
}
