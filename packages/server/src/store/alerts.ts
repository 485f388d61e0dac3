import { type Kysely, type Transaction, sql } from 'kysely';
import { type WhereOptions, orderTerms, whereClause, whereCondition } from './alert-query.js';
import { FEW_WITH_ATTRIBUTE, fewestWithAttribute } from './attribute-index.js';
import { countFromAttributeTally } from './attribute-tally.js';
import type { EngineSql } from './engine.js';
import { countFromSearchTable } from './search-table.js';
import { countFromTally, countFromTallyConditions } from './tally.js';
import type { SqliteRows } from './sqlite-statements.js';
import { ingestBatchTransaction } from './ingest-batch.js';
import type { IngestBatchTransaction } from './ingest-types.js';
import { historyRow, rethrowUnique, toAlert, toHistory, toRow } from './alert-rows.js';
import { anyAlertQuery } from './records.js';
import type { Database } from './schema.js';
import {
  type AlertCounts,
  type AlertQuery,
  type AlertRecord,
  type AlertRepository,
  type AlertWithHistory,
  type HistoryRecord,
  type IngestKey,
  type IngestMatch,
  type IngestTransaction,
} from './types.js';

/**
 * Writes an alert row and appends history entries, keeping only the newest `historyLimit` (docs/api/ingest.md#history).
 * Ingest and operator changes both save through here.
 */
export async function saveAlert(
  trx: Transaction<Database>,
  engine: EngineSql,
  alert: AlertRecord,
  entries: readonly HistoryRecord[],
  historyLimit: number,
): Promise<void> {
  const { id, ...changes } = toRow(engine, alert);
  await trx.updateTable('alerts').set(changes).where('id', '=', id).execute();
  if (entries.length === 0) return;
  await trx
    .insertInto('history')
    .values(entries.map((entry) => historyRow(id, entry)))
    .execute();
  const keep = trx
    .selectFrom('history')
    .select('seq')
    .where('alert_id', '=', id)
    .orderBy('update_time', 'desc')
    .orderBy('seq', 'desc')
    .limit(historyLimit);
  await trx.deleteFrom('history').where('alert_id', '=', id).where('seq', 'not in', keep).execute();
}

/** Matches from which a sorted page is read along the sort order rather than by collecting and sorting them. */
const BROAD_RESULT = 2000;

