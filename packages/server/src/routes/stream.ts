import { PassThrough } from 'node:stream';
import { STREAM_PATH, hasScope } from '@alerta/contract';
import { z } from 'zod';
import { type AppContext, principalOf } from '../context.js';
import { ApiError, badRequest } from '../errors.js';
import type { ApiApp } from '../http/validation.js';
import { ChangeHub } from '../http/change-hub.js';
import { LiveStream, audienceKey } from '../http/live-stream.js';

/** How long a client waits before reconnecting (the stream's `retry:` line), in milliseconds. */
export const STREAM_RETRY_MS = 3_000;

/** Unsent text a stream may hold for a client that does not read before it is let go (docs/api/stream.md#limits). */
export const STREAM_MAX_UNSENT_BYTES = 1024 * 1024;

/** Seconds a client refused for too many streams is asked to wait. */
const LIMIT_RETRY_AFTER = 10;

/** docs/api/stream.md#asking-for-it: a position is a whole number, as the stream's ids are written. */
const POSITION = /^\d{1,15}$/;

function lastEventIdOf(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') return undefined;
  if (!POSITION.test(value.trim())) throw badRequest('Last-Event-ID must be a position the stream gave');
  return Number(value.trim());
}

/**
 * GET /alerts/stream (docs/api/stream.md): Server-Sent Events of every change to alerts, heartbeats and blackouts
 * the caller may read, from one change-log reader per process (live/hub.ts).
 */
export function registerStreamRoutes(app: ApiApp, context: AppContext): void {
  const { settings } = context;
  if (!settings.STREAM_ENABLED) return;
  const hub = new ChangeHub(context.store.changeLog, {
    historyMs: settings.STREAM_HISTORY * 1000,
    onError: (error) => app.log.error({ err: error }, 'live stream: reading the change log failed'),
  });
  context.sharedAnswers.follow(hub);
  const open = new Set<LiveStream>();
  const perUser = new Map<string, number>();

  // A server shutting down ends its streams, so their clients reconnect elsewhere and close() does not wait on them.
  app.addHook('preClose', (done) => {
    for (const stream of [...open]) stream.end();
    done();
  });
  app.addHook('onClose', async () => {
    await hub.close();
  });

  app.get(
    STREAM_PATH,
    {
      config: { scope: 'read:alerts' },
      // docs/api/stream.md#the-answer: never compressed, so each event leaves as soon as it is written.
      compress: false,
      schema: { querystring: z.strictObject({}) },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const lastEventId = lastEventIdOf(request.headers['last-event-id']);
      const who = principal.userId ?? principal.login ?? `address ${request.ip}`;
      if (open.size >= settings.STREAM_MAX_CONNECTIONS) {
        throw new ApiError(
          429,
          `too many live streams on this server (STREAM_MAX_CONNECTIONS is ${settings.STREAM_MAX_CONNECTIONS})`,
          null,
          { 'Retry-After': String(LIMIT_RETRY_AFTER) },
        );
      }
      if ((perUser.get(who) ?? 0) >= settings.STREAM_MAX_PER_USER) {
        throw new ApiError(
          429,
          `too many live streams for this user (STREAM_MAX_PER_USER is ${settings.STREAM_MAX_PER_USER})`,
          null,
          { 'Retry-After': String(LIMIT_RETRY_AFTER) },
        );
      }
      const may = (scope: string): boolean =>
        principal.unrestricted || hasScope(principal.scopes, scope, { deleteScopes: settings.DELETE_SCOPES });
      const out = new PassThrough();
      perUser.set(who, (perUser.get(who) ?? 0) + 1);
      const audience = {
        heartbeats: may('read:heartbeats'),
        blackouts: may('read:blackouts'),
        customers: principal.customers === undefined ? undefined : new Set(principal.customers),
      };
      const stream = new LiveStream(
        out,
        reply.raw,
        { ...audience, key: audienceKey(audience) },
        { keepaliveMs: settings.STREAM_KEEPALIVE * 1000, maxUnsentBytes: STREAM_MAX_UNSENT_BYTES },
        () => {
          open.delete(stream);
          const left = (perUser.get(who) ?? 1) - 1;
          if (left > 0) perUser.set(who, left);
          else perUser.delete(who);
          hub.detach(stream);
        },
      );
      // The answer's stream fails only when its connection has gone; the stream then ends like a closed one.
      out.on('error', () => stream.end());
      open.add(stream);
      let attachment;
      try {
        attachment = await hub.attach(stream, lastEventId);
      } catch (error) {
        stream.end();
        throw error;
      }
      // A client that went while the stream was being set up is let go now; later ones when their connection closes.
      if (request.raw.destroyed || reply.raw.destroyed) {
        stream.end();
        return reply;
      }
      reply.raw.on('close', () => stream.end());
      void reply
        .code(200)
        .headers({
          'Content-Type': 'text/event-stream; charset=utf-8',
          'Cache-Control': 'no-cache, no-transform',
          'X-Accel-Buffering': 'no',
        })
        .send(out);
      stream.begin(hub, STREAM_RETRY_MS, attachment).catch((error: unknown) => {
        request.log.error({ err: error }, 'live stream: replay failed');
        stream.end();
      });
      return reply;
    },
  );
}
