import { ApiError } from '../errors.js';
import type { Settings } from '../settings.js';
import type { ThrottleCountRepository } from '../store/throttle-types.js';
import { clientNetwork, countId } from './throttle-keys.js';

export type LoginLimitSettings = Pick<
  Settings,
  'LOGIN_FAILURE_LIMIT' | 'LOGIN_FAILURE_LIMIT_PER_ADDRESS' | 'LOGIN_FAILURE_WINDOW' | 'LOGIN_DELAY_MAX'
>;

/** What `check` found, handed back to `recordSuccess`. */
export interface LoginAttempt {
  /** The count of this login from this address, which a success clears. */
  readonly pair: string;
  /** Whether that count exists, so that a success with nothing to clear writes nothing. */
  readonly pairCounted: boolean;
}

/** Seconds to wait after `count` failures where `limit` are allowed: none below it, then 1, 2, 4 … up to `max`. */
export function delaySeconds(count: number, limit: number, max: number): number {
  if (limit === 0 || count < limit) return 0;
  return Math.min(max, 2 ** Math.min(count - limit, 30));
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The login throttle of README.md#sign-in-limits, shared by POST /auth/login and Basic credentials (and LDAP logins).
 * Failures are counted per login and client address together, and per client address alone, in the database, so every
 * server process on it sees them. Past a limit, that pair or that address waits before its next attempt, twice as
 * long after each further failure; nothing else is held back. In particular, failures for a login from one address
 * never refuse or slow down the same login from another address, so nobody can lock a user out by failing on purpose.
 */
export class LoginThrottle {
  constructor(
    private readonly counts: ThrottleCountRepository,
    private readonly settings: LoginLimitSettings,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The counts that apply to this attempt, each with its limit (a limit of 0 counts nothing). */
  private limits(login: string, address: string): { pair: string; limits: Map<string, number> } {
    const network = clientNetwork(address);
    const pair = countId('login', login.toLowerCase(), network);
    const limits = new Map<string, number>();
    if (this.settings.LOGIN_FAILURE_LIMIT > 0) limits.set(pair, this.settings.LOGIN_FAILURE_LIMIT);
    if (this.settings.LOGIN_FAILURE_LIMIT_PER_ADDRESS > 0) {
      limits.set(countId('login-address', network), this.settings.LOGIN_FAILURE_LIMIT_PER_ADDRESS);
    }
    return { pair, limits };
  }

  /**
   * Before the password is checked: throws 429, with Retry-After, while this login from this address, or this
   * address, must still wait. One indexed read; no write.
   */
  async check(login: string, address: string): Promise<LoginAttempt> {
    const { pair, limits } = this.limits(login, address);
    if (limits.size === 0) return { pair, pairCounted: false };
    const now = this.clock();
    const found = await this.counts.read([...limits.keys()], iso(now));
    let wait = 0;
    for (const count of found) {
      const delay = delaySeconds(count.count, limits.get(count.id) ?? 0, this.settings.LOGIN_DELAY_MAX);
      wait = Math.max(wait, Date.parse(count.lastAt) + delay * 1000 - now);
    }
    if (wait > 0) {
      const seconds = Math.max(1, Math.ceil(wait / 1000));
      throw new ApiError(429, `too many failed logins, try again in ${seconds} seconds`, null, {
        'retry-after': String(seconds),
      });
    }
    return { pair, pairCounted: found.some((count) => count.id === pair) };
  }

  /** A wrong password (or unknown login): one write that counts it for the pair and the address. */
  async recordFailure(login: string, address: string): Promise<void> {
    const { limits } = this.limits(login, address);
    const now = this.clock();
    await this.counts.add([...limits.keys()], iso(now), iso(now + this.settings.LOGIN_FAILURE_WINDOW * 1000), true);
  }

  /** A right password clears the failures of its login from its address; the address keeps its own count. */
  async recordSuccess(attempt: LoginAttempt): Promise<void> {
    if (attempt.pairCounted) await this.counts.clear(attempt.pair);
  }
}
