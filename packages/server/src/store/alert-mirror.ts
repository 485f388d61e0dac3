import type { Kysely } from 'kysely';
import type { ChangeLogRepository } from './change-log-types.js';
import type { EngineSql } from './engine.js';
import type { Database } from './schema.js';

/*
 * The copy each server process keeps of the few fields of every alert that a grouping of two levels reads
 * (docs/api/alerts.md#how-two-levels-are-counted): the fields a group can be keyed by, the severity and status it is
 * counted by, and lastReceiveTime. It is made from the alerts table on first use and kept current from the change log
 * (docs/api/stream.md#across-processes), which the database writes for every change whatever process made it: before
 * each use, the entries written since the last are read, and the alerts they name are read again. So the copy is
 * never older than the request that reads it, on either engine and with any number of processes.
 */

/** The text fields of an alert the copy holds, one value each (null as ''). */
export const MIRRORED_COLUMNS = [
  'environment',
  'resource',
  'event',
  'group',
  'origin',
  'customer',
  'severity',
  'status',
] as const;
/** The list fields, each alert's values without repeats (an empty list as ['']). */
export const MIRRORED_LISTS = ['service', 'tags'] as const;

export type MirroredColumn = (typeof MIRRORED_COLUMNS)[number];
export type MirroredList = (typeof MIRRORED_LISTS)[number];

/**
 * How long a gap in the log's sequence (an entry numbered but not yet committed) is waited for before it is taken as
 * a rolled-back write, as the live stream does (docs/api/stream.md#across-processes). Entries after a gap are applied
 * at once; only the position the next read starts from waits.
 */
const GAP_HOLD_MS = 5_000;
/** Log entries read per query while catching up. */
const LOG_PAGE = 5_000;
/** Alerts read per query when the copy is made. */
const LOAD_PAGE = 5_000;
/** Alerts read again per query (bound parameters stay well under either engine's limit). */
const REREAD_CHUNK = 500;
/** The code of the empty text, which stands for "no value". */
export const NONE = 0;

interface AlertFields {
  id: string;
  environment: string;
  service: unknown;
  resource: string;
  event: string;
  group: string | null;
  origin: string | null;
  customer: string | null;
  severity: string;
  status: string;
  tags: unknown;
  last_receive_time: Date | string;
}

/**
 * The alerts' fields, each text kept once in a dictionary and each alert as a slot of arrays of codes. A deleted
 * alert's slot is reused by the next new one.
 */
export class MirrorRows {
  /** The dictionary: code → text. */
  readonly texts: string[] = [''];
  private readonly codes = new Map<string, number>([['', NONE]]);
  private readonly slots = new Map<string, number>();
  private readonly free: number[] = [];
  /** Slots in use or freed: every slot below this may be alive. */
  length = 0;
  alive = new Uint8Array(1024);
  readonly columns = {} as Record<MirroredColumn, Int32Array>;
  readonly lists = {} as Record<MirroredList, (readonly number[])[]>;
  /** Each pair of severity and status codes held, as `[severity, status]`; `kinds` holds each slot's. */
  readonly kindCodes: (readonly [number, number])[] = [];
  private readonly kindOf = new Map<number, number>();
  kinds = new Int32Array(1024);
  /** lastReceiveTime as epoch milliseconds, to compare, and as the API writes it. */
  times = new Float64Array(1024);
  readonly timeTexts: string[] = [];

  constructor(private readonly engine: EngineSql) {
    for (const column of MIRRORED_COLUMNS) this.columns[column] = new Int32Array(1024);
    for (const list of MIRRORED_LISTS) this.lists[list] = [];
  }

  /** The code of a text, if any alert ever held it. */
  codeOf(text: string): number | undefined {
    return this.codes.get(text);
  }

  private intern(text: string | null): number {
    if (text === null || text === '') return NONE;
    let code = this.codes.get(text);
    if (code === undefined) {
      code = this.texts.length;
      this.texts.push(text);
      this.codes.set(text, code);
    }
    return code;
  }

