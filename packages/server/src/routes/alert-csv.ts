import { Readable } from 'node:stream';
import type { FastifyTypeProviderDefault } from 'fastify';
import { CSV_BOM, alertCsvHeader, alertCsvLine } from '@alerta/contract';
import { type AppContext } from '../context.js';
import type { ApiApp } from '../http/validation.js';
import { alertCsvQuery, alertCsvResponse } from '../openapi/schemas.js';
import type { AlertQuery, AlertRepository } from '../store/types.js';
import { alertView } from './alert-view.js';
import { alertQuery, pageRequest, queryParams } from './alert-params.js';
import { callerQuery } from './ownership.js';

/**
 * Alerts read from the store per statement while a CSV is written (docs/api/alerts.md#get-alertscsv): the server holds
 * one such page at a time, whatever the number of alerts matching.
 */
export const CSV_PAGE_SIZE = 500;

/** Bytes the stream buffers before it stops reading pages until the client has taken them. */
const STREAM_BUFFER = 64 * 1024;

/**
 * The CSV text of every alert `query` selects. The ids of the matches are read first, in the query's order with the id
 * last, in one statement; the alerts themselves then come CSV_PAGE_SIZE ids at a time. So each alert is written once
 * and none is skipped, however the alerts change while the file is written (an alert deleted meanwhile is left out; one
 * changed is written as it is when its turn comes); and the database sorts once. The list costs about 100 bytes an
 * alert (10 MB for 100,000). The ids and the first page are read before the answer starts, so a failing database is
 * still an error answer rather than a cut-off file.
 */
async function csvPages(
  alerts: AlertRepository,
  query: AlertQuery,
  apiRoot: string,
): Promise<AsyncGenerator<string, void, undefined>> {
  const ordered: AlertQuery = { ...query, sort: [...query.sort, { field: 'id', reverse: false }] };
  const { total } = await alerts.count(query);
  const ids = total === 0 ? [] : await alerts.orderedIds(ordered, total);
  const read = (start: number) => alerts.byIds(ids.slice(start, start + CSV_PAGE_SIZE), query.customers);
  const lines = (rows: Awaited<ReturnType<typeof read>>) =>
    rows.map((alert) => alertCsvLine(alertView(alert, [], apiRoot, { rawData: true }))).join('');
  const first = await read(0);
  return (async function* () {
    yield CSV_BOM + alertCsvHeader() + lines(first);
    for (let start = CSV_PAGE_SIZE; start < ids.length; start += CSV_PAGE_SIZE) {
      const rows = await read(start);
      if (rows.length > 0) yield lines(rows);
    }
  })();
}

/** The file name the answer suggests: the moment of the export, to the second, in UTC. */
function fileName(now: string): string {
  return `alerts-${now.slice(0, 19).replace(/[-:]/g, '')}Z.csv`;
}

/**
 * docs/api/alerts.md#get-alertscsv: every alert GET /alerts would list for the same parameters and caller, as one CSV
 * file streamed in pages.
 */
export function registerAlertCsvRoute(app: ApiApp, context: AppContext): void {
  const route = {
    config: { scope: 'read:alerts' },
    schema: { querystring: alertCsvQuery, response: { 200: alertCsvResponse } },
  };
  // The answer is a stream, which the type provider would check against the schema's text: the default provider types
  // the handler, while the zod schemas still check the query and describe the route.
  const untyped = app.withTypeProvider<FastifyTypeProviderDefault>();
  untyped.get('/alerts.csv', route, async (request, reply) => {
    const now = new Date().toISOString();
    const params = queryParams(request.query);
    const query = callerQuery(request, alertQuery(params, context.model, now));
    // Paging does not apply, but a bad value is the same 400 as on GET /alerts.
    pageRequest(params, context.settings.DEFAULT_PAGE_SIZE);
    const pages = await csvPages(context.store.alerts, query, context.apiRoot(request));
    return reply
      .type('text/csv; charset=utf-8; header=present')
      .header('Content-Disposition', `attachment; filename="${fileName(now)}"`)
      .header('Cache-Control', 'no-store')
      .send(Readable.from(pages, { objectMode: false, highWaterMark: STREAM_BUFFER }));
  });
}