export class KyselyAlertRepository implements AlertRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: EngineSql,
    /** SQLite only: the ingest batch's reads, past the query builder (see sqlite-statements.ts). */
    private readonly sqliteRows?: SqliteRows,
  ) {}

  async ingest<T>(work: (tx: IngestTransaction) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction().execute((trx) => work(this.ingestTransaction(trx)));
    } catch (error) {
      return rethrowUnique(error);
    }
  }

  async ingestBatch<T>(work: (tx: IngestBatchTransaction) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(ingestBatchTransaction(trx, this.engine, this.sqliteRows)));
  }

  private ingestTransaction(trx: Transaction<Database>): IngestTransaction {
    const engine = this.engine;
    return {
      findMatch: async (key: IngestKey): Promise<IngestMatch | undefined> => {
        // docs/api/ingest.md#matching: same environment, resource and customer; then the same event, or the incoming
        // event listed in the stored alert's correlate list.
        let select = trx
          .selectFrom('alerts')
          .selectAll()
          .where('environment', '=', key.environment)
          .where('resource', '=', key.resource)
          .where(sql<boolean>`coalesce(customer, '') = ${key.customer ?? ''}`)
          .where((eb) => eb.or([eb('event', '=', key.event), engine.listHasAny('correlate', [key.event])]));
        // Concurrent duplicates must not lose updates: lock the row until commit. SQLite already runs one writer
        // transaction at a time.
        if (engine.name === 'postgres') select = select.forUpdate();
        const rows = await select.execute();
        const alerts = rows.map((row) => toAlert(engine, row));
        const sameEvent = alerts.find((a) => a.event === key.event);
        const found = sameEvent ?? alerts[0];
        if (found === undefined) return undefined;
        const kind = sameEvent !== undefined && sameEvent.severity === key.severity ? 'duplicate' : 'correlate';
        const recent = await trx
          .selectFrom('history')
          .select(['status', 'value'])
          .where('alert_id', '=', found.id)
          .orderBy('update_time', 'desc')
          .orderBy('seq', 'desc')
          .limit(2)
          .execute();
        return {
          kind,
          alert: found,
          recentStatuses: recent.map((r) => r.status).filter((s): s is string => s !== null),
          lastHistoryValue: recent[0]?.value ?? null,
        };
      },
      insert: async (alert, history) => {
        await trx.insertInto('alerts').values(toRow(engine, alert)).execute();
        await trx.insertInto('history').values(historyRow(alert.id, history)).execute();
      },
      update: async (alert, history, historyLimit) => {
        await saveAlert(trx, engine, alert, history === undefined ? [] : [history], historyLimit);
      },
      history: async (alertId) => {
        const rows = await trx
          .selectFrom('history')
          .selectAll()
          .where('alert_id', '=', alertId)
          .orderBy('update_time', 'asc')
          .orderBy('seq', 'asc')
          .execute();
        return rows.map((row) => toHistory(engine, row));
      },
    };
  }

  private async historyOf(alertIds: readonly string[]): Promise<Map<string, HistoryRecord[]>> {
    const byAlert = new Map<string, HistoryRecord[]>();
    if (alertIds.length === 0) return byAlert;
    const rows = await this.db
      .selectFrom('history')
      .selectAll()
      .where('alert_id', 'in', alertIds)
      .orderBy('update_time', 'asc')
      .orderBy('seq', 'asc')
      .execute();
    for (const row of rows) {
      const list = byAlert.get(row.alert_id) ?? [];
      list.push(toHistory(this.engine, row));
      byAlert.set(row.alert_id, list);
    }
    return byAlert;
  }

  async get(idPrefix: string, customers?: readonly string[]): Promise<AlertWithHistory | undefined> {
    const query = anyAlertQuery(customers, [idPrefix]);
    const visible = whereClause(this.engine, { ...query, ids: [] });
    // A whole id is the common case and a primary-key lookup; only then look for prefixes (docs/api/conventions.md).
    const row =
      (await this.db.selectFrom('alerts').selectAll().where('id', '=', idPrefix).where(visible).executeTakeFirst()) ??
      (await this.db
        .selectFrom('alerts')
        .selectAll()
        .where(whereClause(this.engine, query))
        .orderBy('last_receive_time', 'desc')
        .limit(1)
        .executeTakeFirst());
    if (row === undefined) return undefined;
    const history = await this.historyOf([row.id]);
    return { alert: toAlert(this.engine, row), history: history.get(row.id) ?? [] };
  }

  async orderedIds(query: AlertQuery, expected?: number): Promise<string[]> {
    // As for a page of `list`: thousands of sorted matches read best along the sort's index.
    const broad = query.sort.length > 0 && (expected ?? 0) >= BROAD_RESULT;
    let select = this.db
      .selectFrom('alerts')
      .select('id')
      .where(
        whereClause(this.engine, query, broad ? { avoidFilterIndexes: true } : await this.attributeOptions(query)),
      );
    for (const term of orderTerms(this.engine, query)) select = select.orderBy(term);
    return (await select.execute()).map((row) => row.id);
  }

  async byIds(ids: readonly string[], customers?: readonly string[]): Promise<AlertRecord[]> {
    if (ids.length === 0) return [];
    const visible = whereClause(this.engine, anyAlertQuery(customers));
    const rows = await this.db.selectFrom('alerts').selectAll().where('id', 'in', ids).where(visible).execute();
    const found = new Map(rows.map((row) => [row.id, toAlert(this.engine, row)]));
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  async count(query: AlertQuery): Promise<AlertCounts> {
    const tallied =
      (await countFromTally(this.db, query, (raw) => this.engine.decodeList(raw))) ??
      (await countFromTallyConditions(this.db, this.engine, query)) ??
      (await countFromAttributeTally(this.db, this.engine, query)) ??
      (await countFromSearchTable(this.db, this.engine, query));
    if (tallied !== undefined) return tallied;
    const fewest = await fewestWithAttribute(this.db, this.engine, query);
    // PostgreSQL counts a value many alerts share by containment too: the bitmap of the GIN index reads the table's
    // pages once, in order, and parses the attributes of the matches only, where a scan parses every alert's (49 to
    // 57 against 68 to 86 ms for a region a third of 100,000 alerts share, on a busy machine).
    const options: WhereOptions =
      fewest !== undefined && (fewest < FEW_WITH_ATTRIBUTE || this.engine.name === 'postgres')
        ? { driveByAttribute: true }
        : {};
    // GET /alerts counts up to now by default. Counting every match and taking off those received later (normally
    // none, found through the receive-time index) keeps the count on the covering indexes, which lack that time.
    const upToNow = query.toDate !== undefined && query.fromDate === undefined;
    const countedQuery = upToNow ? { ...query, toDate: undefined } : query;
    const later = this.db
      .selectFrom('alerts')
      .select(['status', 'severity', sql<number | string>`count(*)`.as('n'), sql<number>`1`.as('later')])
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('alerts')
          .select('id')
          .where('last_receive_time', '>', query.toDate ?? ''),
      )
      .where(whereClause(this.engine, countedQuery, { avoidFilterIndexes: true }))
      .groupBy(['status', 'severity']);
    let rows: readonly { status: string; severity: string; n: number | string; later: number }[];
    if (
      this.engine.name === 'sqlite' &&
      fewest !== undefined &&
      fewest >= FEW_WITH_ATTRIBUTE &&
      countedQuery.search === undefined &&
      countedQuery.ids.length === 0
    ) {
      // An attribute value many alerts share (a region): its ids, in order from the side table, are looked up in the
      // narrow (id, status, severity) index of SQLite migration 14, which holds all a count of status filters reads.
      // Checking every open alert's id against the collected ids instead cost twice the CPU, and reading the rows
      // themselves far more. SQLite would take the primary key for the lookups without being told. Other filters read
      // the rows of the matches only (with the environment: 83 against 135 ms at best, busy machine; a substring about
      // the same either way); `q=` and id prefixes keep their own plans.
      const counted = sql`select status, severity, count(*) as n, 0 as later
        from alerts indexed by alerts_id_status_severity
        where ${whereCondition(this.engine, countedQuery, { driveByAttribute: true })}
        group by status, severity`;
      const result = await sql<{ status: string; severity: string; n: number | string; later: number }>`${counted}
        ${upToNow ? sql`union all select * from ${later}` : sql``}`.execute(this.db);
      rows = result.rows;
    } else {
      const counted = this.db
        .selectFrom('alerts')
        .select(['status', 'severity', sql<number | string>`count(*)`.as('n'), sql<number>`0`.as('later')])
        .where(whereClause(this.engine, countedQuery, options))
        .groupBy(['status', 'severity']);
      rows = upToNow ? await counted.unionAll(later).execute() : await counted.execute();
    }
    const statusCounts: Record<string, number> = {};
    const severityCounts: Record<string, number> = {};
    let total = 0;
    for (const row of rows) {
      const n = Number(row.later) === 1 ? -Number(row.n) : Number(row.n);
      statusCounts[row.status] = (statusCounts[row.status] ?? 0) + n;
      severityCounts[row.severity] = (severityCounts[row.severity] ?? 0) + n;
      total += n;
    }
    for (const counts of [statusCounts, severityCounts]) {
      for (const [key, n] of Object.entries(counts)) if (n <= 0) delete counts[key];
    }
    return { total, statusCounts, severityCounts };
  }

  /**
   * An exact attribute filter that few alerts match drives the query (WhereOptions.driveByAttribute). Without
   * statistics SQLite would rather walk an index of every open alert and read each alert's row to check its id, and
   * PostgreSQL's estimate for a containment is a constant that takes a common value for a rare one.
   */
  private async attributeOptions(query: AlertQuery): Promise<WhereOptions> {
    const fewest = await fewestWithAttribute(this.db, this.engine, query);
    return fewest !== undefined && fewest < FEW_WITH_ATTRIBUTE ? { driveByAttribute: true } : {};
  }

  async countAndList(
    query: AlertQuery,
    page: { offset: number; limit: number; withHistory: boolean },
  ): Promise<{ counts: AlertCounts; alerts: AlertWithHistory[] }> {
    if (this.engine.name === 'postgres') {
      // PostgreSQL plans the page from its own statistics, not from the count (WhereOptions), so the two run at once
      // on two connections: a text search's count takes most of the request, and the page then costs nothing.
      const [counts, alerts] = await Promise.all([this.count(query), this.list(query, page)]);
      return { counts, alerts: counts.total === 0 ? [] : alerts };
    }
    // better-sqlite3 runs one statement at a time anyway; the count tells the page which index to read along.
    const counts = await this.count(query);
    if (counts.total === 0) return { counts, alerts: [] };
    return { counts, alerts: await this.list(query, { ...page, expected: counts.total }) };
  }

  async list(
    query: AlertQuery,
    page: { offset: number; limit: number; withHistory: boolean; expected?: number },
  ): Promise<AlertWithHistory[]> {
    // A sorted page out of thousands of matches reads best along the sort's index (WhereOptions).
    const broad = query.sort.length > 0 && (page.expected ?? 0) >= BROAD_RESULT;
    let select = this.db
      .selectFrom('alerts')
      .selectAll()
      .where(
        whereClause(this.engine, query, broad ? { avoidFilterIndexes: true } : await this.attributeOptions(query)),
      );
    for (const term of orderTerms(this.engine, query)) select = select.orderBy(term);
    const rows = await select.limit(page.limit).offset(page.offset).execute();
    const history = page.withHistory ? await this.historyOf(rows.map((r) => r.id)) : new Map<string, HistoryRecord[]>();
    return rows.map((row) => ({ alert: toAlert(this.engine, row), history: history.get(row.id) ?? [] }));
  }
}
