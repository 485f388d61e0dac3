import type { ChangeEntry, ChangeLogRepository } from '../store/change-log-types.js';

/** What the hub hands each open stream: the new entries of one read, and the contiguous position after them. */
export interface HubSubscriber {
  deliver(entries: readonly ChangeEntry[], watermark: number): void;
}

export interface HubOptions {
  /** STREAM_HISTORY in milliseconds: entries older than this are dropped from the log from time to time. */
  historyMs: number;
  /** How long a gap in the log's sequence is held open before it is taken as a rolled-back write. */
  gapHoldMs?: number;
  /** Between reads while the PostgreSQL listening connection is down. */
  pollMs?: number;
  /** Between the hub's own drops of old entries while it runs. */
  pruneEveryMs?: number;
  /** Entries read per query. */
  pageSize?: number;
  /**
   * The shortest time between the starts of two reads: a wake sooner than that waits for it, so that under a stream of
   * commits each read takes many entries and every stream gets one event for them instead of one per commit. The
   * time grows with what writing a read's entries to every stream costs (`publishShare` times it), and with the
   * number of streams (`coalescePerStreamMs` each: the sockets' work in the kernel and in the clients is not part of
   * what the writes take here), up to `coalesceMaxMs` (docs/api/stream.md#the-answer).
   */
  coalesceMs?: number;
  coalesceMaxMs?: number;
  publishShare?: number;
  coalescePerStreamMs?: number;
  onError?: (error: unknown) => void;
}

/** Where a stream that attaches starts, and what it has to be sent before the live entries. */
export interface Attachment {
  /** The position of the stream's `hello`. */
  position: number;
  /** Why the asked-for position cannot be resumed from (the stream then starts from now), if it cannot. */
  resync?: 'expired' | 'unknown';
  /** Entries after the asked-for position that the hub had already delivered before the stream attached. */
  replay?: Replay;
}

/** The entries a resuming stream is sent first: after `after`, up to `watermark`, and those of `early`. */
export interface Replay {
  after: number;
  watermark: number;
  upTo: number;
  early: ReadonlySet<number>;
}

const DEFAULTS = {
  gapHoldMs: 3_000,
  pollMs: 1_000,
  pruneEveryMs: 60_000,
  pageSize: 1_000,
  coalesceMs: 10,
  coalesceMaxMs: 500,
  publishShare: 10,
  coalescePerStreamMs: 0.5,
};

/**
 * One reader of the change log for all of a process's streams (docs/api/stream.md#across-processes). It starts with
 * the first stream and stops with the last; woken by the database (a notification, or the SQLite triggers), it reads
 * the new entries once and hands them to every stream.
 *
 * Positions: the watermark is the highest sequence number below which every entry has been delivered or is known not
 * to exist. An entry read past a hole in the sequence (a transaction that took a lower number has not committed yet)
 * is delivered at once but the watermark waits at the hole, for `gapHoldMs`, after which the hole is taken as a
 * rolled-back write. So a position handed to a client never passes an entry still to come.
 */
export class ChangeHub {
  private readonly options: Required<Omit<HubOptions, 'onError'>> & Pick<HubOptions, 'onError'>;
  private readonly subscribers = new Set<HubSubscriber>();
  private running = false;
  private stopListening: (() => Promise<void>) | undefined;
  /** Reads and attachments run one at a time, in order. */
  private serial: Promise<void> = Promise.resolve();
  private readPending = false;
  private lastReadAt = 0;
  /** Reads that found new entries, counted before they are handed to the streams. */
  private publishes = 0;
  /** What writing one read's entries to every stream took lately (a moving average), in milliseconds. */
  private publishMs = 0;
  private watermark = 0;
  /** Entries above the watermark already delivered, with when each was first read. */
  private readonly early = new Map<number, number>();
  private pollTimer: NodeJS.Timeout | undefined;
  private gapTimer: NodeJS.Timeout | undefined;
  private pruneTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly log: ChangeLogRepository,
    options: HubOptions,
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** Streams attached now. */
  get size(): number {
    return this.subscribers.size;
  }

  /**
   * For answers shared while nothing changed (docs/api/stream.md#shared-answers): the count of the hub's reads that
   * found new entries, undefined while the hub is not running.
   */
  get reads(): number | undefined {
    return this.running ? this.publishes : undefined;
  }

