import type { Alert } from '@alerta/contract';
import { useState } from 'react';

const NOTHING_GONE: ReadonlySet<string> = new Set();

export interface HeldRows {
  /** The alerts to draw, in the order to draw them. */
  alerts: readonly Alert[];
  /** Alerts drawn only because the list is held: they have left the answer. */
  gone: ReadonlySet<string>;
}

/**
 * docs/console/alert-screens.md#rows-hold-still: while `holding`, the list keeps the rows it drew last, in the same
 * places: an alert that left the answer stays as it was (and is named in `gone`), one still there takes its new values,
 * and new alerts wait. Not holding, the answer is drawn as it is, the same array, at no extra cost.
 */
export function useHeldRows(alerts: readonly Alert[], holding: boolean): HeldRows {
  const [seen, setSeen] = useState<{ answer: readonly Alert[]; holding: boolean; rows: HeldRows }>(() => ({
    answer: alerts,
    holding,
    rows: { alerts, gone: NOTHING_GONE },
  }));
  if (seen.answer === alerts && seen.holding === holding) return seen.rows;
  // A new answer, or holding began or ended: worked out once here and kept (React's "adjust state while rendering").
  const rows = holding ? hold(seen.rows.alerts, alerts) : { alerts, gone: NOTHING_GONE };
  setSeen({ answer: alerts, holding, rows });
  return rows;
}

/** The rows drawn before, each with its alert's new values where it is still in `answer`. */
function hold(drawn: readonly Alert[], answer: readonly Alert[]): HeldRows {
  const now = new Map(answer.map((alert) => [alert.id, alert]));
  const gone = new Set<string>();
  const kept = drawn.map((alert) => {
    const fresh = now.get(alert.id);
    if (fresh !== undefined) return fresh;
    gone.add(alert.id);
    return alert;
  });
  return { alerts: kept, gone: gone.size === 0 ? NOTHING_GONE : gone };
}
