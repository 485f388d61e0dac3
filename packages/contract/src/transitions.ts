import { type AlarmModel, isNormalSeverity, trendIndication } from './alarm-models.js';

export interface TransitionInput {
  /** The alert's severity (incoming on ingest, stored on an action). */
  severity: string;
  /** The alert's previous severity, used by the re-alarm rule. */
  previousSeverity: string;
  /**
   * Status of the most recent history entry (docs/api/ingest.md#transition-inputs); the model default when there is
   * none.
   */
  currentStatus: string;
  /** Status of the second most recent history entry; the model default when there is none. */
  previousStatus: string;
  /** The operator action, if any. */
  action?: string | undefined;
  /** The status the sender asked for on ingest (default: the model's default status). */
  incomingStatus?: string | undefined;
}

export type TransitionResult = { ok: true; severity: string; status: string } | { ok: false; conflict: string };

const done = (severity: string, status: string): TransitionResult => ({ ok: true, severity, status });
const conflict = (message: string): TransitionResult => ({ ok: false, conflict: message });
/** An action as a past participle, for the 409 messages: `ack` → `acked`, `shelve` → `shelved`, `close` → `closed`. */
const participle = (action: string): string => (action.endsWith('e') ? `${action}d` : `${action}ed`);

/** docs/api/alarm-models.md#the-alerta-model, evaluated in order, first match wins. */
function alertaTransition(model: AlarmModel, input: TransitionInput): TransitionResult {
  const { severity, currentStatus: s, previousStatus: p, action: a } = input;
  const normal = model.defaults.normal_severity;
  const incoming = input.incomingStatus ?? model.defaults.status;
  const isNormal = isNormalSeverity(model, severity);

  if (a !== undefined && !model.actions.includes(a)) return done(severity, s);
  if (a === undefined && incoming !== model.defaults.status) {
    return isNormal ? done(normal, 'closed') : done(severity, incoming);
  }
  if (a === 'unack') return s === 'ack' ? done(severity, p) : conflict(`alert is not in ack status`);
  if (a === 'unshelve') return s === 'shelved' ? done(severity, p) : conflict(`alert is not in shelved status`);
  if (a === 'expired') return done(severity, 'expired');
  if (a === 'timeout') return done(severity, p === 'ack' ? 'ack' : 'open');

  switch (s) {
    case 'open':
      if (a === 'open') return conflict('alert is already in open status');
      if (a === 'ack') return done(severity, 'ack');
      if (a === 'shelve') return done(severity, 'shelved');
      if (a === 'close') return done(normal, 'closed');
      break;
    case 'ack':
      if (a === 'open') return done(severity, 'open');
      if (a === 'ack') return conflict('alert is already in ack status');
      if (a === 'shelve') return done(severity, 'shelved');
      if (a === 'close') return done(normal, 'closed');
      if (
        a === undefined &&
        input.previousSeverity !== model.defaults.previous_severity &&
        trendIndication(model, input.previousSeverity, severity) === 'moreSevere'
      ) {
        return done(severity, 'open');
      }
      break;
    case 'shelved':
      if (a === 'open') return done(severity, 'open');
      if (a === 'ack') return conflict('alert is shelved and cannot be acked');
      if (a === 'shelve') return conflict('alert is already in shelved status');
      if (a === 'close') return done(normal, 'closed');
      break;
    case 'blackout':
      if (a === 'close') return done(normal, 'closed');
      return p !== 'blackout' ? done(severity, p) : done(severity, 'blackout');
    case 'closed':
      if (a === 'open') return done(input.previousSeverity, 'open');
      if (a === 'ack' || a === 'shelve' || a === 'close')
        return conflict(`alert is closed and cannot be ${a === 'close' ? 'closed again' : participle(a)}`);
      if (a === undefined && !isNormal) return done(severity, p === 'shelved' ? 'shelved' : 'open');
      break;
    default:
      break;
  }
  if (isNormal) return done(normal, 'closed');
  if (s === 'expired') {
    if (a !== undefined && a !== 'open') return conflict(`alert is expired and cannot be ${participle(a)}`);
    return done(severity, 'open');
  }
  return done(severity, s);
}

/**
 * docs/api/alarm-models.md#the-isa-182-model, evaluated in order. The model has no invalid actions: an action that
 * matches no rule leaves the alert unchanged. The re-alarm of an acknowledged alert is driven by a severity change, so
 * an operator action never triggers it.
 */
function isaTransition(model: AlarmModel, input: TransitionInput): TransitionResult {
  const { severity, currentStatus: s, action: a } = input;
  const ok = model.defaults.normal_severity;
  const isOk = severity === ok;
  const incoming = input.incomingStatus ?? model.defaults.status;

  if (a !== undefined && !model.actions.includes(a)) return done(severity, s);
  if (a === undefined && incoming !== model.defaults.status) return done(severity, incoming);
  if (a === 'shelve') return done(severity, 'SHLVD');
  if (a === 'unshelve') return done(severity, isOk ? 'NORM' : 'UNACK');
  switch (s) {
    case 'NORM':
      if (!isOk) return done(severity, 'UNACK');
      break;
    case 'UNACK':
      if (a === 'ack') return done(severity, 'ACKED');
      if (isOk) return done(severity, 'RTNUN');
      break;
    case 'ACKED':
      if (a === 'unack') return done(severity, 'UNACK');
      if (
        a === undefined &&
        input.previousSeverity !== ok &&
        trendIndication(model, input.previousSeverity, severity) === 'moreSevere'
      ) {
        return done(severity, 'UNACK');
      }
      if (isOk) return done(severity, 'NORM');
      break;
    case 'RTNUN':
      if (a === 'ack') return done(severity, 'NORM');
      if (!isOk) return done(severity, 'UNACK');
      break;
    case 'DSUPR':
    case 'OOSRV':
      return done(severity, isOk ? 'NORM' : 'UNACK');
    default:
      break;
  }
  return done(severity, s);
}

/** The new (severity, status) of an alert under the given model. */
export function transition(model: AlarmModel, input: TransitionInput): TransitionResult {
  return model.lowerIsMoreSevere ? alertaTransition(model, input) : isaTransition(model, input);
}
