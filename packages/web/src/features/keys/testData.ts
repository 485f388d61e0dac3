import { http, HttpResponse } from 'msw';
import { API, makeToken } from '../../test/fixtures';
import type { KeyRow } from './keysApi';

export const ADMIN = makeToken({ scope: 'admin read write' });
/** May see and make keys, and holds a few other scopes: the keys it makes can carry only those. */
export const WRITER = makeToken({ scope: 'read:keys write:keys read:alerts' });
export const READER = makeToken({ scope: 'read:keys read:alerts' });

export const KEY_A = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_aa';
export const KEY_B = 'ZyXwVuTsRqPoNmLkJiHgFeDcBa9876543210-_bb';

export function makeKey(overrides: Partial<KeyRow> = {}): KeyRow {
  return {
    id: 'k1',
    key: KEY_A,
    status: 'active',
    href: `${API}/key/${KEY_A}`,
    user: 'alice@example.com',
    scopes: ['read', 'write:alerts'],
    type: 'read-write',
    text: 'Deploy bot',
    expireTime: '2027-03-15T22:59:59.999Z',
    count: 12,
    lastUsedTime: null,
    customer: null,
    ...overrides,
  };
}

export function keysAnswer(rows: KeyRow[], total = rows.length) {
  return { status: 'ok', keys: rows, total, page: 1, pageSize: 20, pages: 1, more: false };
}

/** The lists the keys screen and its form read. */
export function serveKeys(rows: KeyRow[] = [makeKey()]) {
  return [
    http.get(`${API}/keys`, () => HttpResponse.json(keysAnswer(rows))),
    http.get(`${API}/users`, ({ request }) => {
      const login = new URL(request.url).searchParams.get('login');
      const all = ['alice@example.com', 'bob@example.com', 'carol@example.com'];
      const users = all.filter((l) => login === null || l.includes(login.replace(/^~/, '')));
      return HttpResponse.json({ status: 'ok', users: users.map((l, i) => ({ id: `u${i}`, login: l })), total: 3 });
    }),
    http.get(`${API}/customers`, () =>
      HttpResponse.json({
        status: 'ok',
        customers: [
          { id: 'c1', match: 'acme.example', customer: 'Acme' },
          { id: 'c2', match: 'acme.test', customer: 'Acme' },
          { id: 'c3', match: 'globex.example', customer: 'Globex' },
        ],
        total: 3,
      }),
    ),
  ];
}
