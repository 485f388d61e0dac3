import { type Page, type Request, test as base, expect } from '@playwright/test';
import { type Credentials, startWithFirstAdmin } from '../../packages/server/test/support/server-process';

export interface RunningServer {
  baseURL: string;
  admin: Credentials;
  /** Calls the API as the administrator. */
  api: (method: string, path: string, body?: unknown) => Promise<{ status: number; body: unknown }>;
}

// A browser test fails when the page logs an error or throws, except a 4xx the test itself provoked.
const EXPECTED_CONSOLE_ERROR = /Failed to load resource: the server responded with a status of 4\d\d/;

/** The live stream's request stays open as long as the page does (docs/api/stream.md): it never makes a page busy. */
const LIVE_STREAM = /\/alerts\/stream(?:[?#]|$)/;

/** What each page of a test has asked for and not yet received, and when that last changed. */
interface Traffic {
  pending: Set<Request>;
  changedAt: number;
}
const traffic = new WeakMap<Page, Traffic>();

export const test = base.extend<
  { consoleErrors: string[]; cspViolations: string[]; traffic: undefined },
  { server: RunningServer; serverEnv: Record<string, string> }
>({
  // Extra environment for the worker's server (settings such as ACTIONS); a file that sets it with `test.use` gets a
  // server (and worker) of its own.
  serverEnv: [{}, { scope: 'worker', option: true }],
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !EXPECTED_CONSOLE_ERROR.test(message.text())) errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'errors logged in the browser').toEqual([]);
    },
    { auto: true },
  ],
  // A browser test fails when the page's Content-Security-Policy refuses anything (README.md#security-headers): a
  // listener on every page the test loads reports each violation through a binding.
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      await page.exposeBinding('reportCspViolation', (_source, text: unknown) => {
        violations.push(String(text));
      });
      await page.addInitScript(() => {
        const report = (window as unknown as { reportCspViolation: (text: string) => Promise<void> })
          .reportCspViolation;
        document.addEventListener('securitypolicyviolation', (event) => {
          const blocked = event.blockedURI === '' ? 'inline' : event.blockedURI;
          const where = event.sourceFile === '' ? '' : ` at ${event.sourceFile}:${String(event.lineNumber)}`;
          void report(`${event.effectiveDirective} refused ${blocked}${where}`);
        });
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  // The requests of the test's page, for networkQuiet.
  traffic: [
    async ({ page }, use) => {
      const seen: Traffic = { pending: new Set(), changedAt: Date.now() };
      traffic.set(page, seen);
      page.on('request', (request) => {
        if (LIVE_STREAM.test(request.url())) return;
        seen.pending.add(request);
        seen.changedAt = Date.now();
      });
      const done = (request: Request) => {
        if (seen.pending.delete(request)) seen.changedAt = Date.now();
      };
      page.on('requestfinished', done);
      page.on('requestfailed', done);
      await use(undefined);
    },
    { auto: true },
  ],
  server: [
    async ({ serverEnv }, use) => {
      // The built server on an empty SQLite database in a temporary folder, with its first-run administrator.
      const server = await startWithFirstAdmin({ name: 'e2e', env: serverEnv });
      await use(runningServer(server.origin, server.admin));
      await server.stop();
    },
    { scope: 'worker' },
  ],
});

/** A server at `baseURL` as the tests drive it: its API called as `admin`, who logs in on the first call. */
export function runningServer(baseURL: string, admin: Credentials): RunningServer {
  let token: string | undefined;
  const api: RunningServer['api'] = async (method, path, body) => {
    if (!token) {
      const login = await fetch(`${baseURL}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: admin.login, password: admin.password }),
      });
      token = ((await login.json()) as { token: string }).token;
    }
    const response = await fetch(`${baseURL}/api${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };
  return { baseURL, admin, api };
}

/**
 * Waits until the page has loaded and has had no request in flight for `quietMs`: Playwright's `networkidle`, except
 * that the live stream does not count, as it never ends (a page that opened it would otherwise never be idle).
 */
export async function networkQuiet(page: Page, quietMs = 500): Promise<void> {
  await page.waitForLoadState('load');
  const seen = traffic.get(page);
  if (seen === undefined) throw new Error("networkQuiet is for the test fixture's page");
  await expect
    .poll(
      () =>
        seen.pending.size === 0 && Date.now() - seen.changedAt >= quietMs
          ? 'quiet'
          : `waiting for ${[...seen.pending].map((r) => r.url()).join(', ') || 'a quiet spell'}`,
      { message: 'the page to stop loading', intervals: [50], timeout: 30_000 },
    )
    .toBe('quiet');
}

export { expect };
