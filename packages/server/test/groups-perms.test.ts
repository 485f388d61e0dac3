import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BUILTIN_SCOPES } from '@alerta/contract';
import { loadSettings } from '../src/settings.js';
import { type TestServer, basic, body, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

const ADMIN = basic('boss', 'boss-password');
const ALICE = basic('alice', 'alice-password');

type Json = Record<string, unknown>;

forEachEngine((engine) => {
  describe('groups, permissions, scopes and customers (api.md §1.6)', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(engine, { ADMIN_USERS: 'boss', CUSTOM_SCOPES: 'read:reports' });
      await createUser(server.store, { login: 'boss', password: 'boss-password', roles: [] });
      await createUser(server.store, { login: 'alice', password: 'alice-password', email: 'alice@acme.test' });
    });
    after(() => server.close());

    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers = {}, payload?: object) =>
      server.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
    const userId = async (login: string) => (await server.store.users.findByLoginOrEmail(login))?.id ?? '';

    it('creates, shows, renames and deletes groups and their members', async () => {
      const created = await call('POST', '/api/group', ADMIN, { name: 'team-a', text: 'first team' });
      assert.equal(created.statusCode, 201);
      const group = body(created).group as Json;
      const id = group.id as string;
      assert.deepEqual(
        { ...group, id: undefined, href: undefined },
        {
          id: undefined,
          href: undefined,
          name: 'team-a',
          text: 'first team',
          count: 0,
        },
      );
      assert.equal((await call('POST', '/api/group', ADMIN, { name: 'TEAM-A' })).statusCode, 409);
      assert.equal((await call('POST', '/api/group', ADMIN, { text: 'no name' })).statusCode, 400);

      const alice = await userId('alice');
      assert.equal((await call('PUT', `/api/group/${id}/user/${alice}`, ADMIN, {})).statusCode, 200);
      const invalid = await call('PUT', `/api/group/${id}/user/nobody`, ADMIN, {});
      assert.equal(invalid.statusCode, 400);
      assert.equal(body(invalid).message, 'invalid user');
      const members = body(await call('GET', `/api/group/${id}/users`, ALICE));
      assert.equal(members.total, 1);
      const member = (members.users as Json[])[0] ?? {};
      assert.deepEqual(Object.keys(member).sort(), ['href', 'id', 'login', 'name', 'status']);
      assert.equal(member.login, 'alice');
      assert.equal((body(await call('GET', `/api/group/${id}`, ALICE)).group as Json).count, 1);
      assert.equal(body(await call('GET', '/api/groups?name=team-a', ALICE)).total, 1);

      const renamed = await call('PUT', `/api/group/${id}`, ADMIN, { name: 'team-b' });
      assert.equal((body(renamed).group as Json).name, 'team-b');
      assert.equal((await call('PUT', `/api/group/${id}`, ALICE, { name: 'mine' })).statusCode, 403);
      assert.equal((await call('DELETE', `/api/group/${id}/user/${alice}`, ADMIN)).statusCode, 200);
      assert.equal((await call('DELETE', `/api/group/${id}/user/${alice}`, ADMIN)).statusCode, 400);
      assert.equal((await call('DELETE', `/api/group/${id}`, ADMIN)).statusCode, 200);
      assert.equal((await call('GET', `/api/group/${id}`, ADMIN)).statusCode, 404);
    });

    it('lists the system roles first with the same ids every time', async () => {
      const first = body(await call('GET', '/api/perms', ALICE));
      const second = body(await call('GET', '/api/perms', ALICE));
      const roles = (first.permissions as Json[]).slice(0, 3);
      assert.deepEqual(
        roles.map((r) => [r.match, r.scopes]),
        [
          ['admin', ['admin', 'read', 'write']],
          ['user', ['read', 'write']],
          ['guest', ['read:alerts']],
        ],
      );
      assert.deepEqual(first.permissions, second.permissions);
      const adminId = (roles[0] ?? {}).id as string;
      assert.equal((body(await call('GET', `/api/perm/${adminId}`, ALICE)).permission as Json).match, 'admin');
      assert.equal((await call('PUT', `/api/perm/${adminId}`, ADMIN, { scopes: ['read'] })).statusCode, 400);
    });

    it('creates, filters, updates and deletes permissions with 409, 400 and 403 where due', async () => {
      const created = await call('POST', '/api/perm', ADMIN, { match: 'auditor', scopes: ['read', 'read:reports'] });
      assert.equal(created.statusCode, 201);
      const id = body(created).id as string;
      assert.equal((await call('POST', '/api/perm', ADMIN, { match: 'auditor', scopes: [] })).statusCode, 409);
      const system = await call('POST', '/api/perm', ADMIN, { match: 'user', scopes: ['read'] });
      assert.equal(system.statusCode, 409);
      assert.equal(body(system).message, 'user role already exists');
      assert.equal((await call('POST', '/api/perm', ADMIN, { match: 'x', scopes: ['fly:away'] })).statusCode, 400);
      assert.equal((await call('POST', '/api/perm', ADMIN, { scopes: ['read'] })).statusCode, 400);

      const byScope = body(await call('GET', '/api/perms?scope=read:reports', ALICE));
      assert.deepEqual(
        (byScope.permissions as Json[]).map((p) => p.match),
        ['auditor'],
      );
      assert.equal((await call('GET', '/api/perms?scopes=read', ALICE)).statusCode, 400);
      const paged = body(await call('GET', '/api/perms?page=2&page-size=2', ALICE));
      assert.equal(paged.total, 4);
      assert.deepEqual(
        (paged.permissions as Json[]).map((p) => p.match),
        ['guest', 'auditor'],
      );

      const updated = await call('PUT', `/api/perm/${id}`, ADMIN, { scopes: ['read:alerts'] });
      assert.deepEqual((body(updated).permission as Json).scopes, ['read:alerts']);
      assert.equal((await call('PUT', `/api/perm/${id}`, ADMIN, { scopes: ['nope'] })).statusCode, 400);
      assert.equal((await call('DELETE', `/api/perm/${id}`, ALICE)).statusCode, 403);
      assert.equal((await call('DELETE', `/api/perm/${id}`, ADMIN)).statusCode, 200);
      assert.equal((await call('GET', `/api/perm/${id}`, ADMIN)).statusCode, 404);
    });

    it('refuses to grant a scope through a permission that the caller does not hold', async () => {
      await call('POST', '/api/perm', ADMIN, { match: 'perm-admins', scopes: ['admin:perms', 'read'] });
      await createUser(server.store, { login: 'pat', password: 'pat-password', roles: ['perm-admins'] });
      const response = await call('POST', '/api/perm', basic('pat', 'pat-password'), {
        match: 'sneaky',
        scopes: ['admin:users'],
      });
      assert.equal(response.statusCode, 403);
    });

    it('refuses to start with a malformed custom scope', () => {
      assert.throws(() => loadSettings({ CUSTOM_SCOPES: 'read:reports,fly away' }), /CUSTOM_SCOPES.*'fly away'/);
    });

    it('lists the 29 built-in scopes and the custom ones', async () => {
      const scopes = body(await call('GET', '/api/scopes', ALICE));
      assert.equal(BUILTIN_SCOPES.length, 29);
      assert.deepEqual(scopes.scopes, [...BUILTIN_SCOPES, 'read:reports']);
      assert.equal(scopes.total, 30);
    });

    it('manages customer lookups and shows non-admins only their own', async () => {
      const mine = await call('POST', '/api/customer', ADMIN, { match: 'acme.test', customer: 'Acme' });
      assert.equal(mine.statusCode, 201);
      const other = await call('POST', '/api/customer', ADMIN, { match: 'globex.test', customer: 'Globex' });
      const otherId = body(other).id as string;
      assert.equal((await call('POST', '/api/customer', ADMIN, { match: 'acme.test', customer: 'A' })).statusCode, 409);
      assert.equal((await call('POST', '/api/customer', ADMIN, { match: 'x' })).statusCode, 400);
      assert.equal(body(await call('GET', '/api/customers', ADMIN)).total, 2);
      const own = body(await call('GET', '/api/customers', ALICE));
      assert.deepEqual(
        (own.customers as Json[]).map((c) => c.customer),
        ['Acme'],
      );
      assert.equal((await call('GET', `/api/customer/${otherId}`, ALICE)).statusCode, 404);
      const renamed = await call('PUT', `/api/customer/${otherId}`, ADMIN, { customer: 'Globex Corp' });
      assert.equal((body(renamed).customer as Json).customer, 'Globex Corp');
      assert.equal((await call('DELETE', `/api/customer/${otherId}`, ALICE)).statusCode, 403);
      assert.equal((await call('DELETE', `/api/customer/${otherId}`, ADMIN)).statusCode, 200);
      assert.equal((await call('GET', `/api/customer/${otherId}`, ADMIN)).statusCode, 404);
    });
  });
});
