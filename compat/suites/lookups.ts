import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { alertSchema, customerSchema, permissionSchema } from '@alerta/contract';
import type { Harness } from '../support/harness.js';
import { parseTable, rowsBy } from '../support/output.js';
import { itemOf, listOf } from '../support/schemas.js';

/** `alerta customer`, `customers`, `perm`, `perms` and `scopes`. */
export function lookupCommands(h: Harness): void {
  describe('customer, customers', () => {
    let id = '';

    it('customer: prints the id of the new customer lookup', async () => {
      const result = await h.ok(['customer', '--customer', 'Acme Corp', '--org', 'acme.example']);
      id = result.stdout.trim();
      const stored = itemOf(await h.api('GET', `/customer/${id}`), 'customer', customerSchema);
      assert.deepEqual([stored.customer, stored.match], ['Acme Corp', 'acme.example']);
    });

    it('customers: prints every lookup', async () => {
      const table = parseTable((await h.ok(['customers'])).stdout);
      assert.deepEqual(table.headers, ['ID', 'GROUP', 'CUSTOMER']);
      const expected = listOf(await h.api('GET', '/customers'), 'customers', customerSchema);
      assert.deepEqual(
        table.rows,
        expected.map((c) => ({ ID: c.id, GROUP: c.match, CUSTOMER: c.customer })),
      );
      assert.ok(rowsBy(table, 'ID').has(id));
    });

    it('send --customer: the alert is the customer’s, and query shows it', async () => {
      const sent = await h.ok([
        'send',
        ...['-r', 'cu-web01', '-e', 'Down', '-E', 'Production', '-S', 'Web', '-s', 'minor', '--customer', 'Acme Corp'],
      ]);
      const id = sent.stdout.split(' ')[0] ?? '';
      assert.equal(itemOf(await h.api('GET', `/alert/${id}`), 'alert', alertSchema).customer, 'Acme Corp');
      const table = parseTable((await h.ok(['query', '-f', 'resource=cu-web01'])).stdout);
      assert.deepEqual(
        table.rows.map((row) => [row.RESOURCE, row.CUSTOMER]),
        [['cu-web01', 'Acme Corp']],
      );
    });

    it('--output json customers prints them as the API lists them', async () => {
      const result = await h.ok(['--output', 'json', 'customers']);
      assert.deepEqual(JSON.parse(result.stdout), (await h.api('GET', '/customers')).customers);
    });

    it('customer -D deletes the lookup', async () => {
      await h.ok(['customer', '-D', id]);
      assert.equal((await h.server.api('GET', `/customer/${id}`)).status, 404);
    });
  });

  describe('perm, perms, scopes', () => {
    let id = '';

    it('perm: prints the id of the new role', async () => {
      const result = await h.ok(['perm', '--role', 'compat-ops', '--scope', 'read:alerts', '--scope', 'write:alerts']);
      id = result.stdout.trim();
      const stored = itemOf(await h.api('GET', `/perm/${id}`), 'permission', permissionSchema);
      assert.deepEqual([stored.match, stored.scopes], ['compat-ops', ['read:alerts', 'write:alerts']]);
    });

    it('perm for a built-in role prints the server’s refusal and exits 1', async () => {
      const result = await h.cli.run(['perm', '--role', 'admin', '--scope', 'read']);
      assert.equal(result.code, 1);
      assert.match(result.stderr, /^ERROR: .*admin.*\n$/);
    });

    it('perms: prints the system roles and the new one with their scopes', async () => {
      const table = parseTable((await h.ok(['perms'])).stdout);
      assert.deepEqual(table.headers, ['ID', 'ROLE', 'SCOPES']);
      const expected = listOf(await h.api('GET', '/perms'), 'permissions', permissionSchema);
      assert.deepEqual(
        table.rows,
        expected.map((p) => ({ ID: p.id, ROLE: p.match, SCOPES: p.scopes.join(',') })),
      );
      assert.deepEqual(
        table.rows.map((row) => row.ROLE),
        ['admin', 'user', 'guest', 'compat-ops'],
      );
    });

    it('perms --scope lists the roles that have the scope', async () => {
      const table = parseTable((await h.ok(['perms', '--scope', 'write:alerts'])).stdout);
      const expected = listOf(await h.api('GET', '/perms?scope=write:alerts'), 'permissions', permissionSchema);
      assert.deepEqual(
        table.rows.map((row) => row.ROLE),
        expected.map((p) => p.match),
      );
      assert.ok(
        table.rows.some((row) => row.ROLE === 'compat-ops'),
        'the new role has the scope',
      );
    });

    it('--output json perms prints the roles as the API lists them', async () => {
      const result = await h.ok(['--output', 'json', 'perms']);
      assert.deepEqual(JSON.parse(result.stdout), (await h.api('GET', '/perms')).permissions);
    });

    it('perm -D deletes the role', async () => {
      await h.ok(['perm', '-D', id]);
      assert.equal((await h.server.api('GET', `/perm/${id}`)).status, 404);
    });

    it('scopes: prints every scope the server knows, in its order', async () => {
      const table = parseTable((await h.ok(['scopes'])).stdout);
      assert.deepEqual(table.headers, ['SCOPE']);
      const scopes = (await h.api('GET', '/scopes')).scopes;
      assert.ok(Array.isArray(scopes) && scopes.length === 29, 'the 29 built-in scopes');
      assert.deepEqual(
        table.rows.map((row) => row.SCOPE),
        scopes,
      );
    });

    it('--output json scopes prints them as the API lists them', async () => {
      const result = await h.ok(['--output', 'json', 'scopes']);
      assert.deepEqual(JSON.parse(result.stdout), (await h.api('GET', '/scopes')).scopes);
    });
  });
}
