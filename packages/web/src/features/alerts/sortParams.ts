import type { AlertColumn } from './columns';

// docs/api/alerts.md: these fields sort newest first unless reversed with a leading minus.
const NEWEST_FIRST = new Set(['createTime', 'receiveTime', 'lastReceiveTime', 'updateTime']);

/** The `sort-by` values for the column the user sorted on, or the configured default. */
export function sortParams(
  column: AlertColumn | undefined,
  descending: boolean,
  configured: string | readonly string[],
): readonly string[] {
  const field = column?.sortField;
  if (field === undefined) return typeof configured === 'string' ? [configured] : configured;
  const reverse = NEWEST_FIRST.has(field) ? !descending : descending;
  return [reverse ? `-${field}` : field];
}

/** Adds the watch condition to the user's search (docs/api/query-language.md: `tags:` matches one tag exactly). */
export function withWatch(q: string | null, username: string | undefined, watchOnly: boolean): string | null {
  if (!watchOnly || username === undefined) return q;
  const term = `tags:"watch:${username.replace(/["\\]/g, '\\$&')}"`;
  return q === null ? term : `(${q}) AND ${term}`;
}
