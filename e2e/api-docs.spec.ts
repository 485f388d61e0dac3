import { expect, test } from './support/server';

// docs/api/README.md#openapi-document: the reference page at /api/docs renders the API's own document under its
// Content-Security-Policy (scripts from this origin only, no inline script, no eval). The suite's fixtures already fail
// on a violation; this test also gathers them on the page itself and from the console, so that a policy that stops
// Swagger UI from drawing shows here with what it refused.

const CSP_MESSAGE = /Content[- ]Security[- ]Policy/i;

test('the API reference page renders every tag and operation without a policy violation', async ({ page, server }) => {
  const consoleMentions: string[] = [];
  page.on('console', (message) => {
    if (CSP_MESSAGE.test(message.text())) consoleMentions.push(`${message.type()}: ${message.text()}`);
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.defineProperty(window, 'cspViolationsSeen', { value: seen });
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} refused ${event.blockedURI === '' ? 'inline' : event.blockedURI}`);
    });
  });

  const response = await page.goto(`${server.baseURL}/api/docs`);
  expect(response?.status()).toBe(200);

  // Swagger UI has read /api/openapi.json and drawn the operations list, tag by tag.
  for (const tag of ['alerts', 'heartbeats', 'auth']) {
    await expect(page.locator(`#operations-tag-${tag}`)).toBeVisible();
  }
  await expect(page.locator('.opblock-summary-path', { hasText: /^\/alerts$/ }).first()).toBeVisible();

  // An operation opens to its request body, which the document takes from the route's schema.
  const login = page.locator('.opblock-post', {
    has: page.locator('.opblock-summary-path', { hasText: /^\/auth\/login$/ }),
  });
  await login.locator('.opblock-summary').click();
  await expect(login.getByText('Request body')).toBeVisible();
  await expect(login.locator('code', { hasText: '"username"' })).toBeVisible();

  const violations = await page.evaluate(
    () => (window as unknown as { cspViolationsSeen: string[] }).cspViolationsSeen,
  );
  expect(violations, 'securitypolicyviolation events on /api/docs').toEqual([]);
  expect(consoleMentions, 'console messages about the Content-Security-Policy').toEqual([]);
});
