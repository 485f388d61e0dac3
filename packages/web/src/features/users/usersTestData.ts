import { API } from '../../test/fixtures';
import { groupsScenario, permsScenario, usersScenario } from '../../test/mocks';

/** Test rows of the users, permissions and groups lists. */

export function makeUser(overrides: Record<string, unknown> = {}) {
  return {
    id: 'u1',
    href: `${API}/user/u1`,
    name: 'Bob Builder',
    login: 'bob',
    email: 'bob@example.com',
    domain: 'example.com',
    status: 'active',
    roles: ['ops'],
    attributes: {},
    createTime: '2026-11-01T09:00:00.000Z',
    lastLogin: '2026-11-20T10:00:00.000Z',
    text: 'night shift',
    updateTime: null,
    email_verified: false,
    ...overrides,
  };
}

const PERMS = [
  { id: 'p1', match: 'admin', scopes: ['admin', 'read', 'write'] },
  { id: 'p2', match: 'user', scopes: ['read', 'write'] },
  { id: 'p3', match: 'ops', scopes: ['write:alerts'] },
  { id: 'p4', match: 'viewer', scopes: ['read'] },
];

export const GROUPS = [
  { id: 'g1', href: `${API}/group/g1`, name: 'Night shift', text: 'After hours', count: 3 },
  { id: 'g2', href: `${API}/group/g2`, name: 'Networks', text: '', count: 0 },
];

/** The lists a users screen reads: these users (with a total, if larger), the permissions and the groups. */
export function serveUserLists(users: ReturnType<typeof makeUser>[], total = users.length) {
  usersScenario.list(users, total);
  permsScenario.list(PERMS);
  groupsScenario.list(GROUPS);
}