  /**
   * Whether the hub, still at `reads`, has read every entry committed so far: asked of the database, as many entries
   * above the watermark have committed as the hub has read there.
   */
  async readsAll(reads: number): Promise<boolean> {
    if (!this.running || this.publishes !== reads) return false;
    const watermark = this.watermark;
    const read = this.early.size;
    return (await this.log.countAfter(watermark)) === read;
  }

  /** The contiguous position: every entry up to it has been delivered (or never committed). */
  get position(): number {
    return this.watermark;
  }

  /**
   * Adds a stream once the hub listens for changes; `lastEventId` is the position a reconnecting client sent. From the
   * moment this resolves, every new entry reaches `subscriber`.
   */
  async attach(subscriber: HubSubscriber, lastEventId: number | undefined): Promise<Attachment> {
    if (this.closed) throw new Error('the change hub is closed');
    return this.inOrder(async () => {
      if (!this.running) await this.start();
      // Read what is there first, so that the position and the replay below are as fresh as can be.
      await this.readNow();
      const position = this.watermark;
      this.subscribers.add(subscriber);
      if (lastEventId === undefined || lastEventId === position) return { position };
      if (lastEventId > position) {
        // A position past ours: one another process gave (it read a little sooner), or none at all.
        if (lastEventId > (await this.log.allocated())) return { position, resync: 'unknown' };
        return { position };
      }
      const bounds = await this.log.bounds();
      // Entries after the position have been dropped: the oldest kept is not the next one.
      if (bounds === undefined || bounds.min > lastEventId + 1) return { position, resync: 'expired' };
      let upTo = position;
      for (const seq of this.early.keys()) upTo = Math.max(upTo, seq);
      return {
        position: lastEventId,
        replay: { after: lastEventId, watermark: position, upTo, early: new Set(this.early.keys()) },
      };
    });
  }

  detach(subscriber: HubSubscriber): void {
    if (!this.subscribers.delete(subscriber)) return;
    if (this.subscribers.size === 0) void this.inOrder(() => this.stopIfUnused());
  }

  /**
   * One page of a replay: the entries after `cursor` that the hub had delivered when the stream attached (up to its
   * watermark then, and those read early past a hole). `next` is the cursor of the next page, undefined at the end.
   */
  async replayPage(replay: Replay, cursor: number): Promise<{ entries: ChangeEntry[]; next: number | undefined }> {
    const rows = await this.log.after(cursor, this.options.pageSize);
    const entries: ChangeEntry[] = [];
    for (const entry of rows) {
      if (entry.seq > replay.upTo) return { entries, next: undefined };
      if (entry.seq <= replay.watermark || replay.early.has(entry.seq)) entries.push(entry);
    }
    const last = rows.at(-1);
    return { entries, next: rows.length < this.options.pageSize || last === undefined ? undefined : last.seq };
  }

  /** Stops reading and drops every stream; a closed hub takes no more. */
  async close(): Promise<void> {
    this.closed = true;
    this.subscribers.clear();
    await this.inOrder(() => this.stopIfUnused());
  }

  private inOrder<T>(work: () => Promise<T>): Promise<T> {
    const result = this.serial.then(work);
    this.serial = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }

  /** Runs inside the hub's order (attach). */
  private async start(): Promise<void> {
    this.watermark = await this.initialWatermark();
    this.early.clear();
    // What was known before the hub stopped is not known now: answers kept then are not shared again.
    this.publishes += 1;
    this.running = true;
    this.stopListening = this.log.listen({
      wake: () => this.wake(),
      listening: (up) => this.setListening(up),
    });
    this.pruneTimer = setInterval(() => void this.prune(), this.options.pruneEveryMs);
    this.pruneTimer.unref();
  }

  /**
   * Where reading starts: past every entry older than the gap hold (a transaction that took a lower number than that
   * and has still not committed is taken as rolled back), so that recent entries of transactions still open are
   * read when they commit. The first stream's `hello` is this position; entries above it reach it as changes.
   */
  private async initialWatermark(): Promise<number> {
    const settled = await this.log.lastOlderThan(this.options.gapHoldMs);
    if (settled !== undefined) return settled;
    const allocated = await this.log.allocated();
    const bounds = await this.log.bounds();
    // Nothing old enough: from just below what is kept, and at most a little below what was handed out.
    const floor = Math.max(0, allocated - 64);
    return bounds === undefined ? floor : Math.min(bounds.min - 1, floor);
  }

