import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod/mini';
import { actionSchema, noteInputSchema, noteUpdateSchema, statusChangeSchema } from './alert-changes.js';
import { alertInputSchema } from './alert.js';
import { loginBodySchema, signupBodySchema } from './auth.js';
import { blackoutInputSchema, blackoutUpdateSchema } from './blackout.js';
import { ISO_DATE_MESSAGE, isoDateSchema } from './dates.js';
import { clearableField, optionalField } from './fields.js';
import { heartbeatInputSchema } from './heartbeat.js';
import {
  customerUpdateSchema,
  groupInputSchema,
  groupUpdateSchema,
  permissionInputSchema,
  permissionUpdateSchema,
  userInputSchema,
  userUpdateSchema,
} from './identity.js';
import { apiKeyInputSchema, apiKeyUpdateSchema } from './keys.js';

const messages = (result: { error?: { issues: readonly { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`) ?? [];

/** Drops keys whose value is undefined, to compare parsed bodies with what was meant. */
const given = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('optionalField and clearableField (README "Senders")', () => {
  const schema = z.object({
    name: optionalField(z.string({ error: "'name' must be a string" })),
    flag: optionalField(z.boolean({ error: "'flag' must be true or false" })),
    note: clearableField(z.string({ error: "'note' must be a string" })),
  });

  it('reads null as not given, keeps false and empty strings, and lets a clearable null through', () => {
    assert.deepEqual(schema.parse({ name: null, flag: null, note: null }), {
      name: undefined,
      flag: undefined,
      note: null,
    });
    assert.deepEqual(schema.parse({ name: '', flag: false }), { name: '', flag: false });
    assert.deepEqual(schema.parse({}), {});
  });

  it('still refuses a value of another type, with the field named', () => {
    assert.deepEqual(messages(schema.safeParse({ name: 5, flag: 'yes', note: [] })), [
      "name: 'name' must be a string",
      "flag: 'flag' must be true or false",
      "note: 'note' must be a string",
    ]);
  });
});

describe('dates as senders write them', () => {
  it("takes the SDK's YYYY-MM-DDThh:mm:ss.sssZ and the forms the reference reads, written back with milliseconds", () => {
    const cases: [string, string][] = [
      ['2026-11-22T03:52:45.035Z', '2026-11-22T03:52:45.035Z'],
      ['2026-11-22T03:52:45Z', '2026-11-22T03:52:45.000Z'],
      ['2026-11-22T03:52:45.5Z', '2026-11-22T03:52:45.500Z'],
      ['2026-11-22T03:52:45.123456Z', '2026-11-22T03:52:45.123Z'],
    ];
    for (const [input, stored] of cases) assert.equal(isoDateSchema.parse(input), stored, input);
  });

  it('refuses other forms and impossible dates with the reference message', () => {
    for (const bad of [
      '2026-11-22',
      '2026-11-22T03:52:45.035+01:00',
      '2026-13-01T00:00:00Z',
      '2026-11-22T24:00:00Z',
      7,
    ]) {
      assert.deepEqual(messages(isoDateSchema.safeParse(bad)), [`: ${ISO_DATE_MESSAGE}`], String(bad));
    }
  });
});

describe('bodies with every optional field null, as the official client sends them', () => {
  it('POST /alert, /heartbeat, /blackout and /key take their defaults', () => {
    const alert = alertInputSchema.parse({
      ...Object.fromEntries(
        ['id', 'environment', 'severity', 'group', 'value', 'text', 'origin', 'type', 'timeout', 'rawData'].map((k) => [
          k,
          null,
        ]),
      ),
      resource: 'web01',
      event: 'down',
      correlate: [],
      service: [],
      tags: [],
      attributes: {},
      createTime: '2026-11-22T03:52:45.035Z',
      customer: null,
    });
    assert.deepEqual(given(alert), {
      resource: 'web01',
      event: 'down',
      value: null,
      correlate: [],
      service: [],
      tags: [],
      attributes: {},
      createTime: '2026-11-22T03:52:45.035Z',
    });
    const heartbeat = {
      origin: 'cron/host',
      tags: [],
      attributes: {},
      timeout: null,
      createTime: null,
      customer: null,
    };
    assert.deepEqual(given(heartbeatInputSchema.parse(heartbeat)), { origin: 'cron/host', tags: [], attributes: {} });
    const blackout = blackoutInputSchema.parse({
      environment: 'Production',
      service: [],
      resource: 'web01',
      event: null,
      group: null,
      tags: [],
      origin: null,
      customer: null,
      startTime: null,
      duration: null,
      text: null,
    });
    assert.deepEqual(given(blackout), { environment: 'Production', service: [], resource: 'web01', tags: [] });
    const key = { user: null, scopes: [], text: '', customer: null, key: null };
    assert.deepEqual(given(apiKeyInputSchema.parse(key)), { scopes: [], text: '' });
  });

  it('updates leave a null field as it is, but for the fields the reference clears with null', () => {
    const blackout = blackoutUpdateSchema.parse({
      customer: null,
      environment: null,
      service: null,
      resource: null,
      event: null,
      group: null,
      tags: null,
      origin: null,
      startTime: null,
      endTime: null,
      text: null,
    });
    assert.deepEqual(blackout, {
      customer: null,
      environment: undefined,
      service: null,
      resource: null,
      event: null,
      group: null,
      tags: null,
      origin: null,
      startTime: undefined,
      endTime: undefined,
      text: null,
    });
    const key = apiKeyUpdateSchema.parse({ scopes: null, text: null, expireTime: null, customer: null });
    assert.deepEqual(key, { scopes: undefined, text: null, expireTime: undefined, customer: null });
    const user = { name: null, email: null, password: null, status: null, roles: [], attributes: {}, text: null };
    assert.deepEqual(given(userUpdateSchema.parse({ ...user, email_verified: null })), { roles: [], attributes: {} });
    assert.deepEqual(given(groupUpdateSchema.parse({ name: null, text: null })), {});
    assert.deepEqual(given(permissionUpdateSchema.parse({ match: null, scopes: null })), {});
    assert.deepEqual(given(customerUpdateSchema.parse({ match: null, customer: 'Acme' })), { customer: 'Acme' });
  });

  it('users, groups, permissions, auth and alert changes', () => {
    const user = { name: null, email: 'bob@example.com', password: 'pw-12345', status: null, roles: [] };
    assert.deepEqual(given(userInputSchema.parse({ ...user, attributes: {}, text: null, email_verified: null })), {
      email: 'bob@example.com',
      password: 'pw-12345',
      roles: [],
      attributes: {},
    });
    assert.deepEqual(given(groupInputSchema.parse({ name: 'ops', text: null })), { name: 'ops' });
    assert.deepEqual(given(permissionInputSchema.parse({ match: 'ops', scopes: null })), { match: 'ops' });
    assert.deepEqual(given(loginBodySchema.parse({ username: null, email: 'a@b.c', password: 'x' })), {
      email: 'a@b.c',
      password: 'x',
    });
    assert.deepEqual(given(signupBodySchema.parse({ name: null, email: 'a@b.c', password: 'x', text: null })), {
      email: 'a@b.c',
      password: 'x',
    });
    assert.deepEqual(given(statusChangeSchema.parse({ status: 'ack', text: null, timeout: null })), { status: 'ack' });
    assert.deepEqual(given(actionSchema.parse({ action: 'shelve', text: '', timeout: null })), {
      action: 'shelve',
      text: '',
    });
    assert.deepEqual(given(noteInputSchema.parse({ text: 'hi', note: null })), { text: 'hi' });
    assert.deepEqual(given(noteUpdateSchema.parse({ text: null, attributes: null })), {});
  });

  it('a null where a value is required is as missing', () => {
    assert.deepEqual(messages(alertInputSchema.safeParse({ resource: null, event: 'e' })), [
      'resource: Missing mandatory value for "resource"',
    ]);
    assert.deepEqual(messages(blackoutInputSchema.safeParse({ environment: null })), ["environment: 'environment'"]);
    assert.deepEqual(messages(statusChangeSchema.safeParse({ status: null })), [
      "status: must supply 'status' as json data",
    ]);
    assert.deepEqual(messages(groupInputSchema.safeParse({ name: null })), ["name: missing 'name'"]);
  });
});
