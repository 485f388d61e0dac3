import type { FastifyInstance } from 'fastify';

/** One entry of GET /management/status (docs/api/management.md). */
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

/** What became of an alert sent to POST /alert or a webhook. */
export type IngestOutcome = 'new' | 'duplicate' | 'correlate' | 'heartbeat' | 'suppressed' | 'rejected';

const INGEST_COUNTERS: Readonly<Record<IngestOutcome, Described>> = {
  new: counter('alerts', 'created', 'Created alerts', 'Alerts stored as new alerts'),
  duplicate: counter('alerts', 'duplicates', 'Duplicate alerts', 'Alerts stored as duplicates of an open alert'),
  correlate: counter('alerts', 'correlated', 'Correlated alerts', 'Alerts that changed the severity of an alert'),
  heartbeat: counter('alerts', 'heartbeats', 'Heartbeat alerts', 'Alerts stored as heartbeats (HEARTBEAT_EVENTS)'),
  suppressed: counter('alerts', 'suppressed', 'Suppressed alerts', 'Alerts dropped during a blackout'),
  rejected: counter('alerts', 'rejected', 'Rejected alerts', 'Alerts refused as invalid, by policy or in conflict'),
};

/** Requests and time spent per route, for Prometheus. */
export interface RouteSeries {
  method: string;
  route: string;
  /** Answers per status class: `2xx`, `4xx` … */
  answers: Record<string, number>;
  count: number;
  totalTime: number;
}

/**
 * In-memory counters of this server process since it started (docs/api/management.md status and metrics). Several
 * processes behind one database each report their own.
 */
export class ServerMetrics {
  readonly startedAt = Date.now();
  private readonly timers = new Map<string, { described: Described; count: number; totalTime: number }>();
  private readonly routes = new Map<string, RouteSeries>();
  private readonly ingested = new Map<IngestOutcome, number>();
  private requests = 0;
  private serverErrors = 0;

  /** Called once per alert that went through the ingest pipeline. */
  countIngest(outcome: IngestOutcome): void {
    this.ingested.set(outcome, (this.ingested.get(outcome) ?? 0) + 1);
  }

  /**
   * Called once per answered API request with the route pattern (without the base path). Only registered routes get
   * here, so the number of series stays bounded whatever paths clients try.
   */
  record(method: string, route: string, statusCode: number, milliseconds: number): void {
    this.requests += 1;
    if (statusCode >= 500) this.serverErrors += 1;
    const routeKey = `${method} ${route}`;
    let series = this.routes.get(routeKey);
    if (series === undefined) {
      series = { method, route, answers: {}, count: 0, totalTime: 0 };
      this.routes.set(routeKey, series);
    }
    const answer = `${String(Math.floor(statusCode / 100))}xx`;
    series.answers[answer] = (series.answers[answer] ?? 0) + 1;
    series.count += 1;
    series.totalTime += milliseconds;
    const described = TIMED_ROUTES[routeKey];
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
    for (const [outcome, described] of Object.entries(INGEST_COUNTERS) as [IngestOutcome, Described][]) {
      metrics.push({ ...described, type: 'counter', count: this.ingested.get(outcome) ?? 0 });
    }
    return metrics;
  }

  /** Every route answered so far, in a stable order. */
  routeSeries(): RouteSeries[] {
    return [...this.routes.values()].sort((a, b) =>
      a.route === b.route ? a.method.localeCompare(b.method) : a.route.localeCompare(b.route),
    );
  }
}

function counter(group: string, name: string, title: string, description: string) {
  return { group, name, title, description, type: 'counter' as const };
}

/** Feeds every answered request under the base path into the metrics. */
export function registerMetricsHook(app: FastifyInstance, metrics: ServerMetrics, basePath: string): void {
  // Callback hooks cost Fastify less than async ones, and this runs for every request.
  app.addHook('onResponse', (request, reply, done) => {
    const url = request.routeOptions.url;
    if (url !== undefined && url.startsWith(basePath)) {
      metrics.record(request.method, url.slice(basePath.length), reply.statusCode, reply.elapsedTime);
    }
    done();
  });
}

const promName = (value: string) => value.replace(/[^a-zA-Z0-9_]/g, '_');
const promHelp = (value: string) => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
const promLabel = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
const labels = (pairs: Record<string, string>) =>
  `{${Object.entries(pairs)
    .map(([name, value]) => `${name}="${promLabel(value)}"`)
    .join(',')}}`;

/**
 * docs/api/management.md: Prometheus text — gauges as they are, counters `_total`, timers `_count` and `_sum`, and the
 * uptime; then the requests and time of every route, labelled by method, route pattern and status class.
 */
export function prometheusText(
  metrics: readonly StatusMetric[],
  uptimeMs: number,
  routes: readonly RouteSeries[] = [],
): string {
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
  if (routes.length > 0) {
    lines.push(
      '# HELP alerta_route_requests_total API requests answered, per route and status class',
      '# TYPE alerta_route_requests_total counter',
    );
    for (const r of routes) {
      for (const [code, count] of Object.entries(r.answers).sort()) {
        lines.push(`alerta_route_requests_total${labels({ method: r.method, route: r.route, code })} ${count}`);
      }
    }
    lines.push(
      '# HELP alerta_route_duration_milliseconds Time spent answering API requests, per route',
      '# TYPE alerta_route_duration_milliseconds summary',
    );
    for (const r of routes) {
      const which = labels({ method: r.method, route: r.route });
      lines.push(
        `alerta_route_duration_milliseconds_count${which} ${r.count}`,
        `alerta_route_duration_milliseconds_sum${which} ${r.totalTime.toFixed(3)}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
