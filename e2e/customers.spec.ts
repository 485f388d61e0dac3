import type { Locator, Page } from '@playwright/test';
import { createUser, logIn, unique } from './support/alerts';
import { blocking, runAxe } from './support/axe';
import { expect, test, type RunningServer } from './support/server';

// The customers screen is there only with customer views on.
test.use({ serverEnv: { CUSTOMER_VIEWS: 'true' } });

function row(page: Page, match: string): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: match, exact: true }) });
}

async function storedCustomers(server: RunningServer): Promise<{ id: string; match: string; customer: string }[]> {
  const answer = await server.api('GET', '/customers?page-size=100');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as { customers?: { id: string; match: string; customer: string }[] }).customers ?? [];
}

test.describe('customers', () => {
  test('a customer is created, found by a search on the server, renamed and deleted', async ({
    page,
    server,
  }, testInfo) => {
    const match = `${unique('acme')}.example`;
    const name = unique('Acme');

    await logIn(page, server, '/customers');
    await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible();
    const listFindings = await runAxe(page, testInfo, 'customers');

    await page.getByRole('button', { name: 'New customer' }).click();
    const create = page.getByRole('dialog', { name: 'New customer' });
    await create.getByRole('button', { name: 'Save' }).click();
    await expect(create.getByText('Required')).toHaveCount(2);
    const formFindings = await runAxe(page, testInfo, 'customers-new');
    await create.getByLabel(/^Look Up/).fill(match);
    await create.getByLabel(/^Customer/).fill(name);
    await create.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Customer ${name} created.`)).toBeVisible();
    await expect(create).toBeHidden();
    await expect.poll(async () => (await storedCustomers(server)).some((c) => c.match === match)).toBe(true);

    await page.getByRole('searchbox', { name: 'Search' }).fill(name);
    await expect(row(page, match)).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search' }).fill(`${name}-nobody`);
    await expect(page.getByText(`Your search for "${name}-nobody" found no results.`)).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).click();

    await row(page, match)
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit customer' });
    await edit.getByLabel(/^Customer/).fill(`${name} Ltd`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Customer ${name} Ltd saved.`)).toBeVisible();
    await expect
      .poll(async () => (await storedCustomers(server)).find((c) => c.match === match)?.customer)
      .toBe(`${name} Ltd`);

    await row(page, match)
      .getByRole('button', { name: `Delete ${name} Ltd` })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(async () => (await storedCustomers(server)).some((c) => c.match === match)).toBe(false);

    expect(blocking([...listFindings, ...formFindings])).toEqual([]);
  });

  test('a plain user sees the customers without any way to change them', async ({ page, server }) => {
    const reader = await createUser(server);
    // With customer views on, a user without a customer may not log in: the look-up names this one's login.
    const customer = unique('Globex');
    const answer = await server.api('POST', '/customer', { match: reader.login, customer });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);

    await logIn(page, server, '/customers', reader);
    await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible();
    await expect(row(page, reader.login)).toBeVisible();
    await expect(page.getByRole('button', { name: 'New customer' })).toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  });
});
