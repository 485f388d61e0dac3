import type { UserRepository } from '../store/types.js';

export interface UserStatusCacheOptions {
  /** How long a looked-up status (or the user's absence) is trusted before the database is asked again. */
  ttlMs: number;
  maxEntries: number;
}

const DEFAULTS: UserStatusCacheOptions = { ttlMs: 5000, maxEntries: 10_000 };

/**
 * The status of the user a Bearer token names, so a deactivated or deleted user's tokens stop working before they
 * expire without a database round trip on every request: a status is remembered for a few seconds. Changes made
 * through this process apply at once (the store reports them and `forget` drops the entry); changes made by another
 * server process sharing the database apply within `ttlMs`.
 */
export class UserStatusCache {
  private readonly options: UserStatusCacheOptions;
  private readonly cache = new Map<string, { status: string | undefined; until: number }>();
  /** Bumped by every `forget`, so a lookup that raced with a change does not store what it read before it. */
  private generation = 0;

  constructor(
    private readonly users: Pick<UserRepository, 'get'>,
    options: Partial<UserStatusCacheOptions> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** The user's status, or undefined when there is no such user. */
  async statusOf(id: string): Promise<string | undefined> {
    const now = this.now();
    const cached = this.cache.get(id);
    if (cached !== undefined && cached.until > now) return cached.status;
    const generation = this.generation;
    const status = (await this.users.get(id))?.status;
    if (generation === this.generation) {
      this.cache.delete(id);
      if (this.cache.size >= this.options.maxEntries) {
        const oldest = this.cache.keys().next().value;
        if (oldest !== undefined) this.cache.delete(oldest);
      }
      this.cache.set(id, { status, until: now + this.options.ttlMs });
    }
    return status;
  }

  /** Drops what is remembered of a user after a change; no argument drops everything. */
  forget(id?: string): void {
    this.generation += 1;
    if (id === undefined) this.cache.clear();
    else this.cache.delete(id);
  }
}
