import type { Alert } from '@alerta/contract';
import { http, HttpResponse } from 'msw';
import { API, alertsResponse } from '../fixtures';
import { holdOutage, onReset, outageAnswer, refusal, type Outage } from './scenario';

/** What GET /alerts answers: the alerts, or a whole answer (for totals, counts or a malformed reply). */
export type AlertsAnswer = readonly Alert[] | Record<string, unknown>;

type Tally = Record<string, unknown>[];

/** The status an action leaves an alert in (docs/api/alerts.md#put-alertidaction), when it changes the status at all. */
const STATUS_AFTER: Record<string, Alert['status']> = {
  open: 'open',
  ack: 'ack',
  unack: 'open',
  shelve: 'shelved',
  unshelve: 'open',
  close: 'closed',
  expired: 'expired',
};

let stored: Alert[] = [];
let listAnswer: ((url: URL, n: number) => AlertsAnswer) | undefined;
let listExtra: Record<string, unknown> = {};
let listed = 0;
let listOutage: Outage | undefined;
let entityTags = false;
let version = 1;
let count: ((url: URL) => number) | undefined;
let countRefusal: { status: number; message: string } | undefined;
let actionRefusal: { status: number; message: string } | undefined;
let detailRefusal: { status: number; message: string } | undefined;
let notes: Record<string, unknown>[] = [];
let tallies: Record<'environments' | 'services' | 'groups' | 'tags', Tally> = {
  environments: [],
  services: [],
  groups: [],
  tags: [],
};

onReset(() => {
  stored = [];
  listAnswer = undefined;
  listExtra = {};
  listed = 0;
  listOutage = undefined;
  entityTags = false;
  version = 1;
  count = undefined;
  countRefusal = undefined;
  actionRefusal = undefined;
  detailRefusal = undefined;
  notes = [];
  tallies = { environments: [], services: [], groups: [], tags: [] };
})();

function change(next: Alert[]): void {
  stored = next;
  version += 1;
}

/**
 * The alerts area: GET /alerts and its tallies (/alerts/count, /environments, /services, /alerts/groups,
 * /alerts/tags), one alert and its notes, and the actions on it. By default there are no alerts; an action, a tag or a
 * delete the console sends changes the stored alerts as the server would, so the next list shows it.
 */
export const alertsScenario = {
  /** Serves these alerts (copies), with whatever else of the answer is given (`total`, `statusCounts`…). */
  list(alerts: readonly Alert[], extra: Record<string, unknown> = {}): void {
    change(structuredClone([...alerts]));
    listExtra = extra;
    listAnswer = undefined;
  },
  /** Answers each GET /alerts with what `answer` gives for it; `n` counts the list requests from 1. */
  answer(answer: (url: URL, n: number) => AlertsAnswer): void {
    listAnswer = answer;
  },
  /** The list is refused with this status and message. */
  failing(status = 500, message = 'Internal Server Error'): void {
    listOutage = { kind: 'refuse', status, message };
  },
  /** The list request fails as if the network were down. */
  offline(): void {
    listOutage = { kind: 'drop' };
  },
  /** List answers wait until the returned function is called. */
  hold(): () => void {
    const held = holdOutage();
    listOutage = held.outage;
    return () => {
      held.release();
      listOutage = undefined;
    };
  },
  /** The list answers with an entity tag that changes with the alerts, and 304 to a request that names it. */
  withEntityTags(): void {
    entityTags = true;
  },
  /** The entity tag the list answers with now (see {@link withEntityTags}). */
  entityTag: () => `"alerts-${version}"`,
  /** GET /alerts/count answers this total, or what `total` gives for the request. */
  count(total: number | ((url: URL) => number)): void {
    count = typeof total === 'number' ? () => total : total;
    countRefusal = undefined;
  },
  countFailing(status: number, message: string): void {
    countRefusal = { status, message };
  },
  /** Actions, tags and deletes are refused with this status and message. */
  actionsFailing(status: number, message: string): void {
    actionRefusal = { status, message };
  },
  /** GET /alert/{id} is refused with this status and message. */
  detailFailing(status: number, message: string): void {
    detailRefusal = { status, message };
  },
  /** The notes GET /alert/{id}/notes answers with. */
  notes(rows: readonly Record<string, unknown>[]): void {
    notes = [...rows];
  },
  /** The environments, services, groups or tags the filter lists offer. */
  tally(kind: 'environments' | 'services' | 'groups' | 'tags', rows: Tally): void {
    tallies[kind] = rows;
  },
  /** The stored alerts as they stand now, after the console's actions. */
  alerts: (): readonly Alert[] => stored,
};

