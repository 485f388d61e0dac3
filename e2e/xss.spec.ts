import type { Page } from '@playwright/test';
import { alertRow, EVERY_STATUS, logIn, postAlert, unique } from './support/alerts';
import { expect, test } from './support/server';

// The list shows the text, tags, every attribute, one attribute as its own column and the last note, on a screen wide
// enough for all of them (a narrower one lets columns give way: docs/console/alert-screens.md#column-priority).
test.use({
  serverEnv: { COLUMNS: 'severity,status,resource,event,text,tags,attributes,runbook,note' },
  viewport: { width: 1920, height: 1080 },
});

const TEXT =
  `<script>window.__xss='text-script'</script><img id="xss-text" src=x onerror="window.__xss='text-img'">` +
  `<a id="xss-text-link" href="javascript:window.__xss='text-link'">click me</a>`;
const NOTE = `<script>alert('note')</script><img id="xss-note" src=x onerror="alert('note-img')"> javascript:alert(6)`;
const RAW = `<script>alert('raw')</script><img id="xss-raw" src=x onerror="alert('raw-img')">`;
const TAG = `<img id="xss-tag" src=x onerror="alert('tag')">`;
const ATTRIBUTES = {
  runbook: "javascript:window.__xss='attr-link'",
  shouting: 'JaVaScRiPt:alert(7)',
  spaced: ' javascript:alert(8)',
  data: 'data:text/html,<script>alert(9)</script>',
  html: `<img id="xss-attr" src=x onerror="alert('attr-img')"><script>alert('attr-script')</script>`,
  '<b id="xss-key">key</b>': 'hostile name',
  docs: 'https://wiki.example.com/runbook?step=1&next=<b>',
  plain: 'http://example.com/plain',
};

/** Nothing the payloads would create exists, and no script of theirs ran. */
async function expectInert(page: Page): Promise<void> {
  await expect(page.locator('[id^="xss-"]')).toHaveCount(0);
  await expect(page.locator('main script, main img, main a[href^="javascript" i], main a[href^="data" i]')).toHaveCount(
    0,
  );
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
}

test.describe('hostile alert content', () => {
  test('text, tags, attributes, notes and raw data stay inert text; only http(s) values become links', async ({
    page,
    server,
  }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const event = unique('Hostile');
    const resource = `${event}-res`;
    const id = await postAlert(server, {
      resource,
      event,
      text: TEXT,
      tags: [TAG],
      rawData: RAW,
      attributes: ATTRIBUTES,
    });
    const noted = await server.api('PUT', `/alert/${id}/note`, { text: NOTE });
    expect(noted.status, JSON.stringify(noted.body)).toBe(201);

    // The list.
    await logIn(page, server, `/alerts?q=event:${event}${EVERY_STATUS}`);
    const row = alertRow(page, resource);
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell', { name: TEXT, exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: TAG, exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: ATTRIBUTES.runbook, exact: true })).toBeVisible();
    await expect(row).toContainText(`html=${ATTRIBUTES.html}`);
    await expect(row.getByRole('cell', { name: NOTE, exact: true })).toBeVisible();
    // The only link in the row opens the alert.
    expect(await row.locator('a').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href))).toEqual([
      `${server.baseURL}/alert/${id}`,
    ]);
    await expectInert(page);

    // The detail: every field and attribute as text, the note as text.
    await row.getByRole('link', { name: event }).click();
    await expect(page).toHaveURL(new RegExp(`/alert/${id}$`));
    await expect(page.locator('dt:text-is("Description") + dd')).toHaveText(TEXT);
    await expect(page.locator('dt:text-is("Tags") + dd')).toHaveText(TAG);
    for (const value of Object.values(ATTRIBUTES)) {
      await expect(page.getByRole('definition').filter({ hasText: value.trim() })).toHaveCount(1);
    }
    // Attribute names are shown with their words capitalised (splitCaps), still as text.
    await expect(page.getByRole('term').filter({ hasText: '<B Id="Xss Key">Key</B>' })).toHaveCount(1);
    await expect(page.getByRole('tabpanel', { name: 'Details' }).getByText(NOTE, { exact: true })).toBeVisible();
    await expectInert(page);

    // Links: same-site searches, plus the two http(s) attribute values opening in a new tab; nothing else.
    const hrefs = await page
      .getByRole('main')
      .locator('a[href]')
      .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(new URL(href).protocol, href).toMatch(/^https?:$/);
    const external = hrefs.filter((href) => new URL(href).origin !== server.baseURL);
    expect(external.sort()).toEqual([new URL(ATTRIBUTES.plain).href, new URL(ATTRIBUTES.docs).href].sort());
    await expect(page.getByRole('link', { name: ATTRIBUTES.docs })).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('link', { name: ATTRIBUTES.docs })).toHaveAttribute('rel', /noopener/);

    // History and raw data.
    await page.getByRole('tab', { name: 'History' }).click();
    await expect(
      page.getByRole('table', { name: 'Alert history' }).getByRole('cell', { name: NOTE, exact: true }),
    ).toBeVisible();
    await page.getByRole('tab', { name: 'Data' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Data' })).toHaveText(RAW);
    await expectInert(page);

    // The javascript: attribute value is a search link, not a script: following it searches for it.
    await page.getByRole('tab', { name: 'Details' }).click();
    await page.getByRole('link', { name: ATTRIBUTES.runbook }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/alerts');
    expect(new URL(page.url()).searchParams.get('q')).toBe(`_.runbook:"${ATTRIBUTES.runbook}"`);
    await expect(page.getByRole('searchbox', { name: 'Search alerts' })).toHaveValue(
      `_.runbook:"${ATTRIBUTES.runbook}"`,
    );
    await expectInert(page);
    expect(dialogs).toEqual([]);
  });
});
