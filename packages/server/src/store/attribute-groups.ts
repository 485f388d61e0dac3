import { type Kysely, sql } from 'kysely';
import { notJsonb, sqliteIndexed } from './attribute-index.js';
import type { EngineSql } from './engine.js';
import { type TalliedGroups, groupTallyFilters } from './group-tally.js';
import type { Database } from './schema.js';
import { tallyWhere } from './tally.js';
import type { AlertQuery } from './types.js';

/**
 * The first level of GET /alerts/grouped by `attribute.<key>` (docs/api/alerts.md#get-alertsgrouped) from the
 * attribute tally (attribute-tally.ts), under the same filters as the group tally answers (status, severity,
 * environment, customer): at 100,000 alerts, reading one attribute of every open alert took 450 to 750 ms on SQLite
 * and about 150 ms on PostgreSQL (bench/RESULTS.md).
 *
 * A group's key is the attribute as text (engine.attributeJsonText). The tally holds exactly that text for the values
 * it keeps, so its rows are the groups, when no matching alert has a value it leaves out: the count of those per key
 * (`alert_attribute_left_out`) says so, and when there are any (numbers and booleans on SQLite, values longer than
 * it keeps) the alerts are read instead. The alerts without a value, or with an empty text, which grouping puts
 * together as "none", are the matching alerts (the group tally's kind `alert`) less those with a value.
 *
 * Undefined when the tally cannot answer: other filters, or a key it cannot name (attribute-index.ts).
 */
export async function talliedAttributeGroups(
  db: Kysely<Database>,
  engine: EngineSql,
  query: AlertQuery,
  key: string,
  only?: string,
): Promise<TalliedGroups | undefined> {
  if (engine.name === 'sqlite' ? !sqliteIndexed(key, '') : notJsonb(key)) return undefined;
  const filters = groupTallyFilters(query);
  if (filters === undefined) return undefined;
  const where = tallyWhere(filters);
  const { rows } = await sql<{ n: unknown }>`select coalesce(sum(n), 0) as n from alert_attribute_left_out
    where key = ${key} and ${where}`.execute(db);
  if (Number(rows[0]?.n ?? 0) !== 0) return undefined;

  // Both read once, as CTEs: written as subqueries of a union, PostgreSQL planned them in parallel workers, whose start
  // cost ten times the work (30 ms against 3).
  const valued = sql`select value as k, severity, status, sum(n) as n from alert_attribute_tally
    where key = ${key} and value <> '' and ${where}
    group by value, severity, status`;
  const every = sql`select severity, status, sum(n) as n from alert_group_tally where kind = 'alert' and ${where}
    group by severity, status`;
  const counts = sql`select k, severity, status, n from tv
    union all
    select '' as k, ta.severity, ta.status, ta.n - coalesce(sum(tv.n), 0) as n
    from ta left join tv on tv.severity = ta.severity and tv.status = ta.status
    group by ta.severity, ta.status, ta.n`;
  const kept = only === undefined ? sql`n > 0` : sql`n > 0 and k = ${only}`;
  return {
    with: sql`tv as materialized (${valued}), ta as materialized (${every})`,
    groups: (rank) => sql`select k, sum(n) as n, min(${rank}) as r, cast(null as text) as t
      from (${counts}) as c where ${kept}
      group by k`,
    counts: (keys) => sql`select k, severity, status, n from (${counts}) as c where ${kept} and k in (${keys})`,
  };
}
