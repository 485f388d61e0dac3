import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { groupSchema, userSchema } from '@alerta/contract';
import type { Harness } from '../support/harness.js';
import { itemOf } from '../support/schemas.js';
import { type SdkBridge, pythonQuery } from '../support/sdk.js';

const userModel = z.looseObject({
  $model: z.literal('User'),
  id: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
});
const groupModel = z.looseObject({ $model: z.literal('Group'), id: z.string(), name: z.string() });

/** The SDK's user, group, sign-in, configuration and management methods. */
export function sdkUserMethods(h: Harness, sdk: () => SdkBridge): void {
  describe('SDK: users, groups, sign-in, management', () => {
    let userId = '';
    let groupId = '';
    const user = async () => itemOf(await h.api('GET', `/user/${userId}`), 'user', userSchema);

    it('create_user, get_user, get_users: the user exists with the fields given', async () => {
      const made = userModel.parse(
        await sdk().value('main', 'create_user', ['Gil', 'gil@example.com', 'gil-password', 'active'], {
          roles: ['user'],
          text: 'made by the SDK',
        }),
      );
      userId = made.id;
      const stored = await user();
      assert.deepEqual(
        [stored.name, stored.email, stored.roles, stored.text],
        ['Gil', 'gil@example.com', ['user'], 'made by the SDK'],
      );
      assert.equal(userModel.parse(await sdk().value('main', 'get_user', [userId])).email, 'gil@example.com');
      const listed = z
        .array(userModel)
        .parse(await sdk().value('main', 'get_users', [pythonQuery(['email', 'gil@example.com'])]));
      assert.deepEqual(
        listed.map((u) => u.id),
        [userId],
      );
    });

    it('update_user, update_user_attributes: change the user (the SDK also sends an empty role list)', async () => {
      const changed = userModel.parse(
        await sdk().value('main', 'update_user', [userId], { name: 'Gil G', text: 'renamed' }),
      );
      assert.equal(changed.id, userId);
      await sdk().value('main', 'update_user_attributes', [userId, { pager: '555-0100' }]);
      const stored = await user();
      assert.deepEqual(
        [stored.name, stored.text, stored.roles, stored.attributes],
        ['Gil G', 'renamed', [], { pager: '555-0100' }],
      );
    });

    it('create_group, get_users_groups, update_group, add_user_to_group, get_group_users, get_user_groups', async () => {
      groupId = groupModel.parse(await sdk().value('main', 'create_group', ['sdk-team', 'made by the SDK'])).id;
      const listed = z
        .array(groupModel)
        .parse(await sdk().value('main', 'get_users_groups', [pythonQuery(['name', 'sdk-team'])]));
      assert.deepEqual(
        listed.map((g) => g.id),
        [groupId],
      );
      await sdk().value('main', 'update_group', [groupId], { name: 'sdk-crew', text: 'renamed' });
      await sdk().value('main', 'add_user_to_group', [groupId, userId]);
      const members = z.array(userModel).parse(await sdk().value('main', 'get_group_users', [groupId]));
      assert.deepEqual(
        members.map((m) => [m.id, m.email]),
        [[userId, 'gil@example.com']],
      );
      const groups = z.array(groupModel).parse(await sdk().value('main', 'get_user_groups', [userId]));
      assert.deepEqual(
        groups.map((g) => [g.id, g.name]),
        [[groupId, 'sdk-crew']],
      );
      const stored = itemOf(await h.api('GET', `/group/${groupId}`), 'group', groupSchema);
      assert.deepEqual([stored.name, stored.text, stored.count], ['sdk-crew', 'renamed', 1]);
    });

    it('get_group: takes no id (a bug of the client), so it raises before or after asking the server', async () => {
      const withId = await sdk().call('main', 'get_group', [groupId]);
      assert.deepEqual([withId.ok, !withId.ok && withId.error.type], [false, 'TypeError']);
      const missing = await h.server.api('GET', `/group/${encodeURIComponent('<built-in function id>')}`);
      assert.deepEqual(await sdk().call('main', 'get_group'), {
        ok: false,
        error: { type: 'UnknownError', message: String(missing.body.message) },
      });
    });

    it('remove_user_from_group, delete_group, delete_user', async () => {
      await sdk().value('main', 'remove_user_from_group', [groupId, userId]);
      assert.deepEqual((await h.api('GET', `/group/${groupId}/users`)).users, []);
      await sdk().value('main', 'delete_group', [groupId]);
      assert.equal((await h.server.api('GET', `/group/${groupId}`)).status, 404);
      await sdk().value('main', 'delete_user', [userId]);
      assert.equal((await h.server.api('GET', `/user/${userId}`)).status, 404);
    });

    it('signup and login: answer a token for the new user; a Client with that token reads its own account', async () => {
      const signedUp = z
        .looseObject({ token: z.string() })
        .parse(await sdk().value('main', 'signup', ['Hal', 'hal@example.com', 'hal-password', null]));
      assert.ok(signedUp.token.length > 0, 'a token');
      const login = z
        .looseObject({ token: z.string() })
        .parse(await sdk().value('main', 'login', ['hal@example.com', 'hal-password']));
      await sdk().connect('hal', { endpoint: h.cli.endpoint, token: login.token });
      const info = z.looseObject({ preferred_username: z.string() }).parse(await sdk().value('hal', 'userinfo'));
      assert.equal(info.preferred_username, 'hal@example.com');
      const me = userModel.parse(await sdk().value('hal', 'get_me'));
      assert.equal(me.email, 'hal@example.com');
      assert.deepEqual(await sdk().value('hal', 'get_me_attributes'), {});
      const changed = userModel.parse(await sdk().value('hal', 'update_me', [], { text: 'changed myself' }));
      assert.equal(changed.id, me.id);
      assert.equal(itemOf(await h.api('GET', `/user/${me.id}`), 'user', userSchema).text, 'changed myself');
    });

    it('update_me_attributes: loses its argument (a bug of the client), sends `null`, and the server refuses it', async () => {
      const refused = await h.server.api('PUT', '/user/me/attributes', null);
      assert.equal(refused.status, 400);
      const answer = await sdk().call('hal', 'update_me_attributes', [{ theme: 'dark' }]);
      assert.deepEqual(answer, { ok: false, error: { type: 'UnknownError', message: String(refused.body.message) } });
      assert.deepEqual(await sdk().value('hal', 'get_me_attributes'), {});
    });

    it('userinfo: only a login token has claims to show; other credentials get the server’s refusal', async () => {
      const refused = await h.server.api('GET', '/userinfo');
      assert.deepEqual(await sdk().call('main', 'userinfo'), {
        ok: false,
        error: { type: 'UnknownError', message: String(refused.body.message) },
      });
    });

    it('token: a provider the server does not use answers its refusal; one the SDK does not know, nothing', async () => {
      const github = await h.server.api('POST', '/auth/github', { code: 'x', clientId: 'y', redirectUri: 'http://z' });
      assert.equal(github.status, 400);
      const answer = await sdk().call('main', 'token', [
        'github',
        { code: 'x', clientId: 'y', redirectUri: 'http://z' },
      ]);
      assert.deepEqual(answer, { ok: false, error: { type: 'UnknownError', message: String(github.body.message) } });
      assert.deepEqual(await sdk().call('main', 'token', ['basic', {}]), { ok: true, value: null });
    });

    it('config and mgmt_status: answer /config and /management/status', async () => {
      assert.deepEqual(await sdk().value('main', 'config'), await h.api('GET', '/config'));
      const status = z
        .looseObject({ version: z.string(), uptime: z.number() })
        .parse(await sdk().value('main', 'mgmt_status'));
      assert.equal(
        status.version,
        z.looseObject({ version: z.string() }).parse(await h.api('GET', '/management/status')).version,
      );
    });

    it('housekeeping: answers nothing and deletes the closed alerts', async () => {
      const sent = await h.api('POST', '/alert', {
        resource: 'sdk-hk',
        event: 'Done',
        environment: 'Production',
        service: ['Batch'],
        severity: 'normal',
      });
      assert.deepEqual(await sdk().call('main', 'housekeeping', [0, 12]), { ok: true, value: null });
      assert.equal((await h.server.api('GET', `/alert/${String(sent.id)}`)).status, 404);
    });
  });
}
