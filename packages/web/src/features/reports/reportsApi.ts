import { z } from 'zod/mini';
import type { ApiClient, Query } from '../../api';

/**
 * The three reports of docs/console/admin-screens.md#reports, by the last part of their endpoint, /alerts/top10/<kind>.
 */
export type ReportKind = 'count' | 'flapping' | 'standing';

/**
 * One row of a top-N answer (docs/api/alerts.md), grouped by event. Lenient so a stock Alerta answer with a field
 * missing still shows; a resource without an id is shown without a link.
 */
const topRowSchema = z.looseObject({
  event: z.catch(z.string(), ''),
  count: z.catch(z.number(), 0),
  duplicateCount: z.catch(z.number(), 0),
  environments: z.catch(z.array(z.string()), []),
  services: z.catch(z.array(z.string()), []),
  resources: z.catch(z.array(z.looseObject({ id: z.catch(z.string(), ''), resource: z.catch(z.string(), '') })), []),
});
export type TopRow = z.infer<typeof topRowSchema>;

const topAnswerSchema = z.looseObject({ top10: z.catch(z.array(topRowSchema), []) });

/** GET /alerts/top10/<kind>. */
export async function fetchTop(
  api: ApiClient,
  kind: ReportKind,
  query: Query,
  signal?: AbortSignal,
): Promise<TopRow[]> {
  const answer = await api.request(`/alerts/top10/${kind}`, { query, signal, schema: topAnswerSchema });
  return answer.top10;
}

const environmentsSchema = z.looseObject({
  environments: z.catch(z.array(z.looseObject({ environment: z.string() })), []),
});

/** The environments that have alerts (GET /environments), for the environment pick list. */
export async function fetchEnvironmentNames(api: ApiClient, signal?: AbortSignal): Promise<string[]> {
  const answer = await api.request('/environments', { signal, schema: environmentsSchema });
  return answer.environments.map((e) => e.environment);
}
