import { http, HttpResponse } from 'msw';
import { API } from '../../test/fixtures';
import { server } from '../../test/server';

/** Test answers of the users and groups APIs. */

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

export function page<T>(key: string, rows: T[], total = rows.length) {
  return { status: 'ok', [key]: rows, total, page: 1, pageSize: 20, pages: 1, more: false };
}

export const PERMS = page('permissions', [
  { id: 'p1', match: 'admin', scopes: ['admin', 'read', 'write'] },
  { id: 'p2', match: 'user', scopes: ['read', 'write'] },
  { id: 'p3', match: 'ops', scopes: ['write:alerts'] },
  { id: 'p4', match: 'viewer', scopes: ['read'] },
]);

export const GROUPS = [
  { id: 'g1', href: `${API}/group/g1`, name: 'Night shift', text: 'After hours', count: 3 },
  { id: 'g2', href: `${API}/group/g2`, name: 'Networks', text: '', count: 0 },
];

/** The lists a users screen reads: users (these rows), permissions and groups. */
export function serveUserLists(users: ReturnType<typeof makeUser>[], total = users.length) {
  server.use(
    http.get(`${API}/users`, () => HttpResponse.json(page('users', users, total))),
    http.get(`${API}/perms`, () => HttpResponse.json(PERMS)),
    http.get(`${API}/groups`, ({ request }) => {
      const name = new URL(request.url).searchParams.get('name')?.replace(/^~/, '').toLowerCase() ?? '';
      return HttpResponse.json(
        page(
          'groups',
          GROUPS.filter((g) => g.name.toLowerCase().includes(name)),
        ),
      );
    }),
  );
}

export const ok = () => HttpResponse.json({ status: 'ok' });
