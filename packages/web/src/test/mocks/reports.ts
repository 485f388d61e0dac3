import { http, HttpResponse } from 'msw';
import { API } from '../fixtures';
import { onReset, refusal } from './scenario';

/** The three top-N lists of the reports screen (docs/api/alerts.md#top-n-lists). */
type Top10Kind = 'count' | 'flapping' | 'standing';

/** A row of a top-N list: the group's value, its counts, environments, services and resources. */
type Top10Row = Record<string, unknown>;

const KINDS: readonly Top10Kind[] = ['count', 'flapping', 'standing'];

let rows: Record<Top10Kind, readonly Top10Row[]> = { count: [], flapping: [], standing: [] };
let refusals: Partial<Record<Top10Kind, { status: number; message: string }>> = {};

onReset(() => {
  rows = { count: [], flapping: [], standing: [] };
  refusals = {};
})();

/**
 * The reports' top-N lists (GET /alerts/top10/count, /flapping and /standing). By default each list is empty; a list
 * answers its rows, at most as many as the request's `page-size` (10 without one), whatever else it filters on.
 */
export const reportsScenario = {
  /** The rows of the lists given (copies), e.g. `{ count: [...], flapping: [...] }`; the others stay as they are. */
  top10(next: Partial<Record<Top10Kind, readonly Top10Row[]>>): void {
    for (const kind of KINDS) {
      const given = next[kind];
      if (given !== undefined) rows[kind] = structuredClone([...given]);
    }
  },
  /** That list is refused with this status and message; the others still answer. */
  failing(kind: Top10Kind, status: number, message: string): void {
    refusals[kind] = { status, message };
  },
};

export const reportsHandlers = KINDS.map((kind) =>
  http.get(`${API}/alerts/top10/${kind}`, ({ request }) => {
    const refused = refusals[kind];
    if (refused !== undefined) return refusal(refused.status, refused.message);
    const size = Number(new URL(request.url).searchParams.get('page-size') ?? 10);
    const top10 = rows[kind].slice(0, size);
    return HttpResponse.json({ status: 'ok', top10, total: top10.length });
  }),
);