  private kindCode(severity: number, status: number): number {
    // Codes stay below 2^26 here (a dictionary of that many texts would not fit in memory), so the key is exact.
    const key = severity * 2 ** 26 + status;
    let code = this.kindOf.get(key);
    if (code === undefined) {
      code = this.kindCodes.length;
      this.kindCodes.push([severity, status]);
      this.kindOf.set(key, code);
    }
    return code;
  }

  private internList(raw: unknown): number[] {
    const values = [...new Set(this.engine.decodeList(raw).map((value) => this.intern(value)))];
    return values.length === 0 ? [NONE] : values;
  }

  private grow(): void {
    const capacity = this.alive.length * 2;
    const wider = <T extends Int32Array | Float64Array | Uint8Array>(from: T, make: (n: number) => T): T => {
      const to = make(capacity);
      to.set(from);
      return to;
    };
    this.alive = wider(this.alive, (n) => new Uint8Array(n));
    this.times = wider(this.times, (n) => new Float64Array(n));
    this.kinds = wider(this.kinds, (n) => new Int32Array(n));
    for (const column of MIRRORED_COLUMNS) this.columns[column] = wider(this.columns[column], (n) => new Int32Array(n));
  }

  put(row: AlertFields): void {
    let slot = this.slots.get(row.id);
    if (slot === undefined) {
      slot = this.free.pop() ?? this.length++;
      if (slot >= this.alive.length) this.grow();
      this.slots.set(row.id, slot);
    }
    this.alive[slot] = 1;
    for (const column of MIRRORED_COLUMNS) this.columns[column][slot] = this.intern(row[column]);
    this.kinds[slot] = this.kindCode(this.columns.severity[slot] ?? NONE, this.columns.status[slot] ?? NONE);
    this.lists.service[slot] = this.internList(row.service);
    this.lists.tags[slot] = this.internList(row.tags);
    const time = this.engine.decodeDate(row.last_receive_time);
    this.times[slot] = Date.parse(time);
    this.timeTexts[slot] = time;
  }

  remove(id: string): void {
    const slot = this.slots.get(id);
    if (slot === undefined) return;
    this.slots.delete(id);
    this.alive[slot] = 0;
    this.free.push(slot);
  }
}

const FIELDS = ['id', ...MIRRORED_COLUMNS, ...MIRRORED_LISTS, 'last_receive_time'] as const;

