import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type TestServer, alertBody, basic, body, createUser } from './app.js';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'webhooks');

/** A recorded payload as text, with `{{name}}` placeholders filled in (alert ids the test made). */
export function fixtureText(sender: string, name: string, values: Record<string, string> = {}): string {
  const text = readFileSync(join(FIXTURES, sender, `${name}.json`), 'utf8');
  return text.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole);
}

export function fixture(sender: string, name: string, values: Record<string, string> = {}): Record<string, unknown> {
  return JSON.parse(fixtureText(sender, name, values)) as Record<string, unknown>;
}

/** The alert fields the tests look at, as the API shows them. */
export interface AlertJson {
  id: string;
  resource: string;
  event: string;
  environment: string;
  severity: string;
  status: string;
  service: string[];
  group: string;
  value: string | null;
  text: string;
  tags: string[];
  attributes: Record<string, unknown>;
  origin: string;
  type: string;
  timeout: number;
  customer: string | null;
  correlate: string[];
  createTime: string;
  rawData: string | null;
  history: { type: string; status: string; text: string; user: string | null }[];
}

export const admin = basic('root', 'root-password');
export const guest = basic('guest', 'guest-password');

export async function createWebhookUsers(server: TestServer): Promise<void> {
  await createUser(server.store, { login: 'root', password: 'root-password', roles: ['admin'] });
  await createUser(server.store, { login: 'guest', password: 'guest-password', roles: ['guest'] });
}

interface PostOptions {
  query?: string;
  headers?: Record<string, string>;
  contentType?: string;
}

/** Calls to the webhooks of the server `server()` returns, and the reads the tests check them with. */
export function webhookCalls(server: () => TestServer) {
  const post = (name: string, payload: unknown, options: PostOptions = {}) =>
    server().app.inject({
      method: 'POST',
      url: `/api/webhooks/${name}${options.query ?? ''}`,
      headers: {
        ...(options.headers ?? admin),
        'content-type': options.contentType ?? 'application/json',
      },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const getAlert = async (id: string): Promise<AlertJson> => {
    const response = await server().app.inject({ method: 'GET', url: `/api/alert/${id}`, headers: admin });
    assert.equal(response.statusCode, 200, response.body);
    return (body(response) as { alert: AlertJson }).alert;
  };
  const totalAlerts = async (): Promise<number> => {
    const response = await server().app.inject({ method: 'GET', url: '/api/alerts', headers: admin });
    return (body(response) as { total: number }).total;
  };
  /** An alert sent through POST /alert, for the webhooks that change stored alerts. */
  const sendAlert = async (overrides: Record<string, unknown> = {}): Promise<AlertJson> => {
    const response = await server().app.inject({
      method: 'POST',
      url: '/api/alert',
      headers: admin,
      payload: alertBody(overrides),
    });
    assert.equal(response.statusCode, 201, response.body);
    return (body(response) as { alert: AlertJson }).alert;
  };
  return { post, getAlert, totalAlerts, sendAlert };
}

/** The alert of a 201 answer that stored one. */
export function storedAlert(response: { statusCode: number; body: string }): AlertJson {
  assert.equal(response.statusCode, 201, response.body);
  return (JSON.parse(response.body) as { alert: AlertJson }).alert;
}

/** A 400 in the error envelope whose message matches, with nothing stored. */
export async function assertRefused(
  response: { statusCode: number; body: string },
  message: RegExp,
  totals: { before: number; after: () => Promise<number> },
): Promise<void> {
  assert.equal(response.statusCode, 400, response.body);
  const error = JSON.parse(response.body) as { status: string; message: string; code: number };
  assert.equal(error.status, 'error');
  assert.equal(error.code, 400);
  assert.match(error.message, message);
  assert.equal(await totals.after(), totals.before);
}
