import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BUILTIN_SCOPES } from '@alerta/contract';
import { decodeJwt } from 'jose';
import { loadSettings } from '../src/settings.js';
import { type TestServer, basic, body, createUser, loginToken, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

const ADMIN = basic('boss', 'boss-password');
const ALICE = basic('alice', 'alice-password');

type Json = Record<string, unknown>;

forEachEngine((engine) => {
  describe('groups, permissions, scopes and customers (docs/api/identity.md)', () => {
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
      // `alerta perms --scope` asks with `scopes=`, read as `scope=` (the reference refuses it).
      const byScopes = body(await call('GET', '/api/perms?scopes=read:reports', ALICE));
      assert.deepEqual(byScopes.permissions, byScope.permissions);
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
    it('lets a group administrator hand out through a group name only scopes they hold', async () => {
      await call('POST', '/api/perm', ADMIN, { match: 'group-desk', scopes: ['admin:groups', 'read'] });
      await call('POST', '/api/perm', ADMIN, { match: 'deployers', scopes: ['write:alerts'] });
      await createUser(server.store, { login: 'gus', password: 'gus-password', roles: ['group-desk'] });
      const GUS = basic('gus', 'gus-password');
      const gus = await userId('gus');
      const alice = await userId('alice');
      const groupCount = async () => body(await call('GET', '/api/groups', ADMIN)).total;

      // An admin role, a user role (read and write) and a role with a permission row all grant more than `read`.
      const before = await groupCount();
      for (const name of ['admin', 'user', 'deployers']) {
        const refused = await call('POST', '/api/group', GUS, { name });
        assert.equal(refused.statusCode, 403, name);
        assert.match(body(refused).message as string, new RegExp(`^Group '${name}' grants scope '[a-z:]+' not in`));
      }
      assert.equal(await groupCount(), before);
      const guests = await call('POST', '/api/group', GUS, { name: 'guest' });
      assert.equal(guests.statusCode, 201, 'read:alerts is within read');
      const readers = body(await call('POST', '/api/group', GUS, { name: 'readers' })).group as Json;
      const readersId = readers.id as string;
      const renamed = await call('PUT', `/api/group/${readersId}`, GUS, { name: 'admin', text: 'sneaky' });
      assert.equal(renamed.statusCode, 403);
      assert.deepEqual(body(await call('GET', `/api/group/${readersId}`, ADMIN)).group, readers);

      const admins = body(await call('POST', '/api/group', ADMIN, { name: 'admin' })).group as Json;
      const adminsId = admins.id as string;
      for (const member of [gus, alice]) {
        assert.equal((await call('PUT', `/api/group/${adminsId}/user/${member}`, GUS, {})).statusCode, 403);
      }
      assert.equal(body(await call('GET', `/api/group/${adminsId}/users`, ADMIN)).total, 0);
      assert.equal(decodeJwt(await loginToken(server.app, 'gus', 'gus-password')).scope, 'admin:groups read');
      assert.equal((await call('PUT', `/api/group/${readersId}/user/${gus}`, GUS, {})).statusCode, 200);

      // Taking someone out of a group stays open to any group administrator.
      assert.equal((await call('PUT', `/api/group/${adminsId}/user/${alice}`, ADMIN, {})).statusCode, 200);
      assert.equal((await call('DELETE', `/api/group/${adminsId}/user/${alice}`, GUS)).statusCode, 200);
      assert.equal((await call('DELETE', `/api/group/${adminsId}`, ADMIN)).statusCode, 200);
    });

    it('keeps a permission administrator from taking over or touching permissions beyond their scopes', async () => {
      await call('POST', '/api/perm', ADMIN, { match: 'perm-desk', scopes: ['admin:perms', 'read'] });
      await createUser(server.store, { login: 'pia', password: 'pia-password', roles: ['perm-desk', 'pia-team'] });
      const PIA = basic('pia', 'pia-password');
      const release = await call('POST', '/api/perm', ADMIN, { match: 'release-managers', scopes: ['admin:alerts'] });
      const releaseId = body(release).id as string;
      const stored = body(release).permission;

      // Pointing the permission at a role pia holds would hand her its scopes without asking for any.
      for (const change of [{ match: 'pia-team' }, { scopes: ['read'] }, { match: 'pia-team', scopes: ['read'] }]) {
        const refused = await call('PUT', `/api/perm/${releaseId}`, PIA, change);
        assert.equal(refused.statusCode, 403, JSON.stringify(change));
        assert.match(
          body(refused).message as string,
          /^Permission 'release-managers' grants scope 'admin:alerts' not in existing scopes: /,
        );
      }
      assert.equal((await call('DELETE', `/api/perm/${releaseId}`, PIA)).statusCode, 403);
      assert.deepEqual(body(await call('GET', `/api/perm/${releaseId}`, ADMIN)).permission, stored);
      assert.equal(decodeJwt(await loginToken(server.app, 'pia', 'pia-password')).scope, 'admin:perms read');

      // Permissions within her own scopes stay hers to manage.
      const own = await call('POST', '/api/perm', PIA, { match: 'viewers', scopes: ['read:alerts'] });
      assert.equal(own.statusCode, 201);
      const ownId = body(own).id as string;
      assert.equal((await call('PUT', `/api/perm/${ownId}`, PIA, { match: 'pia-team' })).statusCode, 200);
      const raised = await call('PUT', `/api/perm/${ownId}`, PIA, { scopes: ['write:alerts'] });
      assert.equal(raised.statusCode, 403);
      assert.match(body(raised).message as string, /^Requested scope 'write:alerts' not in existing scopes/);
      assert.equal((await call('DELETE', `/api/perm/${ownId}`, PIA)).statusCode, 200);
    });

    it('refuses oversized group, permission and customer fields, writing nothing', async () => {
      const long = 'x'.repeat(257);
      const totals = async () =>
        Promise.all(
          ['groups', 'perms', 'customers'].map(async (list) => body(await call('GET', `/api/${list}`, ADMIN)).total),
        );
      const before = await totals();
      const refused: [string, string, Json, string][] = [
        ['POST', '/api/group', { name: long }, "'name' must be at most 256 characters"],
        ['POST', '/api/group', { name: 'sized', text: 'x'.repeat(1025) }, "'text' must be at most 1024 characters"],
        ['POST', '/api/perm', { match: long, scopes: ['read'] }, "'match' must be at most 256 characters"],
        ['POST', '/api/customer', { match: long, customer: 'Sized' }, "'match' must be at most 256 characters"],
        ['POST', '/api/customer', { match: 'sized.test', customer: long }, "'customer' must be at most 256 characters"],
      ];
      for (const [method, url, payload, message] of refused) {
        const response = await call(method as 'POST', url, ADMIN, payload);
        assert.equal(response.statusCode, 400, `${url} ${message}`);
        assert.equal(body(response).message, message);
      }
      assert.deepEqual(await totals(), before);

      const records = [
        body(await call('POST', '/api/group', ADMIN, { name: 'sized' })).group as Json,
        body(await call('POST', '/api/perm', ADMIN, { match: 'sized', scopes: ['read'] })).permission as Json,
        body(await call('POST', '/api/customer', ADMIN, { match: 'sized.test', customer: 'Sized' })).customer as Json,
      ];
      const changes: [string, Json, string][] = [
        ['group', { name: long }, "'name' must be at most 256 characters"],
        ['group', { text: 'x'.repeat(1025) }, "'text' must be at most 1024 characters"],
        ['perm', { match: long }, "'match' must be at most 256 characters"],
        ['customer', { match: long }, "'match' must be at most 256 characters"],
        ['customer', { customer: long }, "'customer' must be at most 256 characters"],
      ];
      for (const [kind, change, message] of changes) {
        const record = records[['group', 'perm', 'customer'].indexOf(kind)] ?? {};
        const response = await call('PUT', `/api/${kind}/${record.id as string}`, ADMIN, change);
        assert.equal(response.statusCode, 400, `${kind} ${message}`);
        assert.equal(body(response).message, message);
      }
      const reread = [
        body(await call('GET', `/api/group/${records[0]?.id as string}`, ADMIN)).group,
        body(await call('GET', `/api/perm/${records[1]?.id as string}`, ADMIN)).permission,
        body(await call('GET', `/api/customer/${records[2]?.id as string}`, ADMIN)).customer,
      ];
      assert.deepEqual(reread, records);
    });
  });
});
