import { z } from 'zod/mini';
import type { ApiClient, Query } from '../../api';

const STATUSES = ['active', 'pending', 'expired'] as const;
type BlackoutStatus = (typeof STATUSES)[number];

/** docs/api/blackouts.md: active if start ≤ now < end, pending if start > now, expired if end ≤ now. */
function statusAt(startTime: string, endTime: string, now: number): BlackoutStatus {
  if (Date.parse(startTime) > now) return 'pending';
  return Date.parse(endTime) <= now ? 'expired' : 'active';
}

/**
 * A blackout as GET /blackouts gives it (docs/api/blackouts.md). Lenient, so a stock Alerta's answer (a decimal
 * `remaining`, a missing or null field) still shows; fields the screen does not read are kept but not checked. The
 * server says the status; one that leaves it out gets it worked out from the times.
 */
export const blackoutRowSchema = z.pipe(
  z.looseObject({
    id: z.string(),
    environment: z.catch(z.string(), ''),
    service: z.catch(z.array(z.string()), []),
    resource: z.catch(z.nullable(z.string()), null),
    event: z.catch(z.nullable(z.string()), null),
    group: z.catch(z.nullable(z.string()), null),
    tags: z.catch(z.array(z.string()), []),
    origin: z.catch(z.nullable(z.string()), null),
    customer: z.catch(z.nullable(z.string()), null),
    startTime: z.string(),
    endTime: z.string(),
    status: z.catch(z.nullable(z.enum(STATUSES)), null),
    user: z.catch(z.nullable(z.string()), null),
    text: z.catch(z.nullable(z.string()), null),
  }),
  z.transform((row) => ({ ...row, status: row.status ?? statusAt(row.startTime, row.endTime, Date.now()) })),
);
export type BlackoutRow = z.infer<typeof blackoutRowSchema>;

/** POST /blackout: only the fields that are set (docs/api/blackouts.md#routes). */
export interface BlackoutCreateBody {
  environment: string;
  service?: string[];
  resource?: string;
  event?: string;
  group?: string;
  tags?: string[];
  origin?: string;
  customer?: string;
  startTime: string;
  endTime: string;
  text?: string;
}

/**
 * PUT /blackout/{id}: every field, a cleared one as null so the server forgets it
 * (docs/console/admin-screens.md#blackouts, #507).
 */
export interface BlackoutUpdateBody {
  environment: string;
  service: string[];
  resource: string | null;
  event: string | null;
  group: string | null;
  tags: string[];
  origin: string | null;
  customer: string | null;
  startTime: string;
  endTime: string;
  text: string;
}

const answerSchema = z.looseObject({});

export function createBlackout(api: ApiClient, body: BlackoutCreateBody): Promise<unknown> {
  return api.request('/blackout', { method: 'POST', body, schema: answerSchema });
}

export function updateBlackout(api: ApiClient, id: string, body: BlackoutUpdateBody): Promise<unknown> {
  return api.request(`/blackout/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: answerSchema });
}

export function deleteBlackout(api: ApiClient, id: string): Promise<unknown> {
  return api.request(`/blackout/${encodeURIComponent(id)}`, { method: 'DELETE', schema: answerSchema });
}

const countSchema = z.looseObject({ total: z.number() });

/** GET /alerts/count (docs/api/alerts.md): how many alerts match `query`. */
export async function countAlerts(api: ApiClient, query: Query, signal?: AbortSignal): Promise<number> {
  const answer = await api.request('/alerts/count', { query, signal, schema: countSchema });
  return answer.total;
}

/**
 * Distinct non-empty names, sorted without regard to case (docs/console/admin-screens.md#blackouts: empty values are
 * dropped).
 */
function distinct(names: readonly string[]): string[] {
  return [...new Set(names.filter((n) => n !== ''))].sort((a, b) =>
    a.localeCompare(b, undefined, { sensitivity: 'base' }),
  );
}

const environmentsSchema = z.looseObject({
  environments: z.catch(z.array(z.looseObject({ environment: z.catch(z.string(), '') })), []),
});
const tagsSchema = z.looseObject({
  tags: z.catch(z.array(z.looseObject({ tag: z.catch(z.string(), '') })), []),
});

/** GET /environments: the environments alerts have been seen in. */
export async function fetchEnvironmentNames(api: ApiClient, signal?: AbortSignal): Promise<string[]> {
  const answer = await api.request('/environments', { signal, schema: environmentsSchema });
  return distinct(answer.environments.map((e) => e.environment));
}

/** GET /alerts/tags: the tags in use, as suggestions. */
export async function fetchTagNames(api: ApiClient, signal?: AbortSignal): Promise<string[]> {
  const answer = await api.request('/alerts/tags', { signal, schema: tagsSchema });
  return distinct(answer.tags.map((t) => t.tag));
}
