import { z } from 'zod/mini';
import type { ApiClient } from '../../api';

/**
 * A heartbeat as GET /heartbeats gives it (docs/api/heartbeats.md#status). Lenient, so a stock Alerta 9 answer with a
 * field missing or null still shows: only the id is required.
 */
export const heartbeatRowSchema = z.looseObject({
  id: z.string(),
  origin: z.catch(z.string(), ''),
  tags: z.catch(z.array(z.string()), []),
  attributes: z.catch(z.record(z.string(), z.unknown()), {}),
  createTime: z.catch(z.nullable(z.string()), null),
  receiveTime: z.catch(z.nullable(z.string()), null),
  timeout: z.catch(z.nullable(z.number()), null),
  customer: z.catch(z.nullable(z.string()), null),
  latency: z.catch(z.nullable(z.number()), null),
  status: z.catch(z.nullable(z.string()), null),
});
export type HeartbeatRow = z.infer<typeof heartbeatRowSchema>;

const answerSchema = z.looseObject({});

/** DELETE /heartbeat/{id}. */
export function deleteHeartbeat(api: ApiClient, id: string): Promise<unknown> {
  return api.request(`/heartbeat/${encodeURIComponent(id)}`, { method: 'DELETE', schema: answerSchema });
}