  private async stopIfUnused(): Promise<void> {
    if (this.subscribers.size > 0 || !this.running) return;
    this.running = false;
    clearInterval(this.pruneTimer);
    clearInterval(this.pollTimer);
    clearTimeout(this.gapTimer);
    this.pollTimer = undefined;
    this.gapTimer = undefined;
    const stop = this.stopListening;
    this.stopListening = undefined;
    await stop?.();
  }

  private setListening(up: boolean): void {
    clearInterval(this.pollTimer);
    this.pollTimer = undefined;
    if (up || !this.running) return;
    // docs/api/stream.md#across-processes: while notifications cannot arrive, read on a timer so nothing is lost.
    this.pollTimer = setInterval(() => this.wake(), this.options.pollMs);
    this.pollTimer.unref();
  }

  /** Asks for a read; wakes that come while one is queued share it. */
  private wake(): void {
    if (this.readPending || !this.running) return;
    this.readPending = true;
    const read = (): void => {
      void this.inOrder(async () => {
        this.readPending = false;
        if (!this.running) return;
        this.lastReadAt = Date.now();
        await this.readNow();
      });
    };
    const interval = Math.min(
      this.options.coalesceMaxMs,
      Math.max(
        this.options.coalesceMs,
        this.publishMs * this.options.publishShare,
        this.subscribers.size * this.options.coalescePerStreamMs,
      ),
    );
    const wait = this.lastReadAt + interval - Date.now();
    if (wait <= 0) read();
    else setTimeout(read, wait).unref();
  }

  private async readNow(): Promise<void> {
    try {
      await this.read();
    } catch (error) {
      this.options.onError?.(error);
    }
  }

  private async read(): Promise<void> {
    const now = Date.now();
    let cursor = this.watermark;
    for (;;) {
      const rows = await this.log.after(cursor, this.options.pageSize);
      const fresh: ChangeEntry[] = [];
      for (const entry of rows) {
        cursor = entry.seq;
        if (this.early.has(entry.seq)) continue;
        this.early.set(entry.seq, now);
        fresh.push(entry);
      }
      this.advance(Date.now());
      if (fresh.length > 0) this.publish(fresh);
      if (rows.length < this.options.pageSize) break;
    }
    this.scheduleGapCheck();
  }

  /** Moves the watermark over delivered entries, and over holes held longer than the gap hold. */
  private advance(now: number): boolean {
    const before = this.watermark;
    while (this.early.size > 0) {
      if (this.early.delete(this.watermark + 1)) {
        this.watermark += 1;
        continue;
      }
      let lowest = Number.POSITIVE_INFINITY;
      for (const seq of this.early.keys()) lowest = Math.min(lowest, seq);
      const readAt = this.early.get(lowest) ?? now;
      if (now - readAt < this.options.gapHoldMs) break;
      // The hole below the lowest early entry has been open since that entry was read: taken as rolled back.
      this.watermark = lowest - 1;
    }
    return this.watermark !== before;
  }

  private scheduleGapCheck(): void {
    clearTimeout(this.gapTimer);
    this.gapTimer = undefined;
    if (this.early.size === 0 || !this.running) return;
    let oldest = Number.POSITIVE_INFINITY;
    for (const readAt of this.early.values()) oldest = Math.min(oldest, readAt);
    const wait = Math.max(0, oldest + this.options.gapHoldMs - Date.now()) + 5;
    this.gapTimer = setTimeout(() => {
      this.gapTimer = undefined;
      // Read too: the hole may have been filled by a commit whose notification is still on its way.
      this.wake();
    }, wait);
    this.gapTimer.unref();
  }

  private publish(entries: readonly ChangeEntry[]): void {
    this.publishes += 1;
    const started = performance.now();
    for (const subscriber of this.subscribers) {
      try {
        subscriber.deliver(entries, this.watermark);
      } catch (error) {
        this.options.onError?.(error);
      }
    }
    const took = performance.now() - started;
    this.publishMs = this.publishMs === 0 ? took : 0.75 * this.publishMs + 0.25 * took;
  }

  private async prune(): Promise<void> {
    try {
      await this.log.prune(new Date(Date.now() - this.options.historyMs).toISOString());
    } catch (error) {
      this.options.onError?.(error);
    }
  }
}
