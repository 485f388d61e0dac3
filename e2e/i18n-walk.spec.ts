import type { Page } from '@playwright/test';
import { postAlert, unique } from './support/alerts';
import { type Catalogue, catalogue } from './support/catalogue';
import { type RunningServer, expect, networkQuiet, test } from './support/server';

// docs/console/behaviour.md#who-it-is-for: every text the console shows is in the console's language. This walk opens
// every screen and the main dialogs in German, in French and in Turkish, and fails on any text that is an English
// catalogue text whose translation differs: a text left out of the catalogues, or written in the code, such as a value
// from a fixed list shown by its name (docs/console/plumbing.md#durations-ids-and-words). No text is exempt. The
// catalogues are read from their files.

/** The catalogue's text for `key`; a key the catalogue lacks fails the test here, not as a missing element later. */
function word(catalogue: Catalogue, key: string): string {
  const text = catalogue[key];
  if (text === undefined) throw new Error(`no text for ${key}`);
  return text;
}

const en = catalogue('en');

interface Language {
  code: string;
  locale: string;
  texts: Catalogue;
  /** Every text of the language, which an English text may equal (Status, Trend …). */
  own: Set<string>;
  /** The same English texts in lower case, for texts that differ only in case ("More Severe"). */
  englishLower: Set<string>;
  /** English texts that must not show: they have a text of their own in this language, and none of its texts is the same. */
  englishOnly: Set<string>;
  /** English texts with values in them, as patterns; only those with enough words of their own to tell them apart. */
  englishPatterns: { key: string; pattern: RegExp }[];
}

function language(code: string, locale: string): Language {
  const texts = catalogue(code);
  const own = new Set(Object.values(texts));
  const englishOnly = new Set(
    Object.entries(en)
      .filter(([key, text]) => texts[key] !== text && !own.has(text) && !text.includes('{{'))
      .map(([, text]) => text),
  );
  const englishPatterns = Object.entries(en)
    .filter(([key, text]) => text.includes('{{') && texts[key] !== text)
    .filter(([, text]) => text.replace(/\{\{\w+\}\}/g, '').replace(/[^A-Za-z]/g, '').length >= 6)
    .map(([key, text]) => {
      const parts = text.split(/\{\{\w+\}\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      return { key, pattern: new RegExp(`^${parts.join('.+')}$`, 's') };
    });
  const englishLower = new Set([...englishOnly].map((text) => text.toLowerCase()));
  return { code, locale, texts, own, englishOnly, englishLower, englishPatterns };
}

/** Every text of the page a user sees or hears: text, accessible names, tooltips, placeholders, and the title. */
async function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (parent === null || parent.closest('script, style, noscript') !== null) continue;
      texts.push(node.textContent ?? '');
    }
    for (const element of document.querySelectorAll(
      '[aria-label], [title], [placeholder], [alt], [aria-description]',
    )) {
      for (const name of ['aria-label', 'title', 'placeholder', 'alt', 'aria-description']) {
        const value = element.getAttribute(name);
        if (value !== null) texts.push(value);
      }
    }
    return texts.map((text) => text.trim()).filter((text) => text !== '');
  });
}

/** The English texts on the page now, with where they were found. */
async function englishOn(page: Page, lang: Language, where: string): Promise<string[]> {
  const found = new Set<string>();
  for (const text of await pageTexts(page)) {
    if (lang.englishOnly.has(text)) found.add(`${where}: "${text}"`);
    // A word of a fixed value written from its name in the code (moreSevere as "More Severe") differs only in case.
    else if (/^\p{Lu}/u.test(text) && lang.englishLower.has(text.toLowerCase())) found.add(`${where}: "${text}"`);
    else if (!lang.own.has(text)) {
      const template = lang.englishPatterns.find(({ pattern }) => pattern.test(text));
      if (template !== undefined) found.add(`${where}: "${text}" (${template.key})`);
    }
  }
  return [...found];
}

async function settle(page: Page): Promise<void> {
  await networkQuiet(page);
  await expect(page.locator('main, [role="dialog"]').first()).toBeVisible();
}

