import { ApiError } from '../errors.js';
import type { ApiKeyRecord, ApiKeyRepository, KeyUsage } from '../store/identity-types.js';

export interface ApiKeyCacheOptions {
  /** How long a looked-up key (or its absence) is trusted before the database is asked again. */
  ttlMs: number;
  /** How often counted uses are written. */
  flushMs: number;
  maxEntries: number;
}

const DEFAULTS: ApiKeyCacheOptions = { ttlMs: 5000, flushMs: 5000, maxEntries: 10_000 };

const invalid = (key: string) => new ApiError(401, `API key parameter '${key}' is invalid`);

/**
 * Checks API keys (docs/api/auth.md#credentials) without a database round trip on every request: a key's row is
 * remembered for a few seconds, and each use is counted in memory and written in one batch every few seconds instead of
 * one UPDATE per request. So a key deleted or changed by another server process keeps working for at most `ttlMs`, and
 * a crash loses at most `flushMs` of usage counts; changes made through this process take effect at once (`forget`).
 */
export class ApiKeyVerifier {
  private readonly options: ApiKeyCacheOptions;
  private readonly cache = new Map<string, { record: ApiKeyRecord | undefined; until: number }>();
  private pending = new Map<string, KeyUsage>();
  private timer: NodeJS.Timeout | undefined;
  /** Drops remembered keys once they have expired (see `forgetExpired`). */
  private sweep: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly keys: ApiKeyRepository,
    options: Partial<ApiKeyCacheOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** The key's record, or 401 when it is unknown or expired. Counts the use. */
  async verify(key: string, now = new Date()): Promise<ApiKeyRecord> {
    const record = await this.lookup(key, now.getTime());
    if (record === undefined || Date.parse(record.expireTime) <= now.getTime()) throw invalid(key);
    this.countUse(record.id, now.toISOString());
    return record;
  }

  private async lookup(key: string, nowMs: number): Promise<ApiKeyRecord | undefined> {
    const cached = this.cache.get(key);
    if (cached !== undefined && cached.until > nowMs) return cached.record;
    // Only key strings are accepted as credentials, never ids (find() would also match an id).
    const found = await this.keys.find(key);
    const record = found?.key === key ? found : undefined;
    this.cache.delete(key);
    this.forgetExpired(nowMs);
    if (this.cache.size >= this.options.maxEntries) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(key, { record, until: nowMs + this.options.ttlMs });
    this.sweepLater();
    return record;
  }

  /**
   * Every entry is trusted equally long, so the map's order (an entry is set anew at the end) is the order in which
   * they expire: the expired ones are at its front. Keys sent once, such as a scan trying random keys, are dropped
   * with them, instead of holding memory until as many others push them out.
   */
  private forgetExpired(nowMs: number): void {
    for (const [key, entry] of this.cache) {
      if (entry.until > nowMs) break;
      this.cache.delete(key);
    }
  }

  /** Once the oldest entry has expired, drops the expired ones, so an idle server gives their memory back too. */
  private sweepLater(): void {
    if (this.sweep !== undefined) return;
    const oldest = this.cache.values().next().value;
    if (oldest === undefined) return;
    this.sweep = setTimeout(
      () => {
        this.sweep = undefined;
        this.forgetExpired(Date.now());
        this.sweepLater();
      },
      Math.max(0, oldest.until - Date.now()) + 1,
    );
    this.sweep.unref();
  }

  private countUse(id: string, when: string): void {
    const usage = this.pending.get(id);
    if (usage === undefined) this.pending.set(id, { id, uses: 1, lastUsedTime: when });
    else {
      usage.uses += 1;
      if (when > usage.lastUsedTime) usage.lastUsedTime = when;
    }
    if (this.timer === undefined) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        // A failed write is retried with the next batch; nothing here may crash the process.
        this.flush().catch(() => undefined);
      }, this.options.flushMs);
      this.timer.unref();
    }
  }

  /** Writes the uses counted so far; reads of count and lastUsedTime call this first. */
  flush(): Promise<void> {
    // A failed earlier write must not stop later ones from running.
    this.flushing = this.flushing
      .catch(() => undefined)
      .then(async () => {
        if (this.pending.size === 0) return;
        const batch = [...this.pending.values()];
        this.pending = new Map();
        try {
          await this.keys.recordUse(batch);
        } catch (error) {
          for (const use of batch) {
            const again = this.pending.get(use.id);
            if (again === undefined) this.pending.set(use.id, use);
            else {
              again.uses += use.uses;
              if (use.lastUsedTime > again.lastUsedTime) again.lastUsedTime = use.lastUsedTime;
            }
          }
          throw error;
        }
      });
    return this.flushing;
  }

  /** How many keys (or absences of keys) are remembered now. */
  get remembered(): number {
    return this.cache.size;
  }

  /** Drops what is remembered of a key after it was changed or deleted here; no argument drops everything. */
  forget(key?: string): void {
    if (key === undefined) this.cache.clear();
    else this.cache.delete(key);
  }

  /** Writes pending uses and stops the timer (server shutdown). */
  async close(): Promise<void> {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.sweep !== undefined) clearTimeout(this.sweep);
    this.sweep = undefined;
    // Usage counts are statistics: when the database is gone they are lost rather than failing the shutdown.
    await this.flush().catch(() => undefined);
  }
}
