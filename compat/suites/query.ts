import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Alert, alertSchema } from '@alerta/contract';
import type { Harness } from '../support/harness.js';
import { localTime, parseTable, tabulated } from '../support/output.js';
import { listOf } from '../support/schemas.js';
import { SEND_GROUP } from './send.js';

const QUERY_HEADERS = [
  'ID',
  'LAST RECEIVED',
  'SEVERITY',
  'STATUS',
  'DUPL',
  'CUSTOMER',
  'ENVIRONMENT',
  'SERVICE',
  'RESOURCE',
  'GROUP',
  'EVENT',
  'VALUE',
  'DESCRIPTION',
];

/** A row of `alerta query` as the alert should show in it. */
function queryRow(alert: Alert): Record<string, string> {
  return {
    ID: alert.id.slice(0, 8),
    'LAST RECEIVED': localTime(alert.lastReceiveTime),
    SEVERITY: alert.severity,
    STATUS: alert.status,
    DUPL: String(alert.duplicateCount),
    CUSTOMER: alert.customer ?? '',
    ENVIRONMENT: alert.environment,
    SERVICE: alert.service.join(','),
    RESOURCE: alert.resource,
    GROUP: alert.group,
    EVENT: alert.event,
    VALUE: alert.value ?? '',
    DESCRIPTION: alert.text,
  };
}

/** Rows in the order of their resources (the server lists alerts in no particular order unless asked). */
const byResource = (rows: Record<string, string>[]): Record<string, string>[] =>
  rows.toSorted((a, b) => (a.RESOURCE ?? '').localeCompare(b.RESOURCE ?? ''));

/** The alerts of a query string, as our API lists them to the CLI (`page=1&page-size=1000`). */
async function listed(h: Harness, query: string): Promise<{ body: Record<string, unknown>; alerts: Alert[] }> {
  const body = await h.api('GET', `/alerts?${query}&page=1&page-size=1000`);
  return { body, alerts: listOf(body, 'alerts', alertSchema) };
}

/** `alerta query` in every display and output format, with filters, a query string and ids. */
export function queryCommand(h: Harness): void {
  describe('query', () => {
    it('prints a table of the matching alerts, one row each with the fields the server holds', async () => {
      const result = await h.ok(['query', '-f', `group=${SEND_GROUP}`]);
      const table = parseTable(result.stdout);
      assert.deepEqual(table.headers, QUERY_HEADERS);
      const { alerts } = await listed(h, `group=${SEND_GROUP}`);
      assert.equal(alerts.length, 3);
      assert.deepEqual(byResource(table.rows), byResource(tabulated(alerts.map(queryRow))));
    });

    it('-f filters combine: repeated fields are alternatives, different fields all apply', async () => {
      const result = await h.ok(['query', '-f', `group=${SEND_GROUP}`, '-f', 'event=DiskFull', '-f', 'severity=minor']);
      const { alerts } = await listed(h, `group=${SEND_GROUP}&event=DiskFull&severity=minor`);
      assert.deepEqual(
        alerts.map((alert) => alert.resource),
        ['cq-db01'],
      );
      assert.deepEqual(parseTable(result.stdout).rows, tabulated(alerts.map(queryRow)));
    });

    it('-q searches with the query language', async () => {
      const result = await h.ok(['query', '-q', `group:${SEND_GROUP} AND resource:cq-db02`]);
      const { alerts } = await listed(h, `group=${SEND_GROUP}&resource=cq-db02`);
      assert.equal(alerts.length, 1);
      assert.deepEqual(parseTable(result.stdout).rows, tabulated(alerts.map(queryRow)));
    });

    it('--ids takes full ids and 8-character short ids', async () => {
      const { alerts } = await listed(h, `group=${SEND_GROUP}`);
      const [first, second] = alerts;
      assert.ok(first && second, 'two alerts to ask for');
      const result = await h.ok(['query', '--ids', first.id, '-i', second.id.slice(0, 8)]);
      assert.deepEqual(
        byResource(parseTable(result.stdout).rows),
        byResource(tabulated([first, second].map(queryRow))),
      );
    });

    it('--output json prints the alerts exactly as the API lists them', async () => {
      const result = await h.ok(['--output', 'json', 'query', '-f', `group=${SEND_GROUP}`]);
      const { body } = await listed(h, `group=${SEND_GROUP}`);
      assert.deepEqual(JSON.parse(result.stdout), body.alerts);
    });

    it('--output json_lines prints one alert per line', async () => {
      const result = await h.ok(['--output', 'json_lines', 'query', '-f', `group=${SEND_GROUP}`]);
      const { body } = await listed(h, `group=${SEND_GROUP}`);
      const lines = result.stdout.trimEnd().split('\n');
      assert.deepEqual(
        lines.map((line): unknown => JSON.parse(line)),
        body.alerts,
      );
    });

    it('--medium prints two lines per alert: the summary fields, then the text', async () => {
      const result = await h.ok(['query', '--medium', '-f', `group=${SEND_GROUP}`, '-f', 'resource=cq-web01']);
      const { alerts } = await listed(h, `group=${SEND_GROUP}&resource=cq-web01`);
      const [alert] = alerts;
      assert.ok(alert, 'the alert to show');
      const [summary, text, ...rest] = result.stdout.split('\n');
      assert.deepEqual(rest, ['']);
      assert.deepEqual(
        summary?.split('|').map((field) => field.trim()),
        [
          alert.id.slice(0, 8),
          localTime(alert.lastReceiveTime),
          alert.severity,
          String(alert.duplicateCount),
          alert.customer ?? '-',
          alert.environment,
          alert.service.join(','),
          alert.resource,
          alert.group,
          alert.event,
          alert.value ?? 'n/a',
        ],
      );
      assert.equal(text, `   |${alert.text}`);
    });

    it('--full adds every detail of the alert', async () => {
      const result = await h.ok(['query', '--full', '-f', `group=${SEND_GROUP}`, '-f', 'resource=cq-web01']);
      const { alerts } = await listed(h, `group=${SEND_GROUP}&resource=cq-web01`);
      const [alert] = alerts;
      assert.ok(alert, 'the alert to show');
      const details = new Map(
        result.stdout
          .split('\n')
          .slice(2)
          .filter((line) => line.includes(' | '))
          .map((line) => {
            const [name = '', ...value] = line.split(' | ');
            return [name.trim(), value.join(' | ')];
          }),
      );
      assert.equal(details.get('severity'), `${alert.previousSeverity} -> ${alert.severity}`);
      assert.equal(details.get('trend'), alert.trendIndication);
      assert.equal(details.get('status'), alert.status);
      assert.equal(details.get('tags'), alert.tags.join(' '));
      assert.equal(details.get('region'), 'eu');
      assert.equal(details.get('owner'), 'ops');
      assert.equal(details.get('time created'), localTime(alert.createTime));
      assert.equal(details.get('last received'), localTime(alert.lastReceiveTime));
      assert.equal(details.get('timeout'), `${alert.timeout}s`);
      assert.equal(details.get('alert id'), alert.id);
      assert.equal(details.get('last recv id'), alert.lastReceiveId);
      assert.equal(details.get('type'), alert.type);
      assert.equal(details.get('repeat'), alert.repeat ? 'True' : 'False');
      assert.equal(details.get('origin'), alert.origin);
      assert.equal(details.get('correlate'), alert.correlate.join(','));
    });
  });
}
