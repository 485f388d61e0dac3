import type { EngineSql } from './engine.js';

/** PostgreSQL's deadlock_detected and serialization_failure: the transaction was rolled back and may run again. */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 4;

function isRetryable(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    RETRYABLE.has(error.code)
  );
}

/**
 * Runs a whole transaction again when PostgreSQL rolled it back to break a deadlock
 * (README.md#where-we-differ-from-the-reference-server): the writers that share the tally rows take them in one
 * order, but an alert's tally keys depend on its old and new values, so a rare cycle between two transactions stays
 * possible, and the one PostgreSQL picks is run once more after a short random pause instead of answering 500.
 * `transaction` must have no effect outside the database.
 */
export async function retryOnConflict<T>(engine: EngineSql, transaction: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await transaction();
    } catch (error) {
      if (engine.name !== 'postgres' || attempt >= ATTEMPTS || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}
