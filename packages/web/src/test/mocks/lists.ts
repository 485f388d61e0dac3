import { BUILTIN_SCOPES } from '@alerta/contract';
import { http, HttpResponse } from 'msw';
import { API } from '../fixtures';
import { holdOutage, onReset, outageAnswer, pageOf, refusal, type Outage } from './scenario';

/** A row of an admin list as the API sends it; only the id matters to the store. */
export type Row = Record<string, unknown>;

/** What a list answers: the rows, or the rows and a total larger than one page. */
export type ListAnswer = readonly Row[] | { rows: readonly Row[]; total: number };

interface ListAreaRoutes {
  /** The list route, e.g. `/heartbeats`. */
  list: string;
  /** The key of the rows in its answer, e.g. `heartbeats`. */
  key: string;
  /** The route of one row (`POST` creates, `PUT` and `DELETE` take `/:id`), e.g. `/heartbeat`. */
  item: string;
  /** The key of one row in the answer to a create, e.g. `heartbeat`. */
  itemKey: string;
  /**
   * The fields the list can be searched on (docs/api/alerts.md#field-filters): a query parameter naming one keeps the
   * rows whose field holds its text, ignoring case, when it starts with `~`, or equals it otherwise.
   */
  search?: readonly string[];
}

type WriteMethod = 'POST' | 'PUT' | 'DELETE';

/**
 * The scenario setters of an admin list (heartbeats, blackouts, customers, permissions, keys, users, groups). By
 * default the list is empty; the console's writes change the stored rows, so the list it asks for next shows them.
 * Users are searched by name, login and email and groups by name and description, as the server does: such a search
 * answers the stored rows that match, whatever total was given.
 */
export interface ListScenario {
  /**
   * Serves these rows (a total larger than one page may be given), or what `answer` gives for each request: `n` counts
   * the list requests, from 1.
   */
  list(rows: readonly Row[], total?: number): void;
  answer(answer: (url: URL, n: number) => ListAnswer): void;
  /** The list is refused with this status and message. */
  failing(status?: number, message?: string): void;
  /** The list request fails as if the network were down. */
  offline(): void;
  /** List answers wait until the returned function is called. */
  hold(): () => void;
  /** Writes (every method, or the one given) are refused with this status and message. */
  writesFailing(status: number, message: string, method?: WriteMethod): void;
  /** Writes wait until the returned function is called; a write still waiting is released after the test. */
  holdWrites(): () => void;
  /** The id the next created row gets. */
  nextId(id: string): void;
  /** The stored rows as they stand now, after the console's writes. */
  rows(): Row[];
}

