// The counts behind the sign-in limits (README.md#sign-in-limits), as the store's interface offers them.

/** One count, as read or as left by `add`. Dates are ISO-8601 (YYYY-MM-DDThh:mm:ss.sssZ). */
export interface ThrottleCount {
  id: string;
  count: number;
  /** When it was last added to. */
  lastAt: string;
  /** When it is forgotten. */
  expiresAt: string;
}

export interface ThrottleCountRepository {
  /** The counts of these ids that have not expired by `now`. */
  read(ids: readonly string[], now: string): Promise<ThrottleCount[]>;
  /**
   * Adds one to each id's count, in one statement. A count that is missing or expired by `now` starts again at one
   * and expires at `expiresAt`. `sliding` moves the expiry of a running count to `expiresAt` as well (kept for a
   * while after the latest event); otherwise a running count keeps its expiry (a fixed window from the first event).
   * Also drops some expired rows, so they do not pile up. Returns the counts as they now stand.
   */
  add(ids: readonly string[], now: string, expiresAt: string, sliding: boolean): Promise<ThrottleCount[]>;
  /** Forgets one count. */
  clear(id: string): Promise<void>;
}
