import type { AlertInput } from '@alerta/contract';
import type { BlackoutWindow } from '../store/ingest-types.js';
import type { AlertRepository, BlackoutRecord } from '../store/types.js';
import { isDatabaseUnavailable } from '../store/unavailable.js';
import { planBatch } from './batch-plan.js';
import {
  type DivertedAlert,
  type IngestResult,
  type IngestSettings,
  type ReceivedAlert,
  receiveInput,
  storeAlert,
} from './ingest.js';
import { type PreReceiveStores, blackoutApplies, blackoutStep, heartbeatStep } from './pre-receive.js';

/** Enough to make a commit cheap per alert, small enough to stay far from SQLite's bound-parameter limit. */
const MAX_BATCH = 64;
/** From this many senders at work on, a new batch waits a little for the senders just answered. */
const MIN_FILLING = 4;
/** The longest such wait. */
const FILL_MS = 1;
/**
 * Batches stored at once on PostgreSQL: while one waits for its commit to reach the disk, the next is read, planned and
 * written on another connection (README.md#architecture). SQLite has one writer, so it stores one batch at a time.
 */
const POSTGRES_IN_FLIGHT = 2;

export interface IngestBatchStores extends PreReceiveStores {
  alerts: AlertRepository;
  engine: 'sqlite' | 'postgres';
}

interface Waiting {
  received: ReceivedAlert;
  /** docs/api/ingest.md#matching: only alerts of one environment, resource and customer can match each other. */
  scope: string;
  resolve(result: IngestResult | DivertedAlert): void;
  reject(error: unknown): void;
}

/** A batch after its blackout step: the alerts to store, with the status it gave them, and those it suppressed. */
interface Screened {
  storing: { waiting: Waiting; received: ReceivedAlert }[];
  suppressed: { waiting: Waiting; answer: DivertedAlert }[];
}

const settleSuppressed = (screened: Screened): void => {
  for (const { waiting, answer } of screened.suppressed) waiting.resolve(answer);
};

const scopeOf = (received: ReceivedAlert): string => {
  const { environment, resource, customer } = received.incoming;
  return JSON.stringify([environment, resource, customer ?? '']);
};

/**
 * POST /alert with group commit. Alerts that arrive while a batch is being written wait, and the next batch stores
 * them all in one transaction: one commit, and a few set-based statements instead of several per alert. Each request
 * still gets the answer it would get on its own, once the commit has returned: on PostgreSQL (synchronous_commit on)
 * and on SQLite (SQLITE_SYNCHRONOUS=FULL) that is once the commit is on disk (README.md#durability). If the batch's
 * transaction fails (a client id already in use, a concurrent insert by another process, a deadlock …) nothing of it
 * was committed, and its alerts are stored one at a time, so one bad alert only fails itself.
 *
 * On PostgreSQL several batches are in flight at once, under two rules that keep every answer as if the alerts had
 * come one after the other:
 * - a batch takes no alert of an environment, resource and customer (the scope matching looks in) that a batch still
 *   in flight holds: it would not see that batch's uncommitted changes. Such alerts wait, in arrival order, for the
 *   next batch after it; alerts of other scopes may pass them, as nothing they do can meet.
 * - batches write one at a time. Their statements update shared tally rows (README.md#architecture), which stay locked
 *   until the commit; a batch that starts writing once the one before has finished writing can wait for that one's
 *   commit, but never the other way round, so they cannot deadlock. Reading and planning overlap freely.
 */
export class IngestBatcher {
  private readonly queue: Waiting[] = [];
  private draining = false;
  /** The requests in flight and queued when a batch last ended: about how many senders are at work. */
  private senders = 0;
  /** Ends the wait for the next batch to fill up, once the queue is long enough. */
  private filled: { size: number; wake: () => void } | undefined;
  private readonly inFlight: number;
  /** The batches being stored, and how many of them hold each scope. */
  private readonly running = new Set<Waiting[]>();
  private readonly busy = new Map<string, number>();
  /** Wakes the drain loop when a batch ends. */
  private ended: (() => void) | undefined;
  /** The end of the last write turn taken: the next writer waits for it. */
  private lastWrite: Promise<void> = Promise.resolve();

