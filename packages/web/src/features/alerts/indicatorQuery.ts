import { z } from 'zod/mini';
import type { AlertsView } from './alertsView';

const scalar = z.union([z.string(), z.number(), z.boolean()]);

/**
 * An indicator's query (docs/console/alert-screens.md#indicator-panel): whatever URLSearchParams accepts — a query
 * string (`'group=Misc'`), a list of pairs (`[['environment', 'Production']]`) or an object (`{q: 'event:Heartbeat'}`;
 * a list value repeats the key).
 */
const indicatorQueryValueSchema = z.union([
  z.string(),
  z.array(z.tuple([z.string(), scalar])),
  z.record(z.string(), z.union([scalar, z.array(scalar)])),
]);

/** The query as repeated parameters, or null when it is not one of the accepted shapes. */
export function indicatorParams(query: unknown): Record<string, string[]> | null {
  const parsed = indicatorQueryValueSchema.safeParse(query);
  if (!parsed.success) return null;
  const value = parsed.data;
  const pairs: [string, string][] =
    typeof value === 'string'
      ? [...new URLSearchParams(value.startsWith('?') ? value.slice(1) : value)]
      : Array.isArray(value)
        ? value.map(([key, item]) => [key, String(item)])
        : Object.entries(value).flatMap(([key, item]) =>
            (Array.isArray(item) ? item : [item]).map((one): [string, string] => [key, String(one)]),
          );
  const params: Record<string, string[]> = {};
  for (const [key, item] of pairs) (params[key] ??= []).push(item);
  return params;
}

/**
 * What clicking an indicator does to the list (docs/console/alert-screens.md#indicator-panel): its `q` becomes the
 * search and its environment, text, status, customer, service and group become the filter; a filter it does not name
 * goes back to the default.
 */
export function indicatorView(params: Readonly<Record<string, readonly string[]>>): {
  q: string | null;
  patch: Partial<AlertsView>;
} {
  const first = (key: string) => params[key]?.[0] ?? null;
  return {
    q: first('q'),
    patch: {
      environment: first('environment'),
      text: first('text'),
      status: params.status ?? null,
      customer: params.customer ?? [],
      service: params.service ?? [],
      group: params.group ?? [],
    },
  };
}
