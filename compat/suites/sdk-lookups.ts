import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { apiKeySchema, blackoutSchema, customerSchema, heartbeatSchema, permissionSchema } from '@alerta/contract';
import type { Harness } from '../support/harness.js';
import { itemOf } from '../support/schemas.js';
import { type SdkBridge, pythonDatetime, pythonQuery } from '../support/sdk.js';

const model = (name: string) => z.looseObject({ $model: z.literal(name), id: z.string() });

/**
 * A method of the SDK that takes no id and formats Python's builtin `id` into its path instead: called with an id it
 * raises TypeError; called without, it asks for `/<kind>/<built-in function id>`, which no server has.
 */
function brokenGetter(h: Harness, sdk: () => SdkBridge, method: string, kind: string, id: () => string): void {
  it(`${method}: takes no id (a bug of the client), so it raises before or after asking the server`, async () => {
    const withId = await sdk().call('main', method, [id()]);
    assert.deepEqual([withId.ok, !withId.ok && withId.error.type], [false, 'TypeError']);
    const without = await sdk().call('main', method);
    const missing = await h.server.api('GET', `/${kind}/${encodeURIComponent('<built-in function id>')}`);
    assert.equal(missing.status, 404);
    assert.deepEqual(without, { ok: false, error: { type: 'UnknownError', message: String(missing.body.message) } });
  });
}

