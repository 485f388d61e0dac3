import type { Alert } from '@alerta/contract';
import { http, HttpResponse } from 'msw';
import { API, alertsResponse } from '../fixtures';
import { holdOutage, onReset, outageAnswer, refusal, type Outage } from './scenario';

/** What GET /alerts answers: the alerts, a whole answer (for totals, counts or a malformed reply), or a response. */
export type AlertsAnswer = readonly Alert[] | Record<string, unknown> | Response;

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
/** Requests the list holds back (all when no test is given) until released; released at reset too. */
let listHold: { applies: (url: URL) => boolean; released: Promise<void>; release: () => void } | undefined;
let listReply: { status: number; body: Record<string, unknown> } | undefined;
let listDelayMs = 0;
let entityTags = false;
let version = 1;
let count: ((url: URL) => number) | undefined;
let countRefusal: { status: number; message: string } | undefined;
let actionRefusal: { status: number; message: string } | undefined;
let detailRefusal: { status: number; message: string } | undefined;
let notes: Record<string, unknown>[] = [];
let notesAdded = 0;
let facetsAnswer: ((url: URL) => Record<string, unknown> | Response) | undefined;
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
  listHold?.release();
  listHold = undefined;
  listReply = undefined;
  listDelayMs = 0;
  entityTags = false;
  version = 1;
  count = undefined;
  countRefusal = undefined;
  actionRefusal = undefined;
  detailRefusal = undefined;
  notes = [];
  notesAdded = 0;
  facetsAnswer = undefined;
  tallies = { environments: [], services: [], groups: [], tags: [] };
})();

function change(next: Alert[]): void {
  stored = next;
  version += 1;
}

/**
 * The alerts area: GET /alerts and its tallies (/alerts/count, /environments, /services, /alerts/groups,
 * /alerts/tags), one alert and its notes, and the actions on it. By default there are no alerts; an action, a tag or a
 * delete the console sends changes the stored alerts as the server would, so the next list shows it. Notes added or
 * dismissed change the stored notes the same way.
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
  /** The list answers with this status and body, whatever they are (a warning, a body that is not an envelope…). */
  reply(status: number, body: Record<string, unknown>): void {
    listReply = { status, body };
  },
  /**
   * List answers (or only those for a URL `which` accepts) wait until the returned function is called; an answer the
   * console stopped waiting for is released after the test.
   */
  hold(which: (url: URL) => boolean = () => true): () => void {
    const held = holdOutage();
    const release = () => {
      held.release();
      if (listHold?.released === released) listHold = undefined;
    };
    const released = held.outage.kind === 'hold' ? held.outage.released : Promise.resolve();
    listHold = { applies: which, released, release };
    return release;
  },
  /** Each list answer takes this long, on whatever clock the test runs (the fake clock moves it on too). */
  slow(ms: number): void {
    listDelayMs = ms;
  },
  /** How many list requests have come so far. */
  served: (): number => listed,
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
  /** The notes GET /alert/{id}/notes answers with (copies), whichever alert the console opens. */
  notes(rows: readonly Record<string, unknown>[]): void {
    notes = structuredClone([...rows]);
  },
  /** The stored notes as they stand now, after the notes the console added (PUT) and dismissed (DELETE). */
  savedNotes: (): readonly Record<string, unknown>[] => notes,
  /** The environments, services, groups or tags the filter lists offer. */
  tally(kind: 'environments' | 'services' | 'groups' | 'tags', rows: Tally): void {
    tallies[kind] = rows;
  },
  /**
   * GET /alerts/facets answers this (or what `answer` gives for the request) instead of counting the stored alerts'
   * values, which it does by default, whatever the filter (docs/api/alerts.md#get-alertsfacets).
   */
  facets(answer: Record<string, unknown> | Response | ((url: URL) => Record<string, unknown> | Response)): void {
    facetsAnswer = typeof answer === 'function' ? answer : () => answer;
  },
  /** The stored alerts as they stand now, after the console's actions. */
  alerts: (): readonly Alert[] => stored,
};

const DEFAULT_FACET_FIELDS = ['environment', 'service', 'resource', 'event', 'group', 'origin', 'tag'];

/** The values of one field an alert holds, each once. */
function facetValues(alert: Alert, field: string): string[] {
  const value: unknown = field === 'tag' ? alert.tags : (alert as unknown as Record<string, unknown>)[field];
  const values = Array.isArray(value) ? value : [value];
  return [...new Set(values.filter((v): v is string => typeof v === 'string' && v !== ''))];
}

/** The stored alerts' facets, as the server counts them: by count, then value; `more` and `none` as it gives them. */
function storedFacets(url: URL): Record<string, unknown> {
  const asked = url.searchParams.getAll('fields').flatMap((f) => f.split(','));
  const limit = Number(url.searchParams.get('limit') ?? '10');
  const facets: Record<string, unknown> = {};
  for (const field of asked.length === 0 ? DEFAULT_FACET_FIELDS : asked) {
    const counts = new Map<string, number>();
    let none = 0;
    for (const alert of stored) {
      const values = facetValues(alert, field);
      if (values.length === 0) none += 1;
      for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    const values = [...counts]
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
    facets[field] = { values: values.slice(0, limit), more: Math.max(0, values.length - limit), none };
  }
  return { status: 'ok', facets, total: stored.length };
}

const refused = (refusalOf: { status: number; message: string } | undefined) =>
  refusalOf === undefined ? undefined : refusal(refusalOf.status, refusalOf.message);

function listBody(url: URL, n: number): Record<string, unknown> | Response {
  const answer = listAnswer?.(url, n);
  if (answer === undefined) return { ...alertsResponse(stored), ...listExtra };
  if (answer instanceof Response) return answer;
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
    const url = new URL(request.url);
    if (listHold?.applies(url) === true) await listHold.released;
    const instead = await outageAnswer(listOutage);
    if (instead !== undefined) return instead;
    if (listReply !== undefined) return HttpResponse.json(listReply.body, { status: listReply.status });
    if (listDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, listDelayMs));
    const body = listBody(url, n);
    if (body instanceof Response) return body;
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
  http.get(`${API}/alerts/facets`, ({ request }) => {
    const url = new URL(request.url);
    const body = facetsAnswer?.(url) ?? storedFacets(url);
    return body instanceof Response ? body : HttpResponse.json(body);
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
  // Adds a note as docs/api/alerts.md#notes says: the text comes as `text` or `note`, and a blank one is refused.
  http.put(`${API}/alert/:id/note`, async ({ request, params }) => {
    const body = (await request.json()) as { text?: unknown; note?: unknown };
    const text = typeof body.text === 'string' ? body.text : body.note;
    if (typeof text !== 'string' || text.trim() === '') return refusal(400, "must supply 'note' text");
    notesAdded += 1;
    const id = `note-${notesAdded}`;
    const note = {
      id,
      href: `${API}/note/${id}`,
      text,
      user: null,
      type: 'alert',
      createTime: new Date().toISOString(),
      updateTime: null,
      related: { alert: String(params.id) },
    };
    notes = [...notes, note];
    return HttpResponse.json({ status: 'ok', id, note }, { status: 201 });
  }),
  http.delete(`${API}/alert/:id/note/:noteId`, ({ params }) => {
    if (!notes.some((note) => note.id === params.noteId)) return refusal(404, 'note not found');
    notes = notes.filter((note) => note.id !== params.noteId);
    return HttpResponse.json({ status: 'ok' });
  }),
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
