import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Alert } from '@alerta/contract';
import {
  type TestServer,
  alertBody,
  basic,
  body,
  createBlackout as createBlackoutAs,
  createUser,
  startTestServer,
} from './app.js';
import type { Engine } from './engines.js';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'webhooks');

/** A recorded payload as text, with `{{name}}` placeholders filled in (alert ids the test made). */
export function fixtureText(sender: string, name: string, values: Record<string, string> = {}): string {
  const text = readFileSync(join(FIXTURES, sender, `${name}.json`), 'utf8');
  return text.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole);
}

export function fixture(sender: string, name: string, values: Record<string, string> = {}): Record<string, unknown> {
  return JSON.parse(fixtureText(sender, name, values)) as Record<string, unknown>;
}

/** An alert as the API shows it, with its history and rawData. */
export type AlertJson = Alert;

export const admin = basic('root', 'root-password');
export const guest = basic('guest', 'guest-password');
/** A user of the customer Acme, made by `createAcmeUser`. */
export const acme = basic('acme', 'acme-password');

export async function createWebhookUsers(server: TestServer): Promise<void> {
  await createUser(server.store, { login: 'root', password: 'root-password', roles: ['admin'] });
  await createUser(server.store, { login: 'guest', password: 'guest-password', roles: ['guest'] });
}

/** The customer Acme, matched by the domain acme.test, and its user `acme` (for servers with CUSTOMER_VIEWS). */
export async function createAcmeUser(server: TestServer): Promise<void> {
  const customer = { customer: 'Acme', match: 'acme.test' };
  const response = await server.app.inject({ method: 'POST', url: '/api/customer', headers: admin, payload: customer });
  assert.equal(response.statusCode, 201, response.body);
  await createUser(server.store, { login: 'acme', password: 'acme-password', email: 'ops@acme.test' });
}

/** A server on a fresh database with the webhook tests' users: `root` (admin) and `guest`. */
export async function startWebhookServer(engine: Engine, env: Record<string, string> = {}): Promise<TestServer> {
  const server = await startTestServer(engine, env);
  await createWebhookUsers(server);
  return server;
}

export interface PostOptions {
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
  /** GET /webhooks/{path}: the senders post, so this is the "no payload" answer (docs/webhooks.md#calling-a-webhook). */
  const get = (path: string, headers: Record<string, string> = admin) =>
    server().app.inject({ method: 'GET', url: `/api/webhooks/${path}`, headers });
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
  const createBlackout = (blackout: Record<string, unknown>) => createBlackoutAs(server(), admin, blackout);
  return { post, get, getAlert, totalAlerts, sendAlert, createBlackout };
}

export type WebhookCalls = ReturnType<typeof webhookCalls>;

/**
 * A webhook server for the tests of the enclosing suite: started before them (after `setUp`, when given), closed
 * after them. `env` may be a function, for settings known only once an earlier `before` has run.
 */
export function webhookServer(
  engine: Engine,
  env: Record<string, string> | (() => Record<string, string>) = {},
  setUp?: (server: TestServer) => Promise<void>,
): WebhookCalls & { server: () => TestServer } {
  let started: TestServer | undefined;
  void before(async () => {
    started = await startWebhookServer(engine, typeof env === 'function' ? env() : env);
    await setUp?.(started);
  });
  void after(() => started?.close());
  const server = (): TestServer => {
    if (started === undefined) throw new Error('the webhook test server has not started');
    return started;
  };
  return { server, ...webhookCalls(server) };
}

/** The alert of a 201 answer that stored one. */
export function storedAlert(response: { statusCode: number; body: string }): AlertJson {
  assert.equal(response.statusCode, 201, response.body);
  return (JSON.parse(response.body) as { alert: AlertJson }).alert;
}

/** The alert's rawData, parsed, to compare with the payload that was posted. */
export const rawDataOf = (alert: AlertJson): unknown => JSON.parse(alert.rawData ?? 'null');

/** Alert fields with their expected values; `attributes` names only the attributes to check. */
export type ExpectedAlert = Partial<Omit<AlertJson, 'attributes'>> & { attributes?: Record<string, unknown> };

/**
 * The fields named in `expected` have exactly those values (and the attributes named, those; an attribute expected
 * `undefined` must be absent). One comparison, so a failure shows every field that differs.
 */
export function assertAlertFields(alert: AlertJson, expected: ExpectedAlert): void {
  const { attributes, ...fields } = expected;
  const actual = Object.fromEntries(Object.keys(fields).map((key) => [key, alert[key as keyof AlertJson]]));
  assert.deepEqual(actual, fields);
  if (attributes !== undefined) {
    const named = Object.fromEntries(Object.keys(attributes).map((key) => [key, alert.attributes[key]]));
    assert.deepEqual(named, attributes);
  }
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

/** A payload a webhook refuses: what is wrong with it, the body, the 400's message, and how it is posted. */
export type Refusal = readonly [name: string, payload: unknown, message: RegExp, options?: PostOptions];

/**
 * A refusal per required field (docs/webhooks.md lists them for each sender): the payload `without(field)` makes,
 * answered with a message that names the field, as `'<prefix><field>': …`.
 */
export function missingFieldRefusals(
  fields: readonly string[],
  without: (field: string) => unknown,
  prefix = '',
): Refusal[] {
  const quoted = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return fields.map((field) => [`no ${field}`, without(field), new RegExp(`^'${quoted(prefix + field)}': `)]);
}

/**
 * One test per refusal (docs/webhooks.md#answers): the webhook answers 400 with the message, and stores nothing.
 * `outcome` ends each test's name; `alsoCheck` runs after each (what else must not have happened).
 */
export function itRefusesEach(
  calls: WebhookCalls,
  webhook: string,
  refusals: readonly Refusal[],
  options: PostOptions & { outcome?: string; alsoCheck?: () => void } = {},
): void {
  const { outcome = 'nothing stored', alsoCheck, ...postOptions } = options;
  for (const [name, payload, message, extra] of refusals) {
    void it(`${name} → 400, ${outcome}`, async () => {
      const before = await calls.totalAlerts();
      const response = await calls.post(webhook, payload, { ...postOptions, ...extra });
      await assertRefused(response, message, { before, after: calls.totalAlerts });
      alsoCheck?.();
    });
  }
}
