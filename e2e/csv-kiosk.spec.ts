import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { alertRow, logIn, postAlert, unique, type StoredAlert } from './support/alerts';
import { readCsvExport } from '../packages/server/test/support/csv';
import { expect, test } from './support/server';

/**
 * The columns of the file, the server's GET /alerts.csv and the console's own export alike (ALERT_CSV_COLUMNS of the
 * contract, docs/api/alerts.md#get-alertscsv), less `attributes`, which is one JSON object.
 */
const COLUMNS = [
  'id',
  'resource',
  'event',
  'environment',
  'severity',
  'correlate',
  'status',
  'service',
  'group',
  'value',
  'text',
  'tags',
  'attributes',
  'origin',
  'type',
  'createTime',
  'timeout',
  'rawData',
  'customer',
  'duplicateCount',
  'repeat',
  'previousSeverity',
  'trendIndication',
  'receiveTime',
  'lastReceiveId',
  'lastReceiveTime',
  'updateTime',
];
const FIELDS = COLUMNS.filter((column) => column !== 'attributes');

/** What the console writes for one value: lists comma-joined, other non-strings as JSON, nothing as empty. */
function cellText(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join(',');
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

async function downloadCsv(page: Page): Promise<{ name: string; text: string }> {
  await page.getByRole('button', { name: 'More options' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Download as CSV' }).click();
  const download = await downloading;
  const path = await download.path();
  return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') };
}

test.describe('CSV and kiosk', () => {
  test('downloads the listed alerts as CSV, named by the environment tab', async ({ page, server }) => {
    const event = unique('CsvExport');
    const a = `${event}-a`;
    const b = `${event}-b`;
    const idA = await postAlert(server, {
      resource: a,
      event,
      environment: 'Production',
      service: ['Web', 'Api'],
      correlate: [event, 'Other'],
      tags: ['edge', 'eu'],
      group: 'Performance',
      value: '95%',
      text: 'CPU says "hot", twice',
      origin: 'e2e/csv',
      rawData: '{"cpu": 95}',
      attributes: { region: 'eu-west', cores: 8 },
    });
    const idB = await postAlert(server, {
      resource: b,
      event,
      environment: 'Development',
      severity: 'minor',
      text: 'line one\nline two',
      attributes: { owner: 'ops' },
    });
    await logIn(page, server, `/alerts?q=event:${event}`);
    await expect(alertRow(page, a)).toBeVisible();
    await expect(alertRow(page, b)).toBeVisible();

    const all = await downloadCsv(page);
    expect(all.name).toBe('Alerts_ALL.csv');
    expect(all.text.startsWith('\uFEFF"id",')).toBe(true);
    expect(all.text).toContain('"CPU says ""hot"", twice"');
    const [header, ...rows] = readCsvExport(all.text);
    // The export is every alert the search selects, with each alert's raw data as text
    // (docs/console/behaviour.md#screens-and-routes), which the list leaves out.
    const listed = await server.api('GET', `/alerts?q=${encodeURIComponent(`event:${event}`)}&show-raw-data=true`);
    const stored = new Map((listed.body as { alerts: StoredAlert[] }).alerts.map((alert) => [alert.resource, alert]));
    expect([...stored.keys()].sort()).toEqual([a, b]);
    expect(header).toEqual(COLUMNS);
    expect(header).not.toContain('history');
    expect(rows).toHaveLength(2);

    const byResource = new Map(
      rows.map((row) => [row[1] ?? '', Object.fromEntries(header?.map((h, i) => [h, row[i]]) ?? [])]),
    );
    const rowA = byResource.get(a);
    const rowB = byResource.get(b);
    expect(rowA).toMatchObject({
      id: idA,
      environment: 'Production',
      severity: 'major',
      service: 'Web,Api',
      correlate: `${event},Other`,
      tags: 'edge,eu',
      group: 'Performance',
      value: '95%',
      text: 'CPU says "hot", twice',
      status: 'open',
      rawData: '{"cpu": 95}',
    });
    expect(JSON.parse(rowA?.attributes ?? '')).toMatchObject({ region: 'eu-west', cores: 8 });
    expect(rowB).toMatchObject({
      id: idB,
      environment: 'Development',
      text: 'line one\nline two',
    });
    expect(JSON.parse(rowB?.attributes ?? '')).toMatchObject({ owner: 'ops' });
    // Every other column is the stored value, as text.
    for (const [resource, row] of [
      [a, rowA],
      [b, rowB],
    ] as const) {
      const alert = stored.get(resource);
      for (const field of FIELDS) expect(row?.[field], `${resource} ${field}`).toBe(cellText(alert?.[field]));
      expect(JSON.parse(row?.attributes ?? ''), `${resource} attributes`).toEqual(alert?.attributes);
    }

    await page.getByRole('tab', { name: /^Production \(\d+\)$/ }).click();
    await expect(alertRow(page, b)).toHaveCount(0);
    await expect(alertRow(page, a)).toBeVisible();
    const production = await downloadCsv(page);
    expect(production.name).toBe('Alerts_Production.csv');
    const [, ...productionRows] = readCsvExport(production.text);
    expect(productionRows.map((row) => row[0])).toEqual([idA]);
  });

  test('writes text that would start a spreadsheet formula with a leading quote', async ({ page, server }) => {
    // docs/console/alert-screens.md#formula-cells: each of these is sent in every field a sender fills with text.
    const hostile = ['=HYPERLINK("http://evil.example","x")', '+1+2', '-2+3', '@SUM(1)', '\tTAB led', '\rCR led'];
    const group = unique('CsvFormula');
    const sent = new Map<string, { payload: string; resource: string }>();
    for (const [i, payload] of hostile.entries()) {
      const resource = `${payload} ${group}-${String(i)}`;
      const id = await postAlert(server, {
        resource,
        event: payload,
        group,
        text: payload,
        value: payload,
        tags: [payload, 'calm'],
        attributes: { hostile: payload, calm: 'left as it is', delta: -5 },
      });
      sent.set(id, { payload, resource });
    }
    await logIn(page, server, `/alerts?q=group:${group}`);
    await expect(page.getByRole('row', { name: new RegExp(group) })).toHaveCount(hostile.length);

    const { text } = await downloadCsv(page);
    const [header, ...rows] = readCsvExport(text);
    expect(rows).toHaveLength(hostile.length);
    const listed = await server.api('GET', `/alerts?q=${encodeURIComponent(`group:${group}`)}&show-raw-data=true`);
    const stored = new Map((listed.body as { alerts: StoredAlert[] }).alerts.map((alert) => [alert.id, alert]));
    expect(header).toEqual(COLUMNS);
    const defused = new Set(['resource', 'event', 'text', 'value', 'tags']);

    for (const row of rows) {
      const cells = Object.fromEntries(header?.map((name, i) => [name, row[i] ?? '']) ?? []);
      const id = cells.id ?? '';
      const posted = sent.get(id);
      const alert = stored.get(id);
      expect(posted, `a row for each alert sent, not ${id}`).toBeDefined();
      // The server keeps the text as sent, so the file shows the sender's exact text after the quote.
      expect(alert?.resource).toBe(posted?.resource);
      expect(cells).toMatchObject({
        resource: `'${posted?.resource ?? ''}`,
        event: `'${posted?.payload ?? ''}`,
        text: `'${posted?.payload ?? ''}`,
        value: `'${posted?.payload ?? ''}`,
        tags: `'${posted?.payload ?? ''},calm`,
        group,
      });
      // The attributes are one JSON object, which starts with `{`: written as they are, the server's own (the sender's
      // address) included.
      expect(JSON.parse(cells.attributes ?? '')).toEqual(alert?.attributes);
      expect(alert?.attributes).toMatchObject({ hostile: posted?.payload, calm: 'left as it is', delta: -5 });
      // Every other cell is the stored value as text, untouched.
      for (const field of FIELDS.filter((name) => !defused.has(name))) {
        expect(cells[field], `${id} ${field}`).toBe(cellText(alert?.[field]));
      }
    }
    expect(new Set(rows.map((row) => row[0]))).toEqual(new Set(sent.keys()));
  });

  test('kiosk mode lists the alerts without the drawer and the top bar', async ({ page, server }) => {
    const event = unique('Kiosk');
    const resource = `${event}-wall`;
    await postAlert(server, { resource, event, severity: 'critical' });
    // Logging in from a kiosk link comes back to it.
    await logIn(page, server, `/alerts?q=event:${event}&kiosk`);
    await expect(page).toHaveURL(/[?&]kiosk(&|$|#)/);
    await expect(alertRow(page, resource)).toBeVisible();
    await expect(page.getByRole('tab', { name: /^ALL \(\d+\)$/ })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Show or hide navigation' })).toHaveCount(0);
    await expect(page.getByRole('searchbox', { name: 'Search alerts' })).toHaveCount(0);

    // Without the flag the chrome is back.
    await page.goto(`${server.baseURL}/alerts?q=event:${event}`);
    await expect(alertRow(page, resource)).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  });
});
