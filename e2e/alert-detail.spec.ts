import { expect, test } from './support/server';

test.describe('alert detail', () => {
  test('opens from the list, adds a note with an ack, dismisses it, and searches by a field', async ({
    page,
    server,
  }) => {
    const run = Date.now();
    const posted = await server.api('POST', '/alert', {
      resource: `detail-${run}`,
      event: 'MemoryLow',
      environment: 'Production',
      service: ['Payments'],
      severity: 'minor',
      text: 'Memory is low <img src=x onerror="window.__xss=1">',
      attributes: { runbook: 'https://wiki.example.com/memory', trap: 'javascript:window.__xss=2' },
    });
    expect(posted.status).toBe(201);
    const id = (posted.body as { id: string }).id;

    await page.goto(`${server.baseURL}/alerts`);
    await page.getByLabel(/username|email/i).fill(server.admin.login);
    await page.getByLabel(/password/i).fill(server.admin.password);
    await page.getByRole('button', { name: /log in/i }).click();
    await page
      .getByRole('row', { name: new RegExp(`detail-${run}`) })
      .getByRole('link', { name: 'MemoryLow' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/alert/${id}$`));
    await expect(page.getByRole('heading', { name: `detail-${run} · MemoryLow` })).toBeVisible();
    await expect(
      page.getByRole('definition').filter({ hasText: /^Memory is low <img src=x onerror="window\.__xss=1">$/ }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'https://wiki.example.com/memory' })).toHaveAttribute(
      'target',
      '_blank',
    );
    await expect(page.locator('a[href^="javascript"]')).toHaveCount(0);

    await page.getByRole('button', { name: 'Add note' }).click();
    const note = page.getByRole('textbox', { name: 'Note' });
    await note.fill('   ');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByText('Write a note first')).toBeVisible();
    await note.fill('restarting the cache');
    await page.getByRole('button', { name: 'Acknowledge' }).last().click();
    await expect(page.getByText('restarting the cache').first()).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: /^Acknowledged/ })).toBeVisible();
    const stored = await server.api('GET', `/alert/${id}`);
    expect((stored.body as { alert: { status: string } }).alert.status).toBe('ack');

    await page.getByRole('tab', { name: 'History' }).click();
    await expect(page.getByRole('table', { name: 'Alert history' })).toContainText('restarting the cache');
    await page.getByRole('tab', { name: 'Details' }).click();

    await page.getByRole('button', { name: 'Add note' }).click();
    await page.getByRole('textbox', { name: 'Note' }).fill('called the vendor');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByText('admin added a note')).toBeVisible();
    await page.getByRole('button', { name: 'Dismiss note' }).click();
    await expect(page.getByRole('button', { name: 'Dismiss note' })).toHaveCount(0);

    await page.getByRole('link', { name: 'Payments' }).click();
    await expect(page).toHaveURL(/\/alerts\?q=service%3A%22Payments%22/);
    await expect(page.getByRole('searchbox', { name: 'Search alerts' })).toHaveValue('service:"Payments"');
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });
});
