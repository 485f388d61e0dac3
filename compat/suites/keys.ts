import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { alertSchema, apiKeySchema } from '@alerta/contract';
import type { Harness } from '../support/harness.js';
import { localTime, parseTable } from '../support/output.js';
import { itemOf, listOf } from '../support/schemas.js';

const KEY_HEADERS = ['ID', 'API KEY', 'USER', 'SCOPES', 'TEXT', 'EXPIRES', 'COUNT', 'LAST USED', 'CUSTOMER'];

/** `alerta key`, `keys` (table, JSON, `--alert`) and `revoke`. */
export function keyCommands(h: Harness): void {
  describe('key, keys, revoke', () => {
    let made = '';
    const chosen = 'compat-chosen-key-0123456789abcdefghijkl';
    const key = async (value: string) => itemOf(await h.api('GET', `/key/${value}`), 'key', apiKeySchema);

    it('key: prints the new key, which has the scopes, text and lifetime asked for', async () => {
      const before = Date.now();
      const result = await h.ok([
        'key',
        ...['-u', h.server.admin.login, '--scope', 'read:alerts', '--duration', '3600', '--text', 'for dashboards'],
      ]);
      made = result.stdout.trim();
      const stored = await key(made);
      assert.deepEqual(
        [stored.key, stored.user, stored.scopes, stored.text, stored.status],
        [made, h.server.admin.login, ['read:alerts'], 'for dashboards', 'active'],
      );
      const expires = Date.parse(stored.expireTime) - before;
      assert.ok(expires > 3_590_000 && expires < 3_700_000, stored.expireTime);
    });

    it('key --api-key: the key is the one given', async () => {
      const result = await h.ok([
        'key',
        '-K',
        chosen,
        '-u',
        h.server.admin.login,
        '--scope',
        'read',
        '--text',
        'chosen',
      ]);
      assert.equal(result.stdout.trim(), chosen);
      assert.deepEqual((await key(chosen)).scopes, ['read']);
    });

    // The harness reads the keys with a key of its own, and that read counts as a use of it: its count and last use
    // are left out of the comparisons.
    const withoutHarnessUse = (keys: unknown): unknown =>
      z
        .array(z.looseObject({ key: z.string() }))
        .parse(keys)
        .map((k) => (k.key === h.server.adminKey ? { ...k, count: undefined, lastUsedTime: undefined } : k));

    it('keys: prints every key with its use count and dates', async () => {
      const table = parseTable((await h.ok(['keys'])).stdout);
      assert.deepEqual(table.headers, KEY_HEADERS);
      const keys = listOf(await h.api('GET', '/keys'), 'keys', apiKeySchema);
      assert.ok(keys.some((k) => k.key === made) && keys.some((k) => k.key === chosen), 'both new keys');
      const harness = (row: Record<string, string>) =>
        row['API KEY'] === h.server.adminKey ? { ...row, COUNT: '-', 'LAST USED': '-' } : row;
      assert.deepEqual(
        table.rows.map(harness),
        keys
          .map((k) => ({
            ID: k.id,
            'API KEY': k.key,
            USER: k.user,
            SCOPES: k.scopes.join(','),
            TEXT: k.text,
            EXPIRES: localTime(k.expireTime),
            COUNT: String(k.count),
            'LAST USED': k.lastUsedTime === null ? '' : localTime(k.lastUsedTime),
            CUSTOMER: k.customer ?? '',
          }))
          .map(harness),
      );
    });

    it('--output json keys prints the keys as the API lists them', async () => {
      const result = await h.ok(['--output', 'json', 'keys']);
      assert.deepEqual(
        withoutHarnessUse(JSON.parse(result.stdout)),
        withoutHarnessUse((await h.api('GET', '/keys')).keys),
      );
    });

    it('--output json keys --alert: a key that expires within a week raises ApiKeyExpiring', async () => {
      const result = await h.ok(['--output', 'json', 'keys', '--alert']);
      assert.match(result.stdout, /Analysing \d+ keys/);
      const stored = await key(made);
      const alerts = listOf(await h.api('GET', `/alerts?resource=${stored.id}`), 'alerts', alertSchema);
      assert.deepEqual(
        alerts.map((alert) => [alert.event, alert.severity, alert.type, alert.text]),
        [['ApiKeyExpiring', 'warning', 'apiKeyAlert', `Key is active and expires on ${stored.expireTime}`]],
      );
    });

    it('keys --alert in a table fails in the client itself (it reads the JSON answer it did not fetch)', async () => {
      const result = await h.cli.run(['keys', '--alert']);
      assert.equal(result.code, 1);
      assert.match(result.stderr, /UnboundLocalError: cannot access local variable 'r'/);
      assert.deepEqual(parseTable(result.stdout).headers, KEY_HEADERS);
    });

    it('revoke: the key is deleted', async () => {
      await h.ok(['revoke', '-K', chosen]);
      assert.equal((await h.server.api('GET', `/key/${chosen}`)).status, 404);
    });

    it('key -D: the key is deleted', async () => {
      await h.ok(['key', '-D', made]);
      assert.equal((await h.server.api('GET', `/key/${made}`)).status, 404);
    });
  });
}
