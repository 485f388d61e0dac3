import { http, HttpResponse } from 'msw';
import { API } from '../fixtures';
import { groupsScenario, usersScenario, type Row } from './lists';
import { onReset, refusal } from './scenario';

/** The members of each group, by group id: user ids in the order they joined. */
let members = new Map<string, string[]>();

onReset(() => {
  members = new Map();
})();

/** A member as GET /group/{id}/users lists them, from the stored user of that id (docs/api/identity.md#groups). */
function memberOf(userId: string): Row {
  const user = usersScenario.rows().find((row) => row.id === userId);
  return {
    id: userId,
    href: `${API}/user/${userId}`,
    login: user?.login ?? null,
    name: user?.name ?? null,
    status: user?.status ?? null,
  };
}

/**
 * Who is in which group (GET /group/{id}/users, GET /user/{id}/groups, PUT and DELETE /group/{gid}/user/{uid}). By
 * default no group has members; a member is shown with the name, login and status of the stored user of that id
 * (`usersScenario`) and a user's groups are the stored groups (`groupsScenario`) that hold them. The console's puts
 * and removals change the membership, so what it asks for next shows them; as on the server, a put of a user not
 * stored and a removal of someone not in the group are refused with 400 `invalid user`.
 */
export const membershipScenario = {
  /** These groups have these members (user ids), e.g. `{ g1: ['u1', 'u2'] }`; other groups have none. */
  members(byGroup: Record<string, readonly string[]>): void {
    members = new Map(Object.entries(byGroup).map(([groupId, userIds]) => [groupId, [...userIds]]));
  },
  /** The members of each group that has any, as they stand now, after the console's puts and removals. */
  current: (): Record<string, string[]> => Object.fromEntries([...members].filter(([, userIds]) => userIds.length > 0)),
};

export const membershipHandlers = [
  http.get(`${API}/group/:id/users`, ({ params }) => {
    const users = (members.get(String(params.id)) ?? []).map(memberOf);
    return HttpResponse.json({ status: 'ok', users, total: users.length });
  }),
  http.get(`${API}/user/:id/groups`, ({ params }) => {
    const groups = groupsScenario
      .rows()
      .filter((group) => members.get(String(group.id))?.includes(String(params.id)) === true);
    return HttpResponse.json({ status: 'ok', groups, total: groups.length });
  }),
  http.put(`${API}/group/:groupId/user/:userId`, ({ params }) => {
    const groupId = String(params.groupId);
    const userId = String(params.userId);
    if (!usersScenario.rows().some((user) => user.id === userId)) return refusal(400, 'invalid user');
    const now = members.get(groupId) ?? [];
    if (!now.includes(userId)) members.set(groupId, [...now, userId]);
    return HttpResponse.json({ status: 'ok' });
  }),
  http.delete(`${API}/group/:groupId/user/:userId`, ({ params }) => {
    const groupId = String(params.groupId);
    const userId = String(params.userId);
    const now = members.get(groupId) ?? [];
    if (!now.includes(userId)) return refusal(400, 'invalid user');
    members.set(
      groupId,
      now.filter((id) => id !== userId),
    );
    return HttpResponse.json({ status: 'ok' });
  }),
];
