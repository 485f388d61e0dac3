import type { HISTORY_TYPES } from '@alerta/contract';
import type { TFunction } from 'i18next';
import { msg, type MessageKey } from '.';

/**
 * Words for the values the console shows from a fixed list (docs/console/plumbing.md#durations-ids-and-words): the
 * alert statuses and severities of the Alerta alarm model, the trend and the types of history entries. A value outside
 * these lists (a severity of a custom alarm model, the ISA 18.2 codes) is shown as it came.
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

/** Every type of history entry the API writes has a word: a type added to the contract fails to compile here. */
const HISTORY_TYPE_LABELS: Readonly<Record<(typeof HISTORY_TYPES)[number], MessageKey>> = {
  new: msg('detail.history.type.new'),
  severity: msg('detail.history.type.severity'),
  status: msg('detail.history.type.status'),
  value: msg('detail.history.type.value'),
  note: msg('detail.history.type.note'),
  dismiss: msg('detail.history.type.dismiss'),
  open: msg('detail.history.type.open'),
  assign: msg('detail.history.type.assign'),
  ack: msg('detail.history.type.ack'),
  unack: msg('detail.history.type.unack'),
  shelve: msg('detail.history.type.shelve'),
  unshelve: msg('detail.history.type.unshelve'),
  close: msg('detail.history.type.close'),
  expired: msg('detail.history.type.expired'),
  timeout: msg('detail.history.type.timeout'),
  action: msg('detail.history.type.action'),
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

/**
 * The type of a history entry (new, ack, note …) in words; a type the API does not document is shown as it came. An
 * entry without a type (empty, or `unknown`, which the lenient reader of alerts puts in its place) is said to be of an
 * unknown type.
 */
export function historyTypeLabel(t: TFunction, type: string): string {
  return type === '' || type === 'unknown' ? t('detail.history.unknownType') : label(t, HISTORY_TYPE_LABELS, type);
}

/** Every status and severity with a word, for tests. */
export const LABELLED_STATUSES = Object.keys(STATUS_LABELS);
export const LABELLED_SEVERITIES = Object.keys(SEVERITY_LABELS);
export const LABELLED_HISTORY_TYPES = Object.keys(HISTORY_TYPE_LABELS);
