import { ApiError } from '../errors.js';
import type { Settings } from '../settings.js';

interface Failures {
  count: number;
  /** Failures older than the window are forgotten; a locked entry stays until this passes. */
  until: number;
}

/** Entries kept before expired ones are swept, so a flood of made-up logins cannot grow memory without bound. */
const SWEEP_AT = 10_000;

/**
 * Counts failed logins per login name and per client address. Once either reaches its limit within the window, that
 * login (or address) gets 429 until the window ends; everyone else logs in as before. A limit of 0 turns it off.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, Failures>();

  constructor(
    private readonly limits: { perLogin: number; perAddress: number; seconds: number },
    private readonly now: () => number = Date.now,
  ) {}

  private keys(login: string, address: string): [string, number][] {
    return [
      [`login\u0000${login.toLowerCase()}`, this.limits.perLogin],
      [`address\u0000${address}`, this.limits.perAddress],
    ];
  }

  /** Throws 429, with Retry-After, while the login or the address is locked out. */
  check(login: string, address: string): void {
    const now = this.now();
    for (const [key, limit] of this.keys(login, address)) {
      const entry = this.failures.get(key);
      if (entry === undefined || limit === 0) continue;
      if (entry.until <= now) {
        this.failures.delete(key);
        continue;
      }
      if (entry.count >= limit) {
        const seconds = Math.max(1, Math.ceil((entry.until - now) / 1000));
        throw new ApiError(429, `too many failed logins, try again in ${seconds} seconds`, null, {
          'retry-after': String(seconds),
        });
      }
    }
  }

  recordFailure(login: string, address: string): void {
    const now = this.now();
    if (this.failures.size >= SWEEP_AT) this.sweep(now);
    for (const [key, limit] of this.keys(login, address)) {
      if (limit === 0) continue;
      const entry = this.failures.get(key);
      const until = now + this.limits.seconds * 1000;
      if (entry === undefined || entry.until <= now) this.failures.set(key, { count: 1, until });
      else {
        entry.count += 1;
        // The lockout runs from the failure that reached the limit.
        if (entry.count >= limit) entry.until = until;
      }
    }
  }

  /** A successful login clears that login's failures; the address keeps its count. */
  recordSuccess(login: string): void {
    this.failures.delete(`login\u0000${login.toLowerCase()}`);
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.failures) if (entry.until <= now) this.failures.delete(key);
  }
}

const throttles = new WeakMap<object, LoginThrottle>();

/**
 * The throttle of one server: its settings object stands for it, so the login route and Basic credentials count
 * the same failures without another field on the app's context.
 */
export function loginThrottle(
  settings: Pick<Settings, 'LOGIN_FAILURE_LIMIT' | 'LOGIN_FAILURE_LIMIT_PER_ADDRESS' | 'LOGIN_LOCKOUT'>,
): LoginThrottle {
  let throttle = throttles.get(settings);
  if (throttle === undefined) {
    throttle = new LoginThrottle({
      perLogin: settings.LOGIN_FAILURE_LIMIT,
      perAddress: settings.LOGIN_FAILURE_LIMIT_PER_ADDRESS,
      seconds: settings.LOGIN_LOCKOUT,
    });
    throttles.set(settings, throttle);
  }
  return throttle;
}