  constructor(
    private readonly stores: IngestBatchStores,
    private readonly settings: IngestSettings,
  ) {
    this.inFlight = stores.engine === 'postgres' ? POSTGRES_IN_FLIGHT : 1;
  }

  /**
   * docs/api/ingest.md for one alert; validation, policy and the heartbeat step answer before the alert joins a batch.
   */
  async ingest(input: AlertInput, user: string | null): Promise<IngestResult | DivertedAlert> {
    const received = receiveInput(this.settings, input, user);
    const heartbeat = await heartbeatStep(this.stores, this.settings, received.incoming, received.now);
    if (heartbeat !== undefined) return heartbeat;
    return new Promise((resolve, reject) => {
      this.queue.push({ received, scope: scopeOf(received), resolve, reject });
      if (this.filled !== undefined && this.queue.length >= this.filled.size) this.filled.wake();
      // The drain loop may be waiting with a slot free, for a batch holding the scopes of all it had queued.
      if (this.running.size < this.inFlight) this.ended?.();
      if (this.draining) return;
      this.draining = true;
      // Let requests already read from the sockets join the first batch too.
      setImmediate(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      if (this.running.size >= this.inFlight) {
        await this.batchEnded();
        continue;
      }
      // A batch of every sender at work is cheaper per alert than several smaller ones (each costs its round trips),
      // so another batch starts beside one in flight only when a whole batch's worth is queued, as under a backlog.
      const share = Math.min(this.senders, MAX_BATCH);
      if (this.running.size > 0 && this.queue.length < Math.max(share, 1)) {
        await this.batchEnded();
        continue;
      }
      if (this.senders >= MIN_FILLING && this.queue.length < share) await this.fill(share);
      const free = this.inFlight - this.running.size;
      const batch = this.take(Math.min(Math.max(share, Math.ceil(this.queue.length / free)), MAX_BATCH));
      if (batch.length === 0) {
        // Every queued alert waits for a batch in flight that holds its scope.
        await this.batchEnded();
        continue;
      }
      this.start(batch);
    }
    this.draining = false;
  }

  /** Takes up to `size` queued alerts, oldest first, of scopes no batch in flight holds. */
  private take(size: number): Waiting[] {
    const batch: Waiting[] = [];
    const left: Waiting[] = [];
    for (const waiting of this.queue) {
      if (batch.length < size && !this.busy.has(waiting.scope)) batch.push(waiting);
      else left.push(waiting);
    }
    this.queue.splice(0, this.queue.length, ...left);
    return batch;
  }

  private start(batch: Waiting[]): void {
    this.running.add(batch);
    for (const { scope } of batch) this.busy.set(scope, (this.busy.get(scope) ?? 0) + 1);
    void this.run(batch)
      .catch((error: unknown) => {
        // Not expected (run settles every request itself), but no request may be left waiting.
        for (const waiting of batch) waiting.reject(error);
      })
      .finally(() => {
        this.senders = [...this.running].reduce((sum, b) => sum + b.length, 0) + this.queue.length;
        this.running.delete(batch);
        for (const { scope } of batch) {
          const left = (this.busy.get(scope) ?? 1) - 1;
          if (left === 0) this.busy.delete(scope);
          else this.busy.set(scope, left);
        }
        this.ended?.();
      });
  }

  private batchEnded(): Promise<void> {
    return new Promise((resolve) => {
      this.ended = () => {
        this.ended = undefined;
        resolve();
      };
    });
  }

  /**
   * Senders answered by the last batch send their next alerts a fraction of a millisecond later. With several at work,
   * waiting until one alert per sender is queued (FILL_MS at most) lets one commit serve about twice the alerts; a few
   * senders never wait.
   */
  private fill(size: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.filled = undefined;
        resolve();
      };
      const timer = setTimeout(wake, FILL_MS);
      this.filled = { size, wake };
    });
  }

  /** Runs `work` once every write turn taken before has ended. */
  private async writeTurn<T>(work: () => Promise<T>): Promise<T> {
    const before = this.lastWrite;
    let done = () => {};
    this.lastWrite = new Promise((resolve) => {
      done = resolve;
    });
    try {
      await before;
      return await work();
    } finally {
      done();
    }
  }

  /** Settles every request of the batch; never throws. */
  private async run(batch: Waiting[]): Promise<void> {
    // Set once the batch is written: from then on, a failure may come from a COMMIT that was applied after all.
    let planned: Screened | undefined;
    let stored: { screened: Screened; results: IngestResult[] };
    try {
      stored = await this.stores.alerts.ingestBatch(async (tx) => {
        // The blackouts come with the candidates: those of alerts the blackout step suppresses are left unused.
        const read = await tx.read(
          batch.map((w) => w.received.incoming),
          this.blackoutWindow(batch),
        );
        const screened = this.screen(batch, read.blackouts);
        const plan = planBatch(
          {
            model: this.settings.model,
            historyLimit: this.settings.historyLimit,
            historyOnValueChange: this.settings.historyOnValueChange ?? true,
          },
          read.candidates,
          screened.storing.map((s) => s.received),
        );
        await this.writeTurn(() => tx.write(plan.write));
        planned = screened;
        return { screened, results: plan.results };
      });
    } catch (error) {
      // A failed COMMIT may or may not have been applied, so storing again could apply alerts twice.
      if (planned !== undefined) {
        settleSuppressed(planned);
        for (const { waiting } of planned.storing) waiting.reject(error);
        return;
      }
      // The database is down or cannot write: one at a time would only wait out the same failure once per alert.
      if (isDatabaseUnavailable(error)) {
        for (const waiting of batch) waiting.reject(error);
        return;
      }
      let fallback: Screened;
      try {
        const window = this.blackoutWindow(batch);
        const blackouts =
          window === undefined
            ? []
            : await this.stores.blackouts.overlapping(window.environments, window.from, window.to);
        fallback = this.screen(batch, blackouts);
      } catch (screening) {
        for (const waiting of batch) waiting.reject(screening);
        return;
      }
      settleSuppressed(fallback);
      // Its own transactions write tally rows too, so they take the write turn like a batch.
      await this.writeTurn(() => this.storeEach(fallback.storing));
      return;
    }
    settleSuppressed(stored.screened);
    stored.screened.storing.forEach(({ waiting }, i) => {
      const result = stored.results[i];
      if (result === undefined) waiting.reject(new Error('ingest batch lost a result'));
      else waiting.resolve(result);
    });
  }

  /** The environments and times of the alerts the blackout step needs blackouts for (docs/api/blackouts.md), if any. */
  private blackoutWindow(batch: readonly Waiting[]): BlackoutWindow | undefined {
    const looked = batch.filter((w) => blackoutApplies(this.settings, w.received.incoming));
    if (looked.length === 0) return undefined;
    const times = looked.map((w) => w.received.incoming.createTime).sort();
    return {
      environments: [...new Set(looked.map((w) => w.received.incoming.environment))],
      from: times[0] ?? '',
      to: times.at(-1) ?? '',
    };
  }

  /** The blackout step for each alert of the batch, given the blackouts of its window. */
  private screen(batch: readonly Waiting[], blackouts: readonly BlackoutRecord[]): Screened {
    const screened: Screened = { storing: [], suppressed: [] };
    for (const waiting of batch) {
      const { incoming } = waiting.received;
      const outcome = blackoutStep(this.settings, incoming, blackouts);
      if (outcome.kind === 'continue') {
        screened.storing.push({
          waiting,
          received: { ...waiting.received, incoming: { ...incoming, status: outcome.status } },
        });
      } else {
        screened.suppressed.push({ waiting, answer: outcome });
      }
    }
    return screened;
  }

  /** The per-alert path, in arrival order, with its retries and 409s. */
  private async storeEach(storing: Screened['storing']): Promise<void> {
    for (const { waiting, received } of storing) {
      try {
        waiting.resolve(await storeAlert(this.stores.alerts, this.settings, received));
      } catch (error) {
        waiting.reject(error);
      }
    }
  }
}
