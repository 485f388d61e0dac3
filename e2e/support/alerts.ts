import type { Locator, Page } from '@playwright/test';
import { expect, type RunningServer } from './server';

/** Shared steps of the browser tests: signing in, and making and reading alerts through the API. */

export interface Credentials {
  login: string;
  password: string;
}

export interface StoredAlert {
  id: string;
  resource: string;
  event: string;
  environment: string;
  severity: string;
  status: string;
  service: string[];
  tags: string[];
  attributes: Record<string, unknown>;
  history: { status: string | null; type: string; text: string | null; updateTime: string; user: string | null }[];
  [field: string]: unknown;
}

let sequence = 0;

/** A name no other test of this run uses (tests share one server per worker). */
export function unique(prefix: string): string {
  sequence += 1;
  return `${prefix}${Date.now().toString(36)}${sequence}`;
}

/** Opens `path`, which sends a visitor to the login screen, logs in there and waits to be back on `path`. */
export async function logIn(
  page: Page,
  server: RunningServer,
  path = '/alerts',
  who: Credentials = server.admin,
): Promise<void> {
  await page.goto(`${server.baseURL}${path}`);
  await page.getByLabel(/username|email/i).fill(who.login);
  await page.getByLabel(/password/i).fill(who.password);
  await page.getByRole('button', { name: /log in/i }).click();
  const pathname = new URL(path, server.baseURL).pathname;
  await expect(page).toHaveURL((url) => url.pathname === pathname);
}

/** Logs in through the form, whatever language it is in. */
export async function logInAnyLanguage(page: Page, server: RunningServer, path: string): Promise<void> {
  await page.goto(`${server.baseURL}${path}`);
  await page.locator('input[autocomplete="username"]').fill(server.admin.login);
  await page.locator('input[autocomplete="current-password"]').fill(server.admin.password);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL((url) => url.pathname === new URL(path, server.baseURL).pathname);
}

/** POST /alert with the fields a test does not care about filled in; returns the new alert's id. */
export async function postAlert(server: RunningServer, body: Record<string, unknown>): Promise<string> {
  const answer = await server.api('POST', '/alert', {
    environment: 'Production',
    service: ['Web'],
    severity: 'major',
    ...body,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return (answer.body as { id: string }).id;
}

/** GET /alert/{id}; undefined once it is gone. */
export async function getAlert(server: RunningServer, id: string): Promise<StoredAlert | undefined> {
  const answer = await server.api('GET', `/alert/${id}`);
  if (answer.status === 404) return undefined;
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as { alert: StoredAlert }).alert;
}

/** Waits until the stored alert's status is `status`. */
export async function expectStatus(server: RunningServer, id: string, status: string): Promise<void> {
  await expect.poll(async () => (await getAlert(server, id))?.status, { message: `status of ${id}` }).toBe(status);
}

/** Waits until the stored alert does (or does not) carry `tag`. */
export async function expectTag(server: RunningServer, id: string, tag: string, present = true): Promise<void> {
  await expect
    .poll(async () => (await getAlert(server, id))?.tags.includes(tag), { message: `tag ${tag} on ${id}` })
    .toBe(present);
}

/** PUT /alert/{id}/action as the administrator. */
export async function takeAction(server: RunningServer, id: string, action: string): Promise<void> {
  const answer = await server.api('PUT', `/alert/${id}/action`, { action, text: `${action} from the test` });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** A new user with the default roles (or those given); returns how to log in and its id. */
export async function createUser(
  server: RunningServer,
  options: { roles?: string[]; attributes?: Record<string, unknown> } = {},
): Promise<Credentials & { id: string }> {
  const login = unique('operator');
  const password = `pw-${login}-Secret1`;
  const answer = await server.api('POST', '/user', {
    name: `Operator ${login}`,
    login,
    email: `${login}@example.com`,
    password,
    email_verified: true,
    ...options,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { login, password, id: (answer.body as { id: string }).id };
}

/** The list's row for the alert whose resource is `resource`. */
export function alertRow(page: Page, resource: string): Locator {
  return page.getByRole('row', { name: new RegExp(`\\b${resource}\\b`) });
}

/** Clicks one of a row's hover buttons (docs/console/behaviour.md#screens-and-routes: shown on hover). */
export async function rowAction(row: Locator, label: string): Promise<void> {
  await row.hover();
  await row.getByRole('button', { name: label, exact: true }).click();
}

/** A hash filter that lists every status, so acted-on alerts stay in view. */
export const EVERY_STATUS = '#status:open,ack,shelved,closed';

/** Stores `prefs` for `who` the way the console does: PUT /user/me/attributes as that user. */
export async function putMyPreferences(
  server: RunningServer,
  who: Credentials,
  prefs: Record<string, unknown>,
): Promise<void> {
  const login = await fetch(`${server.baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: who.login, password: who.password }),
  });
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const answer = await fetch(`${server.baseURL}/api/user/me/attributes`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ attributes: { prefs } }),
  });
  expect(answer.status, await answer.text()).toBe(200);
}
