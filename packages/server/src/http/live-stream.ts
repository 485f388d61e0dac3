import type { ServerResponse } from 'node:http';
import type { PassThrough } from 'node:stream';
import type { AlertChange, MonitorChange, StreamEventName } from '@alerta/contract';
import type { ChangeEntry, ChangeKind } from '../store/change-log-types.js';
import type { ChangeHub, HubSubscriber, Replay } from './change-hub.js';

/** What one stream may hear (docs/api/stream.md#who-hears-what). */
export interface StreamAudience {
  heartbeats: boolean;
  blackouts: boolean;
  /** The customers whose changes it hears; undefined for every customer. */
  customers: ReadonlySet<string> | undefined;
}

export interface LiveStreamOptions {
  keepaliveMs: number;
  /** Unsent text past which a client that does not read is disconnected rather than buffered without end. */
  maxUnsentBytes: number;
}

const EVENT_OF: Readonly<Record<ChangeKind, StreamEventName>> = {
  alert: 'alerts',
  heartbeat: 'heartbeats',
  blackout: 'blackouts',
};

function alertChange(entry: ChangeEntry): AlertChange {
  return {
    op: entry.op,
    id: entry.id,
    environment: entry.environment ?? '',
    severity: entry.severity ?? '',
    status: entry.status ?? '',
    lastReceiveTime: entry.lastReceiveTime ?? '',
    updateTime: entry.updateTime,
    repeat: entry.repeat,
  };
}

const monitorChange = (entry: ChangeEntry): MonitorChange => ({ op: entry.op, id: entry.id });

/**
 * docs/api/stream.md#the-answer: past this many alert changes in one event, the event names only the alerts created
 * (this many at most) and counts the changes it leaves out. A client re-reads what it shows on any change anyway, and
 * with a thousand streams open, writing every change of a burst to each of them cost ingest half its throughput.
 */
export const LISTED_ALERT_CHANGES = 20;

function eventData(kind: ChangeKind, run: readonly ChangeEntry[]): { changes: unknown[]; omitted?: number } {
  if (kind !== 'alert') return { changes: run.map(monitorChange) };
  if (run.length <= LISTED_ALERT_CHANGES) return { changes: run.map(alertChange) };
  const created = run.filter((entry) => entry.op === 'created').slice(0, LISTED_ALERT_CHANGES);
  return { changes: created.map(alertChange), omitted: run.length - created.length };
}

/** One event's worth of changes, as JSON once for every stream that hears the same. */
interface Run {
  event: StreamEventName;
  /** The sequence number of the next run's first entry, if a run follows. */
  nextSeq: number | undefined;
  /**
   * The event's `event:` and `data:` lines, encoded once: every stream writes these same bytes, then its own `id:`
   * line, which ends the event (the order of an event's lines does not matter to a reader of Server-Sent Events).
   */
  head: Buffer;
}

/** What a stream hears, as a key: streams with the same key are sent the same text. */
export function audienceKey(audience: StreamAudience): string {
  return `${audience.heartbeats ? 'h' : '-'}${audience.blackouts ? 'b' : '-'}|${customersKey(audience.customers)}`;
}

/** The customers a caller sees, as a key: the same set in any order gives the same key; `*` for every customer. */
export function customersKey(customers: Iterable<string> | undefined): string {
  return customers === undefined ? '*' : [...customers].sort().join('\u0000');
}

function hears(audience: StreamAudience, entry: ChangeEntry): boolean {
  if (entry.kind === 'heartbeat' && !audience.heartbeats) return false;
  if (entry.kind === 'blackout' && !audience.blackouts) return false;
  const customers = audience.customers;
  return customers === undefined || (entry.customer !== null && customers.has(entry.customer));
}

/**
 * The events one delivery makes for one audience, worked out once per delivery and audience however many streams
 * share them (docs/api/stream.md#who-hears-what): each stream then only writes the text.
 */
const runsMade = new WeakMap<readonly ChangeEntry[], Map<string, readonly Run[]>>();

function runsOf(entries: readonly ChangeEntry[], audience: StreamAudience & { key: string }): readonly Run[] {
  let byAudience = runsMade.get(entries);
  if (byAudience === undefined) {
    byAudience = new Map();
    runsMade.set(entries, byAudience);
  }
  const made = byAudience.get(audience.key);
  if (made !== undefined) return made;
  const visible = entries.filter((entry) => hears(audience, entry));
  const runs: Run[] = [];
  let start = 0;
  while (start < visible.length) {
    const first = visible[start];
    if (first === undefined) break;
    let end = start + 1;
    while (end < visible.length && visible[end]?.kind === first.kind) end += 1;
    const run = visible.slice(start, end);
    const event = EVENT_OF[first.kind];
    const head = Buffer.from(`event: ${event}\ndata: ${JSON.stringify(eventData(first.kind, run))}\n`);
    runs.push({ event, nextSeq: visible[end]?.seq, head });
    start = end;
  }
  byAudience.set(audience.key, runs);
  return runs;
}

