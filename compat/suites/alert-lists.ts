import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { alertSchema } from '@alerta/contract';
import type { Harness } from '../support/harness.js';
import { localTime, parseTable } from '../support/output.js';
import { itemOf, listOf } from '../support/schemas.js';
import { SEND_GROUP } from './send.js';

const countsSchema = z.record(z.string(), z.number());
const facetSchema = z.looseObject({
  environment: z.string(),
  count: z.number(),
  service: z.string().optional(),
  group: z.string().optional(),
  tag: z.string().optional(),
  severityCounts: countsSchema.optional(),
  statusCounts: countsSchema.optional(),
});

/** Python's repr of a dict of counts, as tabulate prints it: `{'major': 3}`. */
const pythonCounts = (counts: Record<string, number> | undefined): string =>
  counts === undefined
    ? ''
    : `{${Object.entries(counts)
        .map(([name, count]) => `'${name}': ${count}`)
        .join(', ')}}`;

const FACETS = [
  { flag: '-E', path: '/environments', field: 'environments', column: undefined },
  { flag: '-S', path: '/services', field: 'services', column: ['SERVICE', 'service'] },
  { flag: '-g', path: '/alerts/groups', field: 'groups', column: ['GROUP', 'group'] },
  { flag: '-T', path: '/alerts/tags', field: 'tags', column: ['TAG', 'tag'] },
] as const;

/** `alerta alerts` (environments, services, groups, tags), `alerta raw` and `alerta history`. */
export function alertListCommands(h: Harness): void {
  describe('alerts, raw, history', () => {
    for (const facet of FACETS) {
      it(`alerts ${facet.flag} prints ${facet.field} with their counts as the API answers them`, async () => {
        const result = await h.ok(['alerts', facet.flag]);
        const expected = listOf(await h.api('GET', facet.path), facet.field, facetSchema);
        assert.ok(expected.length > 0, `nothing in ${facet.path}`);
        const table = parseTable(result.stdout);
        const rows = expected.map((item) => {
          const row: Record<string, string> = { ENVIRONMENT: item.environment };
          if (facet.column !== undefined) row[facet.column[0]] = String(item[facet.column[1]]);
          row.COUNT = String(item.count);
          if (item.severityCounts !== undefined) row['SEVERITY COUNTS'] = pythonCounts(item.severityCounts);
          if (item.statusCounts !== undefined) row['STATUS COUNTS'] = pythonCounts(item.statusCounts);
          return row;
        });
        assert.deepEqual(table.headers, Object.keys(rows[0] ?? {}));
        assert.deepEqual(table.rows, rows);
      });
    }

    it('--output json alerts -S prints the services as the API lists them', async () => {
      const result = await h.ok(['--output', 'json', 'alerts', '-S']);
      assert.deepEqual(JSON.parse(result.stdout), (await h.api('GET', '/services')).services);
    });

    it('alerts without a choice is a usage error', async () => {
      const result = await h.cli.run(['alerts']);
      assert.equal(result.code, 2);
      assert.match(result.stderr, /Must choose an alert attribute to list/);
    });

    it('raw lists the matching alerts by full id; the raw data stays empty, as lists leave it out', async () => {
      const result = await h.ok(['raw', '-f', `group=${SEND_GROUP}`]);
      const table = parseTable(result.stdout);
      assert.deepEqual(table.headers, ['ID', 'RAW DATA']);
      const alerts = listOf(await h.api('GET', `/alerts?group=${SEND_GROUP}`), 'alerts', alertSchema);
      const byId = (a: Record<string, string>, b: Record<string, string>) => (a.ID ?? '').localeCompare(b.ID ?? '');
      assert.deepEqual(
        table.rows.sort(byId),
        alerts.map((alert) => ({ ID: alert.id, 'RAW DATA': alert.rawData ?? '' })).sort(byId),
      );
      const shown = listOf(
        await h.api('GET', `/alerts?group=${SEND_GROUP}&show-raw-data=true`),
        'alerts',
        alertSchema,
      ).find((alert) => alert.resource === 'cq-web01');
      assert.equal(shown?.rawData, null, 'the duplicate sent without raw data replaced it');
    });

    it('history prints the changes of the matching alerts', async () => {
      const result = await h.ok(['history', '-f', `group=${SEND_GROUP}`]);
      const table = parseTable(result.stdout);
      const history = z
        .array(
          z.looseObject({
            id: z.string(),
            resource: z.string(),
            event: z.string(),
            environment: z.string(),
            service: z.array(z.string()),
            group: z.string().nullable(),
            text: z.string().nullable(),
            type: z.string(),
            updateTime: z.string(),
            customer: z.string().nullable(),
            // The reference leaves out a severity, status or value that is empty.
            severity: z.string().optional(),
            value: z.string().optional(),
            status: z.string().optional(),
          }),
        )
        .parse((await h.api('GET', `/alerts/history?group=${SEND_GROUP}&page=1&page-size=50`)).history);
      assert.ok(history.length >= 3, 'a new entry for each of the three alerts');
      assert.deepEqual(table.headers.slice(0, 10), [
        'ID',
        'RESOURCE',
        'EVENT',
        'ENVIRONMENT',
        'SERVICE',
        'GROUP',
        'TEXT',
        'TYPE',
        'LAST UPDATED',
        'CUSTOMER',
      ]);
      assert.deepEqual(
        table.rows.map((row) => [row.ID, row.RESOURCE, row.TYPE, row['LAST UPDATED'], row.SEVERITY, row.STATUS]),
        history.map((entry) => [
          entry.id,
          entry.resource,
          entry.type,
          localTime(entry.updateTime),
          entry.severity ?? '',
          entry.status ?? '',
        ]),
      );
    });

    it('history --ids prints the changes of those alerts only', async () => {
      const [alert] = listOf(
        await h.api('GET', `/alerts?group=${SEND_GROUP}&resource=cq-web01`),
        'alerts',
        alertSchema,
      );
      assert.ok(alert, 'the alert');
      const table = parseTable((await h.ok(['history', '--ids', alert.id])).stdout);
      const { history } = itemOf(await h.api('GET', `/alert/${alert.id}`), 'alert', alertSchema);
      assert.ok(history.length > 0, 'the alert has a history');
      assert.deepEqual(
        table.rows.map((row) => [row.ID, row.RESOURCE, row.TYPE]).sort(),
        history.map((entry) => [alert.id, 'cq-web01', entry.type]).sort(),
      );
    });

    it('--output json history prints every alert’s history as the API lists it (filters are not sent)', async () => {
      const result = await h.ok(['--output', 'json', 'history', '-f', `group=${SEND_GROUP}`]);
      assert.deepEqual(JSON.parse(result.stdout), (await h.api('GET', '/alerts/history')).history);
    });
  });
}