async function logIn(page: Page, server: RunningServer, de: Catalogue): Promise<void> {
  await page.goto(`${server.baseURL}/login`);
  await page.getByLabel(word(de, 'login.username')).fill(server.admin.login);
  await page.getByLabel(word(de, 'login.password'), { exact: true }).fill(server.admin.password);
  await page.getByRole('button', { name: word(de, 'login.submit'), exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/alerts');
}

/** Data whose values are no catalogue words, so that only the console's own texts are checked. */
async function makeData(server: RunningServer): Promise<string> {
  const tag = unique('zq');
  const id = await postAlert(server, {
    resource: `${tag}-node`,
    event: `${tag}Evt`,
    service: [`${tag}-svc`],
    group: `${tag}-grp`,
    value: `${tag}-val`,
    text: `${tag} text`,
    tags: [`${tag}-tag`],
    origin: `${tag}-origin`,
    attributes: { zqAttr: `${tag}-attr` },
    rawData: `${tag} raw`,
  });
  await postAlert(server, { resource: `${tag}-node2`, event: `${tag}Evt2`, severity: 'critical' });
  const calls: [string, unknown][] = [
    ['/heartbeat', { origin: `${tag}-hb`, tags: [`${tag}-hbtag`], timeout: 600 }],
    ['/user', { name: `${tag} person`, email: `${tag}@example.net`, password: `${tag}-Secret-9`, roles: ['user'] }],
    ['/group', { name: `${tag}-team`, text: `${tag} team` }],
    ['/customer', { match: `${tag}@example.net`, customer: `${tag}-cust` }],
    ['/blackout', { environment: 'Production', resource: `${tag}-node`, duration: 3600, text: `${tag} window` }],
    ['/perm', { match: `${tag}-role`, scopes: ['read'] }],
    ['/key', { text: `${tag} key`, scopes: ['read'] }],
  ];
  for (const [path, body] of calls) {
    const answer = await server.api('POST', path, body);
    expect(answer.status, `${path} ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  }
  return id;
}

for (const lang of [language('de', 'de-DE'), language('fr', 'fr-FR'), language('tr', 'tr-TR')]) {
  test.describe(`the console in ${lang.code}`, () => {
    test.use({ locale: lang.locale });
    test.setTimeout(120_000);

    test('shows no English text on any screen or main dialog', async ({ page, server }) => {
      const de = lang.texts;
      const id = await makeData(server);
      const found: string[] = [];
      const check = async (where: string) => {
        await settle(page);
        found.push(...(await englishOn(page, lang, where)));
      };
      const openDialog = async (where: string, button: string) => {
        await page.getByRole('button', { name: button, exact: true }).first().click();
        await expect(page.getByRole('dialog').first()).toBeVisible();
        await check(where);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
      };

      // The sign-in screens, before signing in.
      for (const path of ['/login', '/signup', '/forgot', '/reset/zq-token', '/docs']) {
        await page.goto(`${server.baseURL}${path}`);
        await check(path);
      }

      await logIn(page, server, de);
      await expect(page.locator(`tr[data-alert-id="${id}"]`)).toBeVisible();
      await check('/alerts');
      await page.getByRole('button', { name: word(de, 'alerts.filters'), exact: true }).click();
      await expect(page.getByRole('dialog', { name: word(de, 'alerts.filters') })).toBeVisible();
      await check('/alerts filter sheet');
      await page.keyboard.press('Escape');
      await page.locator('body').click({ position: { x: 1, y: 1 } });
      await page.keyboard.press('?');
      await expect(page.getByRole('dialog', { name: word(de, 'shortcuts.title') })).toBeVisible();
      await check('/alerts shortcuts');
      await page.keyboard.press('Escape');

      await page.goto(`${server.baseURL}/alert/${id}`);
      await check('/alert');
      await page.getByRole('tab', { name: word(de, 'detail.tab.history') }).click();
      await check('/alert history');
      await page.getByRole('tab', { name: word(de, 'detail.tab.data') }).click();
      await check('/alert data');
      await page.getByRole('button', { name: word(de, 'alerts.action.delete'), exact: true }).click();
      await expect(page.getByRole('dialog', { name: word(de, 'alerts.confirmDeleteTitle') })).toBeVisible();
      await check('/alert delete dialog');
      await page.keyboard.press('Escape');
      await openDialog('/alert blackout dialog', word(de, 'detail.blackout'));

      const screens: [string, string | undefined][] = [
        ['/heartbeats', undefined],
        ['/users', word(de, 'users.new')],
        ['/groups', word(de, 'groups.new')],
        ['/customers', word(de, 'customers.new')],
        ['/blackouts', word(de, 'blackouts.new')],
        ['/perms', word(de, 'perms.new')],
        ['/keys', word(de, 'keys.new')],
        ['/reports', undefined],
        ['/profile', undefined],
        ['/settings', undefined],
        ['/about', undefined],
        ['/docs/zq-nothing', undefined],
      ];
      for (const [path, dialog] of screens) {
        await page.goto(`${server.baseURL}${path}`);
        await check(path);
        if (dialog !== undefined) await openDialog(`${path} dialog`, dialog);
      }
      expect(found).toEqual([]);
    });
  });
}
