import type { TFunction } from 'i18next';
import { msg, type MessageKey } from '.';

/**
 * Words for the values the console shows from a fixed list (docs/console/plumbing.md#durations-ids-and-words): the
 * alert statuses and severities of the Alerta alarm model and the trend. A value outside these lists (a severity of a
 * custom alarm model, the ISA 18.2 codes) is shown as it came.
 */
const STATUS_LABELS: Readonly<Record<string, MessageKey>> = {
  open: msg('status.open'),
  assign: msg('status.assign'),
  ack: msg('status.ack'),
  shelved: msg('status.shelved'),
  blackout: msg('status.blackout'),
  closed: msg('status.closed'),
  expired: msg('status.expired'),
  unknown: msg('status.unknown'),
};

const SEVERITY_LABELS: Readonly<Record<string, MessageKey>> = {
  security: msg('severity.security'),
  critical: msg('severity.critical'),
  major: msg('severity.major'),
  minor: msg('severity.minor'),
  warning: msg('severity.warning'),
  indeterminate: msg('severity.indeterminate'),
  cleared: msg('severity.cleared'),
  normal: msg('severity.normal'),
  ok: msg('severity.ok'),
  informational: msg('severity.informational'),
  debug: msg('severity.debug'),
  trace: msg('severity.trace'),
  unknown: msg('severity.unknown'),
};

const TREND_LABELS: Readonly<Record<string, MessageKey>> = {
  moreSevere: msg('alerts.trend.moreSevere'),
  lessSevere: msg('alerts.trend.lessSevere'),
  noChange: msg('alerts.trend.noChange'),
};

function label(t: TFunction, labels: Readonly<Record<string, MessageKey>>, value: string): string {
  const key = Object.hasOwn(labels, value) ? labels[value] : undefined;
  return key === undefined ? value : t(key);
}

/** An alert status as a word in the console's language. */
export function statusLabel(t: TFunction, status: string): string {
  return label(t, STATUS_LABELS, status);
}

/** A severity as a word in the console's language. */
export function severityLabel(t: TFunction, severity: string): string {
  return label(t, SEVERITY_LABELS, severity);
}

/** A trend indication (moreSevere, lessSevere, noChange) in words. */
export function trendLabel(t: TFunction, trend: string): string {
  return label(t, TREND_LABELS, trend);
}

/** Every status and severity with a word, for tests. */
export const LABELLED_STATUSES = Object.keys(STATUS_LABELS);
export const LABELLED_SEVERITIES = Object.keys(SEVERITY_LABELS);
