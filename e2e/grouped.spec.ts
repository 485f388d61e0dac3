import type { Page, Request } from '@playwright/test';
import { createTestDatabase, dropTestDatabases, stopOwnCluster } from '../packages/server/test/support/postgres';
import { startWithFirstAdmin } from '../packages/server/test/support/server-process';
import { expectStatus, logIn, postAlert, unique } from './support/alerts';
import { blocking, runAxe } from './support/axe';
import { expect, runningServer, test, type RunningServer } from './support/server';

// docs/console/alert-screens.md#grouped-view, #group-actions, #facets and #search-suggestions against the real
// server: GET /alerts/grouped and GET /alerts/facets on SQLite and on PostgreSQL.

const PHONE = { width: 390, height: 844 };

interface Seeded {
  /** The alerts' `group`, which no other test's alerts hold: the search `group:<it>` lists only these. */
  group: string;
  /** The resources' prefix, as unique. */
  prefix: string;
  ids: Record<'web01a' | 'web01b' | 'web02' | 'db01' | 'db02', string>;
}

/** Five alerts in two services: Web (web01 twice, web02) and Db (db01, db02). */
async function seed(server: RunningServer): Promise<Seeded> {
  const group = unique('grp');
  const prefix = unique('gr');
  const post = (resource: string, body: Record<string, unknown>) =>
    postAlert(server, { resource: `${prefix}${resource}`, group, ...body });
  const ids = {
    web01a: await post('web01', { event: 'NodeDown', service: ['Web'], severity: 'critical', tags: ['dc1'] }),
    web01b: await post('web01', { event: 'DiskFull', service: ['Web'], severity: 'major', tags: ['dc1'] }),
    web02: await post('web02', { event: 'NodeDown', service: ['Web'], severity: 'minor', tags: ['dc2'] }),
    db01: await post('db01', { event: 'NodeDown', service: ['Db'], severity: 'major', origin: 'nagios' }),
    db02: await post('db02', { event: 'DiskFull', service: ['Db'], severity: 'warning', origin: 'nagios' }),
  };
  return { group, prefix, ids };
}

const groupButton = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const search = (page: Page) => new URL(page.url()).searchParams.get('q');

async function groupBy(page: Page, first: string, second?: string): Promise<void> {
  await page.getByRole('button', { name: /^Group by/ }).click();
  const form = page.getByRole('dialog', { name: /^Group by/ });
  await form.getByRole('combobox', { name: 'Group by' }).selectOption(first);
  if (second !== undefined) await form.getByRole('combobox', { name: 'Then by' }).selectOption(second);
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(form).toHaveCount(0);
}

