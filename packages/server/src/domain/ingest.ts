import { randomUUID } from 'node:crypto';
import { type AlarmModel, type AlertInput, isKnownSeverity } from '@alerta/contract';
import { ApiError, badRequest } from '../errors.js';
import { type AlertRepository, type AlertWithHistory, UniqueViolation } from '../store/types.js';
import { type IncomingAlert, type Plan, applyDefaults, planCorrelate, planDuplicate, planNew } from './alert-plan.js';
import { type PreReceiveSettings, type PreReceiveStores, preReceive } from './pre-receive.js';

export interface IngestSettings extends PreReceiveSettings {
  model: AlarmModel;
  alertTimeout: number;
  historyLimit: number;
  /** HISTORY_ON_VALUE_CHANGE (docs/api/ingest.md#history); on unless turned off. */
  historyOnValueChange?: boolean;
  allowedEnvironments: readonly string[];
  requireService: boolean;
  /** ORIGIN_BLACKLIST patterns, matched from the start of the origin. */
  originBlacklist: readonly string[];
  origin: string;
}

const compiled = new Map<string, RegExp | null>();

/** A settings pattern as a regular expression, compiled once; null when it is not one (it is then matched as text). */
function patternOf(source: string): RegExp | null {
  let regex = compiled.get(source);
  if (regex === undefined) {
    try {
      regex = new RegExp(source);
    } catch {
      regex = null;
    }
    compiled.set(source, regex);
  }
  return regex;
}

/** ALLOWED_ENVIRONMENTS entries are patterns that must match the whole environment (docs/api/ingest.md, `reject`). */
function environmentAllowed(environment: string, allowed: readonly string[]): boolean {
  return allowed.some((pattern) => {
    const regex = patternOf(`^(?:${pattern})$`);
    return regex === null ? pattern === environment : regex.test(environment);
  });
}

/**
 * Checks that the reference reports as 400 (README.md#where-we-differ-from-the-reference-server: an unknown severity is
 * 400, not 500).
 */
function validateForModel(model: AlarmModel, incoming: IncomingAlert): void {
  if (!isKnownSeverity(model, incoming.severity)) {
    const valid = Object.keys(model.severity).join(', ');
    throw badRequest(`Severity (${incoming.severity}) is not valid; valid severities are: ${valid}`, [valid]);
  }
  if (incoming.status !== undefined && !Object.hasOwn(model.status, incoming.status)) {
    const valid = Object.keys(model.status).join(', ');
    throw badRequest(`Status (${incoming.status}) is not valid; valid statuses are: ${valid}`, [valid]);
  }
}

/** The pre-receive `reject` policy (docs/api/ingest.md): 403 with the reference's messages. */
function applyRejectPolicy(settings: IngestSettings, incoming: IncomingAlert): void {
  const blacklisted = settings.originBlacklist.some((pattern) => {
    const regex = patternOf(`^(?:${pattern})`);
    return regex === null ? incoming.origin.startsWith(pattern) : regex.test(incoming.origin);
  });
  if (blacklisted) throw new ApiError(403, `[POLICY] Alert origin '${incoming.origin}' has been blacklisted`);
  if (!environmentAllowed(incoming.environment, settings.allowedEnvironments)) {
    throw new ApiError(
      403,
      `[POLICY] Alert environment does not match one of ${settings.allowedEnvironments.join(', ')}`,
    );
  }
  if (settings.requireService && incoming.service.length === 0) {
    throw new ApiError(403, '[POLICY] Alert must define a service');
  }
}

export interface IngestResult {
  kind: 'new' | 'duplicate' | 'correlate';
  stored: AlertWithHistory;
}

/** An alert that was not stored: it became a heartbeat or fell in a blackout (answered 202, docs/api/alerts.md). */
export interface DivertedAlert {
  kind: 'heartbeat' | 'suppressed';
  id: string;
  message: string;
}

/** An alert that passed defaults, validation and the reject policy, with the moment it was received. */
export interface ReceivedAlert {
  incoming: IncomingAlert;
  now: string;
  user: string | null;
}

/** The first steps of POST /alert (docs/api/ingest.md): defaults, validation (400) and the reject policy (403). */
export function receiveInput(settings: IngestSettings, input: AlertInput, user: string | null): ReceivedAlert {
  const now = new Date().toISOString();
  const incoming = applyDefaults(
    input,
    { model: settings.model, alertTimeout: settings.alertTimeout, origin: settings.origin },
    input.id ?? randomUUID(),
    now,
  );
  validateForModel(settings.model, incoming);
  applyRejectPolicy(settings, incoming);
  return { incoming, now, user };
}

/**
 * New / duplicate / correlate for one alert, in one transaction (docs/api/ingest.md).
 * When two senders create the same alert at once, the unique index rejects the second insert and a retry turns it
 * into a duplicate.
 */
export async function storeAlert(
  alerts: AlertRepository,
  settings: IngestSettings,
  { incoming, now, user }: ReceivedAlert,
): Promise<IngestResult> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await alerts.ingest(async (tx) => {
        const match = await tx.findMatch(incoming);
        let plan: Plan;
        let kind: IngestResult['kind'];
        if (match === undefined) {
          kind = 'new';
          const created = planNew(settings.model, incoming, now, user);
          await tx.insert(created.alert, created.history);
          plan = created;
        } else {
          kind = match.kind;
          plan =
            match.kind === 'duplicate'
              ? planDuplicate(settings.model, match, incoming, now, user, settings.historyOnValueChange ?? true)
              : planCorrelate(settings.model, match, incoming, now, user);
          await tx.update(plan.alert, plan.history, settings.historyLimit);
        }
        return { kind, stored: { alert: plan.alert, history: await tx.history(plan.alert.id) } };
      });
    } catch (error) {
      if (!(error instanceof UniqueViolation)) throw error;
      if (attempt >= 2) {
        // A correlation that would rename the alert onto another alert's event, or a client id already in use.
        throw new ApiError(409, 'alert conflicts with an existing alert', [error.message]);
      }
    }
  }
}

/** POST /alert (docs/api/ingest.md) for one alert on its own: every step, then new / duplicate / correlate. */
export async function ingestAlert(
  alerts: AlertRepository,
  settings: IngestSettings,
  input: AlertInput,
  user: string | null,
  stores: PreReceiveStores,
): Promise<IngestResult | DivertedAlert> {
  const received = receiveInput(settings, input, user);
  const outcome = await preReceive(stores, settings, received.incoming, received.now);
  if (outcome.kind !== 'continue') return outcome;
  received.incoming.status = outcome.status;
  return storeAlert(alerts, settings, received);
}