/** One SSE block: `event:`, `id:` and one `data:` line of JSON (which never holds a line break). */
export function sseEvent(event: StreamEventName, id: number, data: unknown): string {
  return `event: ${event}\nid: ${id}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * One open stream: filters what the hub delivers to what its caller may read, writes it as events, keeps the
 * connection alive with comments, and ends itself when its client stops reading (docs/api/stream.md#the-answer).
 */
export class LiveStream implements HubSubscriber {
  /** The id of the latest event written: every change up to it has been sent, or was not for this stream. */
  private lastId = 0;
  /** Deliveries that came while the stream was being started (hello, replay); sent after them, in order. */
  private held: { entries: readonly ChangeEntry[]; watermark: number }[] | undefined = [];
  private wroteSinceTick = false;
  private readonly keepalive: NodeJS.Timeout;
  private ended = false;
  /** Set while the replay waits for the client to read: ends the wait when the stream ends. */
  private stopWaiting: (() => void) | undefined;

  constructor(
    private readonly out: PassThrough,
    private readonly raw: ServerResponse,
    private readonly audience: StreamAudience & { key: string },
    private readonly options: LiveStreamOptions,
    private readonly onEnd: () => void,
  ) {
    this.keepalive = setInterval(() => {
      if (!this.wroteSinceTick) this.write(': keepalive\n\n');
      this.wroteSinceTick = false;
    }, options.keepaliveMs);
    this.keepalive.unref();
  }

  get closed(): boolean {
    return this.ended;
  }

  /** Called by the hub with each read's new entries. */
  deliver(entries: readonly ChangeEntry[], watermark: number): void {
    if (this.ended) return;
    if (this.held !== undefined) {
      this.held.push({ entries, watermark });
      return;
    }
    this.send(entries, watermark);
  }

  /**
   * Writes the start of the stream: the `retry:` line and `hello`, `resync` when the asked-for position cannot be
   * resumed, the replay of what a resuming client missed, then whatever arrived meanwhile.
   */
  async begin(
    hub: ChangeHub,
    retryMs: number,
    attachment: { position: number; resync?: string; replay?: Replay },
  ): Promise<void> {
    this.lastId = attachment.position;
    this.write(`retry: ${retryMs}\n\n`);
    this.write(sseEvent('hello', attachment.position, { position: String(attachment.position) }));
    if (attachment.resync !== undefined) {
      this.write(sseEvent('resync', attachment.position, { reason: attachment.resync }));
    }
    const replay = attachment.replay;
    if (replay !== undefined) {
      let cursor: number | undefined = replay.after;
      while (cursor !== undefined && !this.ended) {
        const page: Awaited<ReturnType<ChangeHub['replayPage']>> = await hub.replayPage(replay, cursor);
        this.send(page.entries, page.next === undefined ? replay.watermark : Math.min(replay.watermark, page.next));
        cursor = page.next;
        if (this.out.writableNeedDrain && !this.ended) await this.drained();
      }
    }
    const held = this.held ?? [];
    this.held = undefined;
    for (const delivery of held) this.send(delivery.entries, delivery.watermark);
  }

  /** Until the client has read what waits for it, or the stream has ended. */
  private drained(): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        this.out.off('drain', done);
        this.stopWaiting = undefined;
        resolve();
      };
      this.out.on('drain', done);
      this.stopWaiting = done;
    });
  }

  /** Ends the answer (the server is shutting down, or the client went): the hub forgets it. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.stopWaiting?.();
    clearInterval(this.keepalive);
    this.held = undefined;
    this.out.end();
    this.onEnd();
  }

  /**
   * Writes the entries this stream may hear, consecutive ones of a kind as one event. An event's id is the position up
   * to which everything has been sent: the watermark for the last event, and for an earlier one no further than just
   * before the next event's first entry, so a reconnect from any id skips nothing.
   */
  private send(entries: readonly ChangeEntry[], watermark: number): void {
    for (const run of runsOf(entries, this.audience)) {
      const mark = run.nextSeq === undefined ? watermark : Math.min(watermark, run.nextSeq - 1);
      this.lastId = Math.max(this.lastId, mark);
      this.write(run.head, `id: ${this.lastId}\n\n`);
    }
  }

  private write(text: string | Buffer, end?: string): void {
    if (this.ended) return;
    this.wroteSinceTick = true;
    if (end === undefined) this.out.write(text);
    else {
      this.out.cork();
      this.out.write(text);
      this.out.write(end);
      this.out.uncork();
    }
    const unsent = this.out.writableLength + this.out.readableLength + this.raw.writableLength;
    if (unsent > this.options.maxUnsentBytes) {
      // A client this far behind is let go; it reconnects with Last-Event-ID and catches up from the log.
      this.end();
      this.raw.destroy();
    }
  }
}
