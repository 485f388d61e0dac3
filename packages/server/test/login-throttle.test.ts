import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LoginThrottle } from '../src/auth/login-throttle.js';
import { ApiError } from '../src/errors.js';

/** A throttle on a clock the test moves by hand. */
function throttleAt(limits: { perLogin: number; perAddress: number; seconds: number }) {
  const clock = { now: Date.UTC(2026, 0, 1) };
  return { clock, throttle: new LoginThrottle(limits, () => clock.now) };
}

/** The Retry-After of the 429 `check` throws, or undefined when it lets the login through. */
function retryAfter(throttle: LoginThrottle, login: string, address: string): string | undefined {
  try {
    throttle.check(login, address);
    return undefined;
  } catch (error) {
    assert.ok(error instanceof ApiError);
    assert.equal(error.statusCode, 429);
    return error.headers['retry-after'];
  }
}

describe('login throttle', () => {
  it('locks a login out for the lockout period, then lets it in again', () => {
    const { clock, throttle } = throttleAt({ perLogin: 3, perAddress: 0, seconds: 60 });
    for (let i = 0; i < 3; i += 1) {
      assert.equal(retryAfter(throttle, 'dave', '10.0.0.1'), undefined);
      throttle.recordFailure('dave', '10.0.0.1');
    }
    assert.equal(retryAfter(throttle, 'Dave', '10.0.0.2'), '60', 'the login is locked from any address');
    clock.now += 59_000;
    assert.equal(retryAfter(throttle, 'dave', '10.0.0.1'), '1');
    clock.now += 1_000;
    assert.equal(retryAfter(throttle, 'dave', '10.0.0.1'), undefined, 'the lockout has ended');

    // The failures before the lockout are gone with it: the next one starts a new count.
    throttle.recordFailure('dave', '10.0.0.1');
    assert.equal(retryAfter(throttle, 'dave', '10.0.0.1'), undefined);
  });

  it('locks an address out for the lockout period, then lets it in again', () => {
    const { clock, throttle } = throttleAt({ perLogin: 0, perAddress: 2, seconds: 30 });
    throttle.recordFailure('a', '10.0.0.9');
    throttle.recordFailure('b', '10.0.0.9');
    assert.equal(retryAfter(throttle, 'c', '10.0.0.9'), '30');
    assert.equal(retryAfter(throttle, 'c', '10.0.0.8'), undefined, 'other addresses are not slowed');
    clock.now += 30_000;
    assert.equal(retryAfter(throttle, 'c', '10.0.0.9'), undefined);
  });

  it('forgets failures older than the window, and those of a login that succeeded', () => {
    const { clock, throttle } = throttleAt({ perLogin: 2, perAddress: 0, seconds: 60 });
    throttle.recordFailure('erin', '10.0.0.1');
    clock.now += 61_000;
    throttle.recordFailure('erin', '10.0.0.1');
    assert.equal(retryAfter(throttle, 'erin', '10.0.0.1'), undefined);
    throttle.recordSuccess('erin');
    throttle.recordFailure('erin', '10.0.0.1');
    assert.equal(retryAfter(throttle, 'erin', '10.0.0.1'), undefined);
  });
});