/** The process's copy and where in the change log it stands. */
export class AlertMirror {
  private rows: MirrorRows | undefined;
  /** Every log entry up to here is in the copy. */
  private position = 0;
  /** Entries after `position` already applied (those after a gap still held open). */
  private readonly applied = new Set<number>();
  /** Gaps in the sequence after `position`, with when each was first seen (process clock). */
  private readonly gapsSince = new Map<number, number>();
  private running: Promise<MirrorRows> | undefined;
  private queued: Promise<MirrorRows> | undefined;
  /** The dictionary's size when the copy was last read whole. */
  private textsWhenRead = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: EngineSql,
    private readonly log: ChangeLogRepository,
    private readonly clock: () => number = Date.now,
    /** How many texts past twice those of the last whole read make the copy be read again. */
    private readonly textSlack = 100_000,
  ) {}

  /**
   * The copy, with every change committed before the call. A catch-up already under way may have started before the
   * caller's own change committed, so the caller then waits for the next one, which every caller waiting meanwhile
   * shares.
   */
  current(): Promise<MirrorRows> {
    if (this.running === undefined) {
      this.running = this.sync().finally(() => {
        this.running = undefined;
      });
      return this.running;
    }
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.current();
      });
    return this.queued;
  }

  private async sync(): Promise<MirrorRows> {
    // The dictionary keeps the texts of alerts long gone (resources come and go): once it has grown well past what
    // the copy held when read, the copy is read again, which keeps only the texts in use.
    if (this.rows === undefined || this.rows.texts.length > 2 * this.textsWhenRead + this.textSlack) return this.load();
    return (await this.catchUp(this.rows)) ? this.rows : this.load();
  }

  /**
   * Reads every alert. The copy then stands at the last entry older than the gap hold (entries still uncommitted
   * below it are taken as rolled back, as a catch-up would after as long), and catches up from there: what changed
   * while the alerts were read is read again.
   */
  private async load(): Promise<MirrorRows> {
    // Until it is read whole, there is no copy: a failure on the way leaves the next call to read it again.
    this.rows = undefined;
    for (;;) {
      const older = await this.log.lastOlderThan(GAP_HOLD_MS);
      const bounds = older === undefined ? await this.log.bounds() : undefined;
      const rows = new MirrorRows(this.engine);
      // In pages by id, so that the rows read are never all in memory at once beside the copy.
      let last: string | undefined;
      for (;;) {
        let page = this.db.selectFrom('alerts').select(FIELDS).orderBy('id').limit(LOAD_PAGE);
        if (last !== undefined) page = page.where('id', '>', last);
        const found = await page.execute();
        for (const alert of found) rows.put(alert);
        last = found.at(-1)?.id;
        if (found.length < LOAD_PAGE) break;
      }
      this.position = older ?? (bounds === undefined ? 0 : bounds.min - 1);
      this.applied.clear();
      this.gapsSince.clear();
      // False only when the log dropped entries after that position while the alerts were read: read them again.
      if (await this.catchUp(rows)) {
        this.rows = rows;
        this.textsWhenRead = rows.texts.length;
        return rows;
      }
    }
  }

  /**
   * Applies the entries after `position`; false when some of them have been dropped from the log (docs/api/stream.md:
   * entries older than STREAM_HISTORY are), so the copy must be read again.
   */
  private async catchUp(rows: MirrorRows): Promise<boolean> {
    const seen = new Set<number>();
    const changed = new Set<string>();
    let after = this.position;
    for (;;) {
      const entries = await this.log.after(after, LOG_PAGE);
      if (after === this.position && entries[0] !== undefined && entries[0].seq > this.position + 1) {
        // The log always keeps its newest entry, so entries dropped after `position` leave its first one past it.
        const bounds = await this.log.bounds();
        if (bounds !== undefined && bounds.min > this.position + 1) return false;
      }
      for (const entry of entries) {
        seen.add(entry.seq);
        if (entry.kind === 'alert' && !this.applied.has(entry.seq)) changed.add(entry.id);
      }
      const last = entries.at(-1);
      if (last === undefined || entries.length < LOG_PAGE) break;
      after = last.seq;
    }
    await this.reread(rows, [...changed]);
    this.advance(seen);
    return true;
  }

  /** Reads the named alerts again: each one is put as it is now, or removed when it is gone. */
  private async reread(rows: MirrorRows, ids: readonly string[]): Promise<void> {
    for (let i = 0; i < ids.length; i += REREAD_CHUNK) {
      const chunk = ids.slice(i, i + REREAD_CHUNK);
      const found = await this.db.selectFrom('alerts').select(FIELDS).where('id', 'in', chunk).execute();
      const present = new Set<string>();
      for (const alert of found) {
        rows.put(alert);
        present.add(alert.id);
      }
      for (const id of chunk) if (!present.has(id)) rows.remove(id);
    }
  }

  /** Moves `position` over the entries now applied, and over gaps held open longer than GAP_HOLD_MS. */
  private advance(seen: ReadonlySet<number>): void {
    let highest = this.position;
    for (const seq of seen) {
      this.applied.add(seq);
      if (seq > highest) highest = seq;
    }
    const now = this.clock();
    for (let seq = this.position + 1; seq < highest; seq += 1) {
      if (!this.applied.has(seq) && !this.gapsSince.has(seq)) this.gapsSince.set(seq, now);
    }
    while (this.position < highest) {
      const next = this.position + 1;
      const since = this.gapsSince.get(next);
      if (!this.applied.has(next) && (since === undefined || now - since < GAP_HOLD_MS)) break;
      this.position = next;
    }
    for (const seq of this.applied) if (seq <= this.position) this.applied.delete(seq);
    for (const seq of this.gapsSince.keys()) if (seq <= this.position) this.gapsSince.delete(seq);
  }
}
