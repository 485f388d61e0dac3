import { z } from 'zod/mini';

// Fields that alerts, their changes and heartbeats read alike. They live apart from `fields.ts`, which the console's first load
// carries, so that only the code that reads senders' bodies takes them.

/** A sender's timeout in whole seconds, 0 or more. */
export const timeoutSeconds = z
  .number({ error: "'timeout' must be an integer" })
  .check(z.int({ error: "'timeout' must be an integer" }), z.gte(0, { error: "'timeout' must be a positive integer" }));

/** The customer a sender names for what it sends; an empty name is refused rather than read as none. */
export const customerName = z
  .string({ error: "'customer' must be a string" })
  .check(z.minLength(1, { error: "'customer' must not be an empty string" }));
