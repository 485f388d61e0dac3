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
}

type WriteMethod = 'POST' | 'PUT' | 'DELETE';

/**
 * The scenario setters of an admin list (heartbeats, blackouts, customers, permissions, keys, users, groups). By
 * default the list is empty; the console's writes change the stored rows, so the list it asks for next shows them.
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

  onReset(() => {
    stored = [];
    total = undefined;
    answer = undefined;
    served = 0;
    outage = undefined;
    writeRefusal = undefined;
    createdId = undefined;
    created = 0;
  })();

  const refused = (method: WriteMethod) =>
    writeRefusal !== undefined && (writeRefusal.method === undefined || writeRefusal.method === method)
      ? refusal(writeRefusal.status, writeRefusal.message)
      : undefined;

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
      return HttpResponse.json(pageOf(routes.key, stored, total ?? stored.length));
    }),
    http.post(`${API}${routes.item}`, async ({ request }) => {
      const refuse = refused('POST');
      if (refuse !== undefined) return refuse;
      created += 1;
      const id = createdId ?? `${idPrefix}-new-${created}`;
      createdId = undefined;
      const row: Row = { ...((await request.json()) as Row), id };
      stored = [...stored, row];
      return HttpResponse.json({ status: 'ok', id, [routes.itemKey]: row }, { status: 201 });
    }),
    http.put(`${API}${routes.item}/:id`, async ({ request, params }) => {
      const refuse = refused('PUT');
      if (refuse !== undefined) return refuse;
      const changes = (await request.json()) as Row;
      stored = stored.map((row) => (row.id === params.id ? { ...row, ...changes } : row));
      return HttpResponse.json({ status: 'ok' });
    }),
    http.delete(`${API}${routes.item}/:id`, ({ params }) => {
      const refuse = refused('DELETE');
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
const users = listArea({ list: '/users', key: 'users', item: '/user', itemKey: 'user' }, 'u');
const groups = listArea({ list: '/groups', key: 'groups', item: '/group', itemKey: 'group' }, 'g');

export const heartbeatsScenario = heartbeats.scenario;
export const blackoutsScenario = blackouts.scenario;
export const customersScenario = customers.scenario;
export const permsScenario = perms.scenario;
export const keysScenario = keys.scenario;
export const usersScenario = users.scenario;
export const groupsScenario = groups.scenario;

export const listHandlers = [
  ...heartbeats.handlers,
  ...blackouts.handlers,
  ...customers.handlers,
  ...perms.handlers,
  ...keys.handlers,
  ...users.handlers,
  ...groups.handlers,
];