/** The SDK's blackout, heartbeat, customer, key, permission and scope methods. */
export function sdkLookupMethods(h: Harness, sdk: () => SdkBridge): void {
  describe('SDK: blackouts, heartbeats, customers, keys, permissions', () => {
    const ids = new Map<string, string>();

    it('create_blackout, get_blackout, get_blackouts, update_blackout, delete_blackout', async () => {
      const made = model('Blackout').parse(
        await sdk().value('main', 'create_blackout', ['Development'], {
          resource: 'sdk-db01',
          event: 'Backup',
          start: '2030-01-01T00:00:00.000Z',
          duration: 3600,
          text: 'nightly backup',
        }),
      );
      const stored = itemOf(await h.api('GET', `/blackout/${made.id}`), 'blackout', blackoutSchema);
      assert.deepEqual(
        [stored.resource, stored.event, stored.startTime, stored.endTime, stored.status],
        ['sdk-db01', 'Backup', '2030-01-01T00:00:00.000Z', '2030-01-01T01:00:00.000Z', 'pending'],
      );
      const got = model('Blackout').parse(await sdk().value('main', 'get_blackout', [made.id]));
      assert.equal(got.id, made.id);
      const listed = z
        .array(model('Blackout'))
        .parse(await sdk().value('main', 'get_blackouts', [pythonQuery(['resource', 'sdk-db01'])]));
      assert.deepEqual(
        listed.map((b) => b.id),
        [made.id],
      );
      // The SDK sends null for every field not given, and the reference clears those (compat/README.md).
      await sdk().value('main', 'update_blackout', [made.id], {
        text: 'weekly backup',
        endTime: '2030-01-01T02:00:00.000Z',
      });
      const updated = itemOf(await h.api('GET', `/blackout/${made.id}`), 'blackout', blackoutSchema);
      assert.deepEqual(
        [updated.text, updated.endTime, updated.environment, updated.resource, updated.event],
        ['weekly backup', '2030-01-01T02:00:00.000Z', 'Development', null, null],
      );
      await sdk().value('main', 'delete_blackout', [made.id]);
      assert.equal((await h.server.api('GET', `/blackout/${made.id}`)).status, 404);
    });

    it('heartbeat, get_heartbeat, get_heartbeats, delete_heartbeat', async () => {
      const made = model('Heartbeat').parse(
        await sdk().value('main', 'heartbeat', ['sdk-cron'], {
          tags: ['nightly'],
          attributes: { job: 'backup' },
          timeout: 120,
        }),
      );
      const stored = itemOf(await h.api('GET', `/heartbeat/${made.id}`), 'heartbeat', heartbeatSchema);
      assert.deepEqual(
        [stored.origin, stored.tags, stored.attributes, stored.timeout],
        ['sdk-cron', ['nightly'], { job: 'backup' }, 120],
      );
      assert.equal(model('Heartbeat').parse(await sdk().value('main', 'get_heartbeat', [made.id])).id, made.id);
      const listed = z
        .array(model('Heartbeat'))
        .parse(await sdk().value('main', 'get_heartbeats', [pythonQuery(['origin', 'sdk-cron'])]));
      assert.deepEqual(
        listed.map((b) => b.id),
        [made.id],
      );
      await sdk().value('main', 'delete_heartbeat', [made.id]);
      assert.equal((await h.server.api('GET', `/heartbeat/${made.id}`)).status, 404);
    });

    it('create_customer, get_customers, update_customer', async () => {
      const made = model('Customer').parse(await sdk().value('main', 'create_customer', ['Globex', 'globex.example']));
      ids.set('customer', made.id);
      const listed = z
        .array(model('Customer'))
        .parse(await sdk().value('main', 'get_customers', [pythonQuery(['match', 'globex.example'])]));
      assert.deepEqual(
        listed.map((c) => c.id),
        [made.id],
      );
      await sdk().value('main', 'update_customer', [made.id], { customer: 'Globex Corp' });
      const stored = itemOf(await h.api('GET', `/customer/${made.id}`), 'customer', customerSchema);
      assert.deepEqual([stored.customer, stored.match], ['Globex Corp', 'globex.example']);
    });
    brokenGetter(h, sdk, 'get_customer', 'customer', () => ids.get('customer') ?? '');
    it('delete_customer', async () => {
      await sdk().value('main', 'delete_customer', [ids.get('customer')]);
      assert.equal((await h.server.api('GET', `/customer/${ids.get('customer')}`)).status, 404);
    });

    it('create_key, get_keys, update_key', async () => {
      const made = z.looseObject({ $model: z.literal('ApiKey'), id: z.string(), key: z.string() }).parse(
        await sdk().value('main', 'create_key', [h.server.admin.login, ['read:alerts']], {
          expires: pythonDatetime('2031-02-03T04:05:06'),
          text: 'sdk key',
        }),
      );
      ids.set('key', made.key);
      const stored = itemOf(await h.api('GET', `/key/${made.key}`), 'key', apiKeySchema);
      assert.deepEqual(
        [stored.scopes, stored.text, stored.expireTime],
        [['read:alerts'], 'sdk key', '2031-02-03T04:05:06.000Z'],
      );
      const listed = z
        .array(model('ApiKey'))
        .parse(await sdk().value('main', 'get_keys', [pythonQuery(['text', 'sdk key'])]));
      assert.deepEqual(
        listed.map((k) => k.id),
        [stored.id],
      );
      await sdk().value('main', 'update_key', [made.key], {
        text: 'renamed sdk key',
        scopes: ['read'],
        expireTime: pythonDatetime('2032-05-06T07:08:09.123456'),
      });
      const updated = itemOf(await h.api('GET', `/key/${made.key}`), 'key', apiKeySchema);
      assert.deepEqual(
        [updated.text, updated.scopes, updated.expireTime],
        ['renamed sdk key', ['read'], '2032-05-06T07:08:09.123Z'],
      );
    });
    brokenGetter(h, sdk, 'get_key', 'key', () => ids.get('key') ?? '');
    it('delete_key', async () => {
      await sdk().value('main', 'delete_key', [ids.get('key')]);
      assert.equal((await h.server.api('GET', `/key/${ids.get('key')}`)).status, 404);
    });

    it('create_perm, get_perms, update_perm, get_scopes', async () => {
      const made = model('Permission').parse(await sdk().value('main', 'create_perm', ['sdk-role', ['read:alerts']]));
      ids.set('perm', made.id);
      const listed = z
        .array(z.looseObject({ match: z.string() }))
        .parse(await sdk().value('main', 'get_perms', [pythonQuery(['match', 'sdk-role'])]));
      assert.deepEqual(
        listed.map((p) => p.match),
        ['sdk-role'],
      );
      await sdk().value('main', 'update_perm', [made.id], { scopes: ['read:alerts', 'write:alerts'] });
      const stored = itemOf(await h.api('GET', `/perm/${made.id}`), 'permission', permissionSchema);
      assert.deepEqual([stored.match, stored.scopes], ['sdk-role', ['read:alerts', 'write:alerts']]);
      assert.deepEqual(await sdk().value('main', 'get_scopes'), (await h.api('GET', '/scopes')).scopes);
    });
    brokenGetter(h, sdk, 'get_perm', 'perm', () => ids.get('perm') ?? '');
    it('delete_perm', async () => {
      await sdk().value('main', 'delete_perm', [ids.get('perm')]);
      assert.equal((await h.server.api('GET', `/perm/${ids.get('perm')}`)).status, 404);
    });
  });
}
