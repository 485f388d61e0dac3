import { z } from 'zod/mini';
import { NetworkError, isAbortError, type ApiClient } from '../../api';
import { newRequestId } from '../../api/requestId';

const text = z.catch(z.nullable(z.string()), null);
const number = z.catch(z.nullable(z.number()), null);

/** GET /management/manifest (docs/api/management.md): what API release and build answers. */
const manifestSchema = z.looseObject({ release: text, build: text, date: text, revision: text });
export type Manifest = z.infer<typeof manifestSchema>;

const metricSchema = z.looseObject({
  group: z.catch(z.string(), ''),
  name: z.catch(z.string(), ''),
  title: z.catch(z.string(), ''),
  type: z.catch(z.string(), ''),
  value: z.catch(z.nullable(z.union([z.number(), z.string(), z.boolean()])), null),
  count: number,
  totalTime: number,
});
export type StatusMetric = z.infer<typeof metricSchema>;

/** GET /management/status (docs/api/management.md): the metrics, and the time and uptime in milliseconds. */
const statusSchema = z.looseObject({
  application: text,
  version: text,
  time: number,
  uptime: number,
  metrics: z.catch(z.array(metricSchema), []),
});
export type ServerStatus = z.infer<typeof statusSchema>;

export function fetchManifest(api: ApiClient, signal?: AbortSignal): Promise<Manifest> {
  return api.request('/management/manifest', { signal, schema: manifestSchema });
}

export function fetchStatus(api: ApiClient, signal?: AbortSignal): Promise<ServerStatus> {
  return api.request('/management/status', { signal, schema: statusSchema });
}

export interface Health {
  ok: boolean;
  /** The server's own words: `OK`, or what is wrong, e.g. `HEARTBEAT_STALE: web01`. */
  text: string;
}

/**
 * GET /management/healthcheck (docs/api/management.md). It answers plain text, not JSON, and a failing check is an
 * answer (503 naming the stale heartbeat), not an error, so this reads the text itself rather than through the JSON
 * client. It needs no login, so no token is sent; the request still carries its X-Request-ID
 * (docs/console/behaviour.md#calls).
 */
export async function fetchHealth(endpoint: string, signal?: AbortSignal): Promise<Health> {
  const url = new URL(`${endpoint.replace(/\/+$/, '')}/management/healthcheck`, document.baseURI).toString();
  let response: Response;
  try {
    response = await fetch(url, { headers: { 'X-Request-ID': newRequestId() }, ...(signal ? { signal } : {}) });
  } catch (error) {
    if (isAbortError(error) || signal?.aborted === true) throw error;
    throw new NetworkError(url, error);
  }
  const body = (await response.text()).trim();
  return { ok: response.ok, text: body === '' ? `${response.status} ${response.statusText}`.trim() : body };
}
