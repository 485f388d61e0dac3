import type { AlertInput } from '@alerta/contract';
import type { AlertRepository } from '../store/types.js';
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
/** From this many alerts in the last batch on, the next batch waits a little for the senders just answered. */
const MIN_FILLING = 4;
/** The longest such wait. */
const FILL_MS = 1;

export interface IngestBatchStores extends PreReceiveStores {
  alerts: AlertRepository;
}

interface Waiting {
  received: ReceivedAlert;
  resolve(result: IngestResult | DivertedAlert): void;
  reject(error: unknown): void;
}

/**
 * POST /alert with group commit. Alerts that arrive while a batch is being written wait, and the next batch stores
 * them all in one transaction: one commit, and a few set-based statements instead of several per alert. Each request
 * still gets the answer it would get on its own, after the commit. If the batch's transaction fails (a client id
 * already in use, a concurrent insert by another process, a deadlock …) nothing of it was committed, and its alerts
 * are stored one at a time, so one bad alert only fails itself.
 */
export class IngestBatcher {
  private readonly queue: Waiting[] = [];
  private draining = false;
  /** The last batch's alerts and those that arrived while it was stored: about how many senders are at work. */
  private senders = 0;
  /** Ends the wait for the next batch to fill up, once the queue is long enough. */
  private filled: { size: number; wake: () => void } | undefined;

  constructor(
    private readonly stores: IngestBatchStores,
    private readonly settings: IngestSettings,
  ) {}

  /** api.md §2 for one alert; validation, policy and the heartbeat step answer before the alert joins a batch. */
  async ingest(input: AlertInput, user: string | null): Promise<IngestResult | DivertedAlert> {
    const received = receiveInput(this.settings, input, user);
    const heartbeat = await heartbeatStep(this.stores, this.settings, received.incoming, received.now);
    if (heartbeat !== undefined) return heartbeat;
    return new Promise((resolve, reject) => {
      this.queue.push({ received, resolve, reject });
      if (this.filled !== undefined && this.queue.length >= this.filled.size) this.filled.wake();
      if (this.draining) return;
      this.draining = true;
      // Let requests already read from the sockets join the first batch too.
      setImmediate(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      if (this.senders >= MIN_FILLING && this.queue.length < this.senders) {
        await this.fill(Math.min(this.senders, MAX_BATCH));
      }
      const batch = this.queue.splice(0, MAX_BATCH);
      try {
        await this.run(batch);
      } catch (error) {
        // Not expected (run settles every request itself), but no request may be left waiting.
        for (const waiting of batch) waiting.reject(error);
      }
      this.senders = batch.length + this.queue.length;
    }
    this.draining = false;
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

  /** Settles every request of the batch; never throws. */
  private async run(batch: Waiting[]): Promise<void> {
    let storing: Waiting[];
    try {
      storing = await this.applyBlackouts(batch);
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
      return;
    }
    if (storing.length === 0) return;

    let planned = false;
    let results: IngestResult[];
    try {
      results = await this.stores.alerts.ingestBatch(async (tx) => {
        const received = storing.map((w) => w.received);
        const candidates = await tx.candidates(received.map((r) => r.incoming));
        const plan = planBatch(
          {
            model: this.settings.model,
            historyLimit: this.settings.historyLimit,
            historyOnValueChange: this.settings.historyOnValueChange ?? true,
          },
          candidates,
          received,
        );
        await tx.write(plan.write);
        planned = true;
        return plan.results;
      });
    } catch (error) {
      // A failed COMMIT may or may not have been applied, so storing again could apply alerts twice.
      if (planned) {
        for (const waiting of storing) waiting.reject(error);
        return;
      }
      await this.storeEach(storing);
      return;
    }
    storing.forEach((waiting, i) => {
      const result = results[i];
      if (result === undefined) waiting.reject(new Error('ingest batch lost a result'));
      else waiting.resolve(result);
    });
  }

  /** The blackout step (api.md §5) with one query for the whole batch; suppressed alerts are answered here. */
  private async applyBlackouts(batch: Waiting[]): Promise<Waiting[]> {
    const looked = batch.filter((w) => blackoutApplies(this.settings, w.received.incoming));
    let blackouts: Awaited<ReturnType<PreReceiveStores['blackouts']['overlapping']>> = [];
    if (looked.length > 0) {
      const times = looked.map((w) => w.received.incoming.createTime).sort();
      const environments = [...new Set(looked.map((w) => w.received.incoming.environment))];
      blackouts = await this.stores.blackouts.overlapping(environments, times[0] ?? '', times.at(-1) ?? '');
    }
    const storing: Waiting[] = [];
    for (const waiting of batch) {
      const { incoming } = waiting.received;
      const outcome = blackoutStep(this.settings, incoming, blackouts);
      if (outcome.kind === 'continue') {
        incoming.status = outcome.status;
        storing.push(waiting);
      } else {
        waiting.resolve(outcome);
      }
    }
    return storing;
  }

  /** The per-alert path, in arrival order, with its retries and 409s. */
  private async storeEach(batch: Waiting[]): Promise<void> {
    for (const waiting of batch) {
      try {
        waiting.resolve(await storeAlert(this.stores.alerts, this.settings, waiting.received));
      } catch (error) {
        waiting.reject(error);
      }
    }
  }
}