/** The whole walk, on whichever engine's server. */
async function groupedWalk(page: Page, server: RunningServer): Promise<void> {
  const { group, prefix, ids } = await seed(server);
  await logIn(page, server, `/alerts?q=group:${group}`);
  await expect(page.getByRole('table', { name: 'Alert list' }).getByRole('row', { name: /web02/ })).toBeVisible();

  // One level: by service.
  await groupBy(page, 'service');
  await expect(page).toHaveURL(/;gb:service$/);
  await expect(groupButton(page, 'Web: 3 alerts')).toBeVisible();
  await expect(groupButton(page, 'Db: 2 alerts')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Alert list' })).toHaveCount(0);

  // Two levels: service, then resource.
  await groupBy(page, 'service', 'resource');
  await expect(page).toHaveURL(/;gb:service,resource$/);
  await groupButton(page, 'Web: 3 alerts').click();
  const inWeb = page.getByRole('list', { name: 'Groups in Web' });
  await expect(inWeb.getByRole('heading', { level: 3 })).toHaveText([/web01\s*2/, /web02\s*1/]);
  await inWeb.getByRole('button', { name: `${prefix}web01: 2 alerts` }).click();
  const web01 = page.getByRole('table', { name: `Alerts in Web › ${prefix}web01` });
  await expect(web01.getByRole('row', { name: /NodeDown|DiskFull/ })).toHaveCount(2);

  // Collapse all.
  await page.getByRole('button', { name: 'Collapse all' }).click();
  await expect(page.getByRole('button', { name: /: \d+ alerts?$/, expanded: true })).toHaveCount(0);
  await expect(page.getByRole('table')).toHaveCount(0);

  // Act on a group: acknowledge every alert of Db in one bulk request with the group's query, then undo it.
  await groupButton(page, 'Db: 2 alerts').click();
  await page
    .getByRole('list', { name: 'Groups in Db' })
    .getByRole('button', { name: `${prefix}db01: 1 alert` })
    .click();
  const db01 = page.getByRole('table', { name: `Alerts in Db › ${prefix}db01` }).getByRole('row', { name: /NodeDown/ });
  await expect(db01).toContainText('Open');
  const changes: URL[] = [];
  const onRequest = (request: Request) => {
    if (request.method() === 'PUT') changes.push(new URL(request.url()));
  };
  page.on('request', onRequest);
  await page.getByRole('button', { name: 'Actions for Db', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Acknowledge all' }).click();
  const message = page.getByRole('status').filter({ hasText: '2 alerts acknowledged' });
  const undo = message.getByRole('button', { name: 'Undo' });
  // The message stays while its button holds the focus.
  await undo.focus();
  await expectStatus(server, ids.db01, 'ack');
  await expectStatus(server, ids.db02, 'ack');
  for (const id of [ids.web01a, ids.web01b, ids.web02]) await expectStatus(server, id, 'open');
  await expect(db01).toContainText('Acknowledged');
  expect(changes.map((url) => url.pathname)).toEqual(['/api/_bulk/alerts/action']);
  expect(changes[0]?.searchParams.get('q')).toBe(`(group:${group}) AND (service:["Db" TO "Db"])`);

  await undo.click();
  await expect(page.getByRole('status').filter({ hasText: 'Undone for 2 alerts' })).toBeVisible();
  for (const id of Object.values(ids)) await expectStatus(server, id, 'open');
  await expect(db01).toContainText('Open');
  expect(
    changes
      .slice(1)
      .map((url) => url.pathname)
      .sort(),
  ).toEqual([`/api/alert/${ids.db01}/action`, `/api/alert/${ids.db02}/action`].sort());
  page.off('request', onRequest);
  await page.getByRole('button', { name: 'Collapse all' }).click();

  // Facets: a click keeps one resource, Alt-click leaves one out.
  await page.getByRole('button', { name: 'Facets' }).click();
  const facets = page.getByRole('complementary', { name: 'Facets' });
  const resources = facets.getByRole('region', { name: 'Resource' });
  await expect(resources.getByRole('button', { name: `${prefix}web01 (2)` })).toBeVisible();
  await expect(facets.getByRole('region', { name: 'Service' }).getByRole('button', { name: 'Web (3)' })).toBeVisible();
  await resources.getByRole('button', { name: `${prefix}web02 (1)` }).click();
  await expect.poll(() => search(page)).toBe(`group:${group} AND resource:["${prefix}web02" TO "${prefix}web02"]`);
  const chips = page.getByRole('list', { name: 'Active filters' });
  await expect(chips.getByText(`Resource: ${prefix}web02`)).toBeVisible();
  await expect(groupButton(page, 'Web: 1 alert')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Db:/ })).toHaveCount(0);

  await chips.getByRole('button', { name: `Remove filter Resource: ${prefix}web02` }).click();
  await expect(groupButton(page, 'Db: 2 alerts')).toBeVisible();
  await resources.getByRole('button', { name: `${prefix}web01 (2)` }).click({ modifiers: ['Alt'] });
  await expect.poll(() => search(page)).toBe(`group:${group} AND NOT resource:["${prefix}web01" TO "${prefix}web01"]`);
  await expect(chips.getByText(`Resource: not ${prefix}web01`)).toBeVisible();
  await expect(groupButton(page, 'Web: 1 alert')).toBeVisible();
  await expect(groupButton(page, 'Db: 2 alerts')).toBeVisible();
  await expect(resources.getByRole('button', { name: `Leave out Resource ${prefix}web01` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Autocomplete: a field, then one of its values with its count, all by keyboard.
  await page.getByRole('button', { name: 'Clear search' }).click();
  const box = page.getByRole('searchbox', { name: 'Search alerts' });
  await box.click();
  await box.pressSequentially('resou');
  const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(suggestions.getByRole('option')).toHaveText(['resource:']);
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(box).toHaveValue('resource:');
  await box.pressSequentially(`${prefix}we`);
  await expect(suggestions.getByRole('option')).toHaveText([`${prefix}web01 (2)`, `${prefix}web02 (1)`]);
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(box).toHaveValue(`resource:${prefix}web01 `);
  await box.press('Enter');
  await expect.poll(() => search(page)).toBe(`resource:${prefix}web01`);
  await expect(groupButton(page, 'Web: 2 alerts')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Db:/ })).toHaveCount(0);
}

test.describe('grouped alert list on SQLite', () => {
  test('groups, nests, collapses, acts on a group, and filters from facets and suggestions', async ({
    page,
    server,
  }) => {
    await groupedWalk(page, server);
  });

  test('the grouped view with the facets panel open passes the accessibility checks', async ({
    page,
    server,
  }, testInfo) => {
    const { group, prefix } = await seed(server);
    await logIn(page, server, `/alerts?q=group:${group}#gb:service,resource;fp:1`);
    await groupButton(page, 'Web: 3 alerts').click();
    await page
      .getByRole('list', { name: 'Groups in Web' })
      .getByRole('button', { name: `${prefix}web01: 2 alerts` })
      .click();
    await expect(page.getByRole('table', { name: `Alerts in Web › ${prefix}web01` }).getByRole('row')).toHaveCount(3);
    await expect(
      page.getByRole('complementary', { name: 'Facets' }).getByRole('button', { name: `${prefix}web02 (1)` }),
    ).toBeVisible();
    expect(blocking(await runAxe(page, testInfo, 'grouped-facets'))).toEqual([]);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: PHONE });

    test('the facets are a sheet whose values filter the list, with 44 px controls', async ({ page, server }) => {
      const { group, prefix } = await seed(server);
      await logIn(page, server, `/alerts?q=group:${group}`);
      await expect(page.getByRole('grid', { name: 'Alert list' }).getByRole('row')).toHaveCount(5);
      // The toolbar's second line holds the refresh status beside the buttons, none covering another.
      for (const name of ['Pause refreshing', 'Filters', 'Facets', 'Group by', 'More options']) {
        const button = page.getByRole('button', { name, exact: true });
        const box = await button.boundingBox();
        expect(box?.width ?? 0, name).toBeGreaterThanOrEqual(44);
        const centre = { x: (box?.x ?? 0) + (box?.width ?? 0) / 2, y: (box?.y ?? 0) + (box?.height ?? 0) / 2 };
        expect(
          await button.evaluate((element, { x, y }) => element.contains(document.elementFromPoint(x, y)), centre),
          `${name} is not covered`,
        ).toBe(true);
      }

      await page.getByRole('button', { name: 'Facets' }).click();
      const sheet = page.getByRole('dialog', { name: 'Facets' });
      await expect(sheet).toBeVisible();
      const value = sheet.getByRole('button', { name: `${prefix}db01 (1)` });
      const leaveOut = sheet.getByRole('button', { name: `Leave out Resource ${prefix}db01` });
      for (const control of [value, leaveOut]) {
        const box = await control.boundingBox();
        expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
        expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
      }
      await leaveOut.click();
      await expect
        .poll(() => search(page))
        .toBe(`group:${group} AND NOT resource:["${prefix}db01" TO "${prefix}db01"]`);
      await expect(leaveOut).toHaveAttribute('aria-pressed', 'true');
      await sheet.getByRole('button', { name: 'Close facets' }).click();
      await expect(sheet).toHaveCount(0);
      await expect(page.getByRole('grid', { name: 'Alert list' }).getByRole('row')).toHaveCount(4);
      await expect(
        page.getByRole('list', { name: 'Active filters' }).getByText(`Resource: not ${prefix}db01`),
      ).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    });
  });
});

test.describe('grouped alert list on PostgreSQL', () => {
  test.afterAll(async () => {
    await dropTestDatabases();
    await stopOwnCluster();
  });

  test('groups, nests, collapses, acts on a group, and filters from facets and suggestions', async ({ page }) => {
    const databaseUrl = await createTestDatabase();
    const postgres = await startWithFirstAdmin({ name: 'grouped-pg', env: { DATABASE_URL: databaseUrl } });
    try {
      await groupedWalk(page, runningServer(postgres.origin, postgres.admin));
    } finally {
      // The page first: its live stream would otherwise try the stopped server again and log the refusal.
      await page.close();
      await postgres.stop();
    }
  });
});