export function listArea(routes: ListAreaRoutes, idPrefix: string) {
  let stored: Row[] = [];
  let total: number | undefined;
  let answer: ((url: URL, n: number) => ListAnswer) | undefined;
  let served = 0;
  let outage: Outage | undefined;
  let writeRefusal: { status: number; message: string; method: WriteMethod | undefined } | undefined;
  let createdId: string | undefined;
  let created = 0;
  let writeHold: { released: Promise<void>; release: () => void } | undefined;

  onReset(() => {
    stored = [];
    total = undefined;
    answer = undefined;
    served = 0;
    outage = undefined;
    writeRefusal = undefined;
    createdId = undefined;
    created = 0;
    writeHold?.release();
    writeHold = undefined;
  })();

  /** Waits while writes are held, then gives the refusal that applies to this write, if any. */
  const refused = async (method: WriteMethod) => {
    await writeHold?.released;
    return writeRefusal !== undefined && (writeRefusal.method === undefined || writeRefusal.method === method)
      ? refusal(writeRefusal.status, writeRefusal.message)
      : undefined;
  };

  /** The stored rows the URL's search parameters keep, or `undefined` when it names none of the searched fields. */
  const searched = (url: URL): Row[] | undefined => {
    const asked = (routes.search ?? []).flatMap((field) => {
      const value = url.searchParams.get(field);
      return value === null ? [] : [{ field, value }];
    });
    if (asked.length === 0) return undefined;
    return stored.filter((row) =>
      asked.every(({ field, value }) => {
        const held = row[field];
        if (typeof held !== 'string') return false;
        return value.startsWith('~') ? held.toLowerCase().includes(value.slice(1).toLowerCase()) : held === value;
      }),
    );
  };

  const scenario: ListScenario = {
    list(rows, count) {
      stored = structuredClone([...rows]);
      total = count;
      answer = undefined;
    },
    answer(next) {
      answer = next;
    },
    failing(status = 500, message = 'Internal Server Error') {
      outage = { kind: 'refuse', status, message };
    },
    offline() {
      outage = { kind: 'drop' };
    },
    hold() {
      const held = holdOutage();
      outage = held.outage;
      return () => {
        held.release();
      };
    },
    writesFailing(status, message, method) {
      writeRefusal = { status, message, method };
    },
    holdWrites() {
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      const hold = { released, release };
      writeHold = hold;
      return () => {
        hold.release();
        if (writeHold === hold) writeHold = undefined;
      };
    },
    nextId(id) {
      createdId = id;
    },
    rows: () => stored,
  };

  const handlers = [
    http.get(`${API}${routes.list}`, async ({ request }) => {
      served += 1;
      const n = served;
      const instead = await outageAnswer(outage);
      if (instead !== undefined) return instead;
      if (answer !== undefined) {
        const given = answer(new URL(request.url), n);
        const rows = 'rows' in given ? given.rows : given;
        return HttpResponse.json(pageOf(routes.key, rows, 'rows' in given ? given.total : rows.length));
      }
      const found = searched(new URL(request.url));
      if (found !== undefined) return HttpResponse.json(pageOf(routes.key, found));
      return HttpResponse.json(pageOf(routes.key, stored, total ?? stored.length));
    }),
    http.post(`${API}${routes.item}`, async ({ request }) => {
      const refuse = await refused('POST');
      if (refuse !== undefined) return refuse;
      created += 1;
      const id = createdId ?? `${idPrefix}-new-${created}`;
      createdId = undefined;
      const row: Row = { ...((await request.json()) as Row), id };
      stored = [...stored, row];
      return HttpResponse.json({ status: 'ok', id, [routes.itemKey]: row }, { status: 201 });
    }),
    http.put(`${API}${routes.item}/:id`, async ({ request, params }) => {
      const refuse = await refused('PUT');
      if (refuse !== undefined) return refuse;
      const changes = (await request.json()) as Row;
      stored = stored.map((row) => (row.id === params.id ? { ...row, ...changes } : row));
      return HttpResponse.json({ status: 'ok' });
    }),
    http.delete(`${API}${routes.item}/:id`, async ({ params }) => {
      const refuse = await refused('DELETE');
      if (refuse !== undefined) return refuse;
      stored = stored.filter((row) => row.id !== params.id);
      return HttpResponse.json({ status: 'ok' });
    }),
  ];

  return { scenario, handlers };
}

const heartbeats = listArea({ list: '/heartbeats', key: 'heartbeats', item: '/heartbeat', itemKey: 'heartbeat' }, 'hb');
const blackouts = listArea({ list: '/blackouts', key: 'blackouts', item: '/blackout', itemKey: 'blackout' }, 'b');
const customers = listArea({ list: '/customers', key: 'customers', item: '/customer', itemKey: 'customer' }, 'c');
const perms = listArea({ list: '/perms', key: 'permissions', item: '/perm', itemKey: 'permission' }, 'p');
const keys = listArea({ list: '/keys', key: 'keys', item: '/key', itemKey: 'key' }, 'k');
const users = listArea(
  { list: '/users', key: 'users', item: '/user', itemKey: 'user', search: ['name', 'login', 'email'] },
  'u',
);
const groups = listArea(
  { list: '/groups', key: 'groups', item: '/group', itemKey: 'group', search: ['name', 'text'] },
  'g',
);

export const heartbeatsScenario = heartbeats.scenario;
export const blackoutsScenario = blackouts.scenario;
export const customersScenario = customers.scenario;
export const permsScenario = perms.scenario;
export const keysScenario = keys.scenario;
export const usersScenario = users.scenario;
export const groupsScenario = groups.scenario;

export const listHandlers = [
  // The scopes a server without custom scopes lists (the permissions and key forms offer them).
  http.get(`${API}/scopes`, () =>
    HttpResponse.json({ status: 'ok', scopes: BUILTIN_SCOPES, total: BUILTIN_SCOPES.length }),
  ),
  ...heartbeats.handlers,
  ...blackouts.handlers,
  ...customers.handlers,
  ...perms.handlers,
  ...keys.handlers,
  ...users.handlers,
  ...groups.handlers,
];
