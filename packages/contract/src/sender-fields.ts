import { z } from 'zod/mini';

// Fields that alerts, their changes and heartbeats read alike. They live apart from `fields.ts`, which the console's first load
// carries, so that only the code that reads senders' bodies takes them.

/**
 * The longest timeout or duration, in seconds: the largest integer PostgreSQL's `integer` columns hold (about 68
 * years), so a longer one is a 400 rather than a failed write.
 */
export const MAX_SECONDS = 2_147_483_647;

/** A sender's timeout in whole seconds, 0 to MAX_SECONDS. */
export const timeoutSeconds = z
  .number({ error: "'timeout' must be an integer" })
  .check(
    z.int({ error: "'timeout' must be an integer" }),
    z.gte(0, { error: "'timeout' must be a positive integer" }),
    z.lte(MAX_SECONDS, { error: `'timeout' must be at most ${MAX_SECONDS}` }),
  );

/** The customer a sender names for what it sends; an empty name is refused rather than read as none. */
export const customerName = z
  .string({ error: "'customer' must be a string" })
  .check(z.minLength(1, { error: "'customer' must not be an empty string" }));
