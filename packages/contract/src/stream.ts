import { z } from 'zod/mini';

/**
 * The live stream of changes (docs/api/stream.md): `GET /alerts/stream` answers Server-Sent Events. Both sides read the
 * shapes below: the server writes them, the console parses every event it receives with them (unknown fields kept,
 * unknown event names ignored), so either side can add fields without breaking the other.
 */

/** Where the stream is, below the API root. A server that has one says so in GET /config (`stream`). */
export const STREAM_PATH = '/alerts/stream';

/** GET /config's `stream` key: present only on a server that offers the stream; a stock Alerta server has none. */
export const streamConfigSchema = z.looseObject({
  /** The stream's path below the API root (STREAM_PATH). */
  path: z.string(),
  /** Seconds between the keep-alive comments the server writes while nothing changes. */
  keepalive: z.optional(z.number()),
});
export type StreamConfig = z.infer<typeof streamConfigSchema>;

/** What happened to the thing an event names. */
export const changeOpSchema = z.enum(['created', 'changed', 'deleted']);
export type ChangeOp = z.infer<typeof changeOpSchema>;

/**
 * One alert that changed. After `deleted` the fields other than `op` and `id` are what the alert held when it went.
 * `repeat` is true when the change is a duplicate of the alert arriving again (nothing but counts and times moved).
 */
export const alertChangeSchema = z.looseObject({
  op: changeOpSchema,
  id: z.string(),
  environment: z.string(),
  severity: z.string(),
  status: z.string(),
  lastReceiveTime: z.string(),
  updateTime: z.nullable(z.string()),
  repeat: z.optional(z.boolean()),
});
export type AlertChange = z.infer<typeof alertChangeSchema>;

/** A heartbeat or a blackout that was created, changed or deleted. */
export const monitorChangeSchema = z.looseObject({
  op: changeOpSchema,
  id: z.string(),
});
export type MonitorChange = z.infer<typeof monitorChangeSchema>;

/**
 * The events, by their SSE `event:` name. Every event carries an SSE `id:`, the position in the server's change log a
 * reconnecting client sends back as `Last-Event-ID` to hear what it missed.
 * - `hello`: the first event of every stream, once the server listens for changes.
 * - `alerts`, `heartbeats`, `blackouts`: changes, several per event when they come together.
 * - `resync`: the client asked to resume from a position the server no longer keeps (or cannot read): it may have
 *   missed changes and should read everything again; the stream goes on from now.
 */
export const streamEventSchemas = {
  hello: z.looseObject({ position: z.string() }),
  /**
   * `omitted`: changes the event leaves out, in a burst (docs/api/stream.md#the-answer): it then names only alerts
   * created, and a client re-reads whatever alerts it shows.
   */
  alerts: z.looseObject({ changes: z.array(alertChangeSchema), omitted: z.optional(z.number()) }),
  heartbeats: z.looseObject({ changes: z.array(monitorChangeSchema) }),
  blackouts: z.looseObject({ changes: z.array(monitorChangeSchema) }),
  resync: z.looseObject({ reason: z.string() }),
} as const;
export type StreamEventName = keyof typeof streamEventSchemas;
export type StreamEvent = {
  [K in StreamEventName]: { event: K; id: string; data: z.infer<(typeof streamEventSchemas)[K]> };
}[StreamEventName];

/** An SSE event name the stream may send; false for one this version does not know (it is to be ignored). */
export function isStreamEventName(name: string): name is StreamEventName {
  return Object.hasOwn(streamEventSchemas, name);
}
