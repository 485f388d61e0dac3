import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { groupSchema, userSchema } from '@alerta/contract';
import type { Harness } from '../support/harness.js';
import { localTime, parseTable } from '../support/output.js';
import { itemOf, listOf } from '../support/schemas.js';

const USER_HEADERS = [
  'ID',
  'USER',
  'EMAIL',
  'STATUS',
  'ROLES',
  'CREATED',
  'LAST LOGIN',
  'TEXT',
  'LAST UPDATED',
  'VERIFIED',
];

const at = (time: string | null): string => (time === null ? '' : localTime(time));

/** `alerta user`, `users`, `group` and `groups`. */
export function userCommands(h: Harness): void {
  describe('user, users, group, groups', () => {
    let userId = '';
    let groupId = '';
    const user = async () => itemOf(await h.api('GET', `/user/${userId}`), 'user', userSchema);

    it('user: prints the id of the new user, who can log in with the password given', async () => {
      const result = await h.ok([
        'user',
        ...['--name', 'Carl Compat', '--email', 'carl@example.com', '--password', 'carl-password'],
        ...['--role', 'user', '--text', 'on call'],
      ]);
      userId = result.stdout.trim();
      const stored = await user();
      assert.deepEqual(
        [stored.name, stored.login, stored.email, stored.roles, stored.text, stored.status],
        ['Carl Compat', 'carl@example.com', 'carl@example.com', ['user'], 'on call', 'active'],
      );
      const login = await h.server.api('POST', '/auth/login', {
        username: 'carl@example.com',
        password: 'carl-password',
      });
      assert.equal(login.status, 200);
    });

    it('user without --password asks for it', async () => {
      const result = await h.cli.run(['user', '--name', 'Dora', '--email', 'dora@example.com'], {
        stdin: 'dora-password\n',
      });
      assert.equal(result.code, 0, result.stderr);
      const id = /^Password:(\S+)\n$/.exec(result.stdout)?.[1];
      assert.ok(id, result.stdout);
      const login = await h.server.api('POST', '/auth/login', {
        username: 'dora@example.com',
        password: 'dora-password',
      });
      assert.equal(login.status, 200);
      await h.api('DELETE', `/user/${id}`);
    });

    it('user -i: prints the user', async () => {
      const table = parseTable((await h.ok(['user', '-i', userId])).stdout);
      const stored = await user();
      assert.deepEqual(table.headers, USER_HEADERS);
      assert.deepEqual(table.rows, [
        {
          ID: userId,
          USER: 'Carl Compat',
          EMAIL: 'carl@example.com',
          STATUS: 'active',
          ROLES: 'user',
          CREATED: localTime(stored.createTime),
          'LAST LOGIN': at(stored.lastLogin),
          TEXT: 'on call',
          'LAST UPDATED': at(stored.updateTime),
          VERIFIED: 'no',
        },
      ]);
    });

    it('users --role: prints the users of that role', async () => {
      const table = parseTable((await h.ok(['users', '--role', 'user'])).stdout);
      assert.deepEqual(
        table.rows.map((row) => row.EMAIL),
        ['carl@example.com'],
      );
    });

    it('users: prints every user', async () => {
      const table = parseTable((await h.ok(['users'])).stdout);
      assert.deepEqual(table.headers, USER_HEADERS);
      const users = listOf(await h.api('GET', '/users'), 'users', userSchema);
      assert.deepEqual(
        table.rows,
        users.map((u) => ({
          ID: u.id,
          USER: u.name,
          EMAIL: u.email ?? u.login,
          STATUS: u.status,
          ROLES: u.roles.join(','),
          CREATED: localTime(u.createTime),
          'LAST LOGIN': at(u.lastLogin),
          TEXT: u.text,
          'LAST UPDATED': at(u.updateTime),
          VERIFIED: u.email_verified ? 'yes' : 'no',
        })),
      );
    });

    it('--output json users prints the users as the API lists them', async () => {
      const result = await h.ok(['--output', 'json', 'users']);
      assert.deepEqual(JSON.parse(result.stdout), (await h.api('GET', '/users')).users);
    });

    it('group: prints the id of the new group', async () => {
      groupId = (await h.ok(['group', '--name', 'compat-oncall', '--text', 'Night shift'])).stdout.trim();
      const stored = itemOf(await h.api('GET', `/group/${groupId}`), 'group', groupSchema);
      assert.deepEqual([stored.name, stored.text, stored.count], ['compat-oncall', 'Night shift', 0]);
    });

    it('group -i --user: the user joins the group, and group --users and user --groups show it', async () => {
      await h.ok(['group', '-i', groupId, '--user', userId]);
      const members = parseTable((await h.ok(['group', '--users', '-i', groupId])).stdout);
      assert.deepEqual(members.headers, USER_HEADERS);
      assert.deepEqual(
        members.rows.map((row) => [row.ID, row.USER, row.EMAIL, row.STATUS]),
        [[userId, 'Carl Compat', 'carl@example.com', 'active']],
      );
      const groups = parseTable((await h.ok(['user', '--groups', '-i', userId])).stdout);
      assert.deepEqual(groups.headers, ['ID', 'USER', 'TEXT', 'COUNT']);
      assert.deepEqual(groups.rows, [{ ID: groupId, USER: 'compat-oncall', TEXT: 'Night shift', COUNT: '1' }]);
    });

    it('groups: prints every group with its number of users', async () => {
      const table = parseTable((await h.ok(['groups'])).stdout);
      const groups = listOf(await h.api('GET', '/groups'), 'groups', groupSchema);
      assert.deepEqual(table.headers, ['ID', 'NAME', 'DESCRIPTION', 'USERS']);
      assert.deepEqual(
        table.rows,
        groups.map((g) => ({ ID: g.id, NAME: g.name, DESCRIPTION: g.text, USERS: String(g.count) })),
      );
      const result = await h.ok(['--output', 'json', 'groups']);
      assert.deepEqual(JSON.parse(result.stdout), (await h.api('GET', '/groups')).groups);
    });

    it('group -i -D: the user leaves the group; group -D deletes it', async () => {
      await h.ok(['group', '-i', groupId, '-D', userId]);
      assert.deepEqual((await h.api('GET', `/group/${groupId}/users`)).users, []);
      await h.ok(['group', '-D', groupId]);
      assert.equal((await h.server.api('GET', `/group/${groupId}`)).status, 404);
    });

    it('user -i with changes: prints the id; the client also sends an empty role list, which the user now has', async () => {
      const result = await h.ok(['user', '-i', userId, '--text', 'day shift', '--email-verified']);
      assert.equal(result.stdout.trim(), userId);
      const stored = await user();
      assert.deepEqual([stored.text, stored.email_verified, stored.roles], ['day shift', true, []]);
    });

    it('user -D: the user is deleted', async () => {
      await h.ok(['user', '-D', userId]);
      assert.equal((await h.server.api('GET', `/user/${userId}`)).status, 404);
    });
  });
}
