import type { Alert } from '@alerta/contract';

/** Deep equality of values read from JSON: plain objects, arrays, strings, numbers, booleans and null. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => sameJson(item, b[i]));
  }
  const aFields = a as Readonly<Record<string, unknown>>;
  const bFields = b as Readonly<Record<string, unknown>>;
  const keys = Object.keys(aFields);
  if (keys.length !== Object.keys(bFields).length) return false;
  return keys.every((key) => Object.hasOwn(bFields, key) && sameJson(aFields[key], bFields[key]));
}

interface WithAlerts {
  alerts: readonly Alert[];
}

const environmentsOf = (value: WithAlerts): unknown => ('environments' in value ? value.environments : undefined);

function hasAlerts(value: unknown): value is WithAlerts {
  return typeof value === 'object' && value !== null && 'alerts' in value && Array.isArray(value.alerts);
}

/**
 * Structural sharing for a list answer, in place of TanStack Query's generic one: an alert equal to one of the last
 * answer keeps that object (so its row is not drawn again), and an answer equal to the last is the last. The generic
 * copy builds every changed object key by key, which leaves V8 holding it in a slow dictionary form several times
 * the size of the object the reader built; over an hour of refreshes every alert on a page goes that way.
 */
export function shareAlerts(previous: unknown, next: unknown): unknown {
  // The server said nothing changed (304): the load handed back the answer held.
  if (previous === next) return previous;
  if (!hasAlerts(previous) || !hasAlerts(next)) return next;
  const before = new Map(previous.alerts.map((alert) => [alert.id, alert]));
  let unchanged = previous.alerts.length === next.alerts.length;
  const alerts = next.alerts.map((alert, i) => {
    const old = before.get(alert.id);
    if (old === undefined || !sameJson(old, alert)) {
      unchanged = false;
      return alert;
    }
    if (previous.alerts[i] !== old) unchanged = false;
    return old;
  });
  // The environment counts answered with the page (docs/api/alerts.md#the-answer) keep their object when equal too, so
  // that the tabs showing them are not drawn again.
  const environments = environmentsOf(previous);
  const shared = {
    ...next,
    alerts: unchanged ? previous.alerts : alerts,
    ...(environments !== undefined && sameJson(environments, environmentsOf(next)) ? { environments } : {}),
  };
  return sameJson({ ...previous, alerts: null }, { ...shared, alerts: null }) && unchanged ? previous : shared;
}
