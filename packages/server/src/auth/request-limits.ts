import { ApiError } from '../errors.js';
import type { Settings } from '../settings.js';
import type { ThrottleCountRepository } from '../store/throttle-types.js';
import { clientNetwork, countId } from './throttle-keys.js';

export type RequestLimitSettings = Pick<
  Settings,
  | 'SIGNUP_LIMIT_PER_EMAIL'
  | 'SIGNUP_LIMIT_PER_ADDRESS'
  | 'PASSWORD_RESET_LIMIT_PER_EMAIL'
  | 'PASSWORD_RESET_LIMIT_PER_ADDRESS'
>;

/** The requests that are limited: sign-ups and forgotten-password requests. */
export type LimitedRequest = 'signup' | 'reset';

/** Every limit counts over one hour from the first request it counts. */
const WINDOW_MS = 3_600_000;

const REFUSAL: Record<LimitedRequest, string> = {
  signup: 'too many sign-ups',
  reset: 'too many password reset requests',
};

/**
 * The limits of README.md#sign-in-limits on requests that create accounts or send mail: per email address, so nobody
 * can flood one mailbox, and per client address, so nobody can create accounts in bulk. Counted in the database, so
 * every server process on it counts together.
 */
export class RequestLimits {
  constructor(
    private readonly counts: ThrottleCountRepository,
    private readonly settings: RequestLimitSettings,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * Counts one request for this email address from this client address; throws 429, with Retry-After, when either
   * has had its limit within the hour. Whether the email belongs to anyone plays no part, so the answer tells nothing
   * about it.
   */
  async count(kind: LimitedRequest, email: string, address: string): Promise<void> {
    const [perEmail, perAddress] =
      kind === 'signup'
        ? [this.settings.SIGNUP_LIMIT_PER_EMAIL, this.settings.SIGNUP_LIMIT_PER_ADDRESS]
        : [this.settings.PASSWORD_RESET_LIMIT_PER_EMAIL, this.settings.PASSWORD_RESET_LIMIT_PER_ADDRESS];
    const limits = new Map<string, number>();
    if (perEmail > 0) limits.set(countId(kind, 'email', email.toLowerCase()), perEmail);
    if (perAddress > 0) limits.set(countId(kind, 'address', clientNetwork(address)), perAddress);
    if (limits.size === 0) return;
    const now = this.clock();
    const counts = await this.counts.add(
      [...limits.keys()],
      new Date(now).toISOString(),
      new Date(now + WINDOW_MS).toISOString(),
      false,
    );
    let wait = 0;
    for (const count of counts) {
      if (count.count > (limits.get(count.id) ?? Infinity)) wait = Math.max(wait, Date.parse(count.expiresAt) - now);
    }
    if (wait > 0) {
      const seconds = Math.max(1, Math.ceil(wait / 1000));
      throw new ApiError(429, `${REFUSAL[kind]}, try again in ${seconds} seconds`, null, {
        'retry-after': String(seconds),
      });
    }
  }
}