const refused = (refusalOf: { status: number; message: string } | undefined) =>
  refusalOf === undefined ? undefined : refusal(refusalOf.status, refusalOf.message);

function listBody(url: URL, n: number): Record<string, unknown> {
  const answer = listAnswer?.(url, n);
  if (answer === undefined) return { ...alertsResponse(stored), ...listExtra };
  return Array.isArray(answer)
    ? alertsResponse([...(answer as readonly Alert[])])
    : (answer as Record<string, unknown>);
}

function tallyAnswer(kind: keyof typeof tallies) {
  return () => HttpResponse.json({ status: 'ok', [kind]: tallies[kind], total: tallies[kind].length });
}

export const alertsHandlers = [
  http.get(`${API}/alerts`, async ({ request }) => {
    listed += 1;
    const n = listed;
    const instead = await outageAnswer(listOutage);
    if (instead !== undefined) return instead;
    const body = listBody(new URL(request.url), n);
    if (!entityTags) return HttpResponse.json(body);
    const tag = alertsScenario.entityTag();
    if (request.headers.get('If-None-Match') === tag) return new HttpResponse(null, { status: 304 });
    return HttpResponse.json(body, { headers: { ETag: tag } });
  }),
  http.get(`${API}/alerts/count`, ({ request }) => {
    const refuse = refused(countRefusal);
    if (refuse !== undefined) return refuse;
    return HttpResponse.json({ status: 'ok', total: count?.(new URL(request.url)) ?? stored.length });
  }),
  http.get(`${API}/environments`, tallyAnswer('environments')),
  http.get(`${API}/services`, tallyAnswer('services')),
  http.get(`${API}/alerts/groups`, tallyAnswer('groups')),
  http.get(`${API}/alerts/tags`, tallyAnswer('tags')),
  http.get(`${API}/alert/:id`, ({ params }) => {
    const refuse = refused(detailRefusal);
    if (refuse !== undefined) return refuse;
    const alert = stored.find((a) => a.id === params.id);
    return alert === undefined
      ? refusal(404, 'not found')
      : HttpResponse.json({ status: 'ok', total: 1, alert: structuredClone(alert) });
  }),
  http.get(`${API}/alert/:id/notes`, () => HttpResponse.json({ status: 'ok', notes, total: notes.length })),
  http.put(`${API}/alert/:id/action`, async ({ request, params }) => {
    const refuse = refused(actionRefusal);
    if (refuse !== undefined) return refuse;
    const { action } = (await request.json()) as { action?: string };
    const status = action === undefined ? undefined : STATUS_AFTER[action];
    if (status !== undefined) change(stored.map((a) => (a.id === params.id ? { ...a, status } : a)));
    return HttpResponse.json({ status: 'ok' });
  }),
  http.put(`${API}/alert/:id/tag`, async ({ request, params }) => {
    const refuse = refused(actionRefusal);
    if (refuse !== undefined) return refuse;
    const { tags = [] } = (await request.json()) as { tags?: string[] };
    change(stored.map((a) => (a.id === params.id ? { ...a, tags: [...new Set([...a.tags, ...tags])] } : a)));
    return HttpResponse.json({ status: 'ok' });
  }),
  http.put(`${API}/alert/:id/untag`, async ({ request, params }) => {
    const refuse = refused(actionRefusal);
    if (refuse !== undefined) return refuse;
    const { tags = [] } = (await request.json()) as { tags?: string[] };
    change(stored.map((a) => (a.id === params.id ? { ...a, tags: a.tags.filter((t) => !tags.includes(t)) } : a)));
    return HttpResponse.json({ status: 'ok' });
  }),
  http.delete(`${API}/alert/:id`, ({ params }) => {
    const refuse = refused(actionRefusal);
    if (refuse !== undefined) return refuse;
    change(stored.filter((a) => a.id !== params.id));
    return HttpResponse.json({ status: 'ok' });
  }),
];
