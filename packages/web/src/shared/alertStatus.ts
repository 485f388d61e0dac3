import type { Alert } from '@alerta/contract';

// docs/console/alert-screens.md#alert-table: the status names of both alarm models that count as each state.
const OPEN = new Set(['open', 'NORM', 'UNACK', 'RTNUN']);
const ACKED = new Set(['ack', 'ACKED']);
const SHELVED = new Set(['shelved', 'SHLVD']);

export const isOpen = (status: string) => OPEN.has(status);
export const isAcked = (status: string) => ACKED.has(status);
export const isShelved = (status: string) => SHELVED.has(status);
export const isClosed = (status: string) => status === 'closed';

/** Status actions an operator can take from the console (docs/api/alerts.md, PUT /alert/{id}/action). */
export type StatusAction = 'open' | 'ack' | 'unack' | 'shelve' | 'unshelve' | 'close';

/**
 * docs/console/behaviour.md#states-and-actions: which status actions the console offers for an alert in `status`, in
 * toolbar order.
 */
export function allowedActions(status: string): StatusAction[] {
  const actions: StatusAction[] = [];
  if (isAcked(status) || isClosed(status)) actions.push('open');
  if (isOpen(status)) actions.push('ack');
  if (isAcked(status)) actions.push('unack');
  if (isOpen(status) || isAcked(status)) actions.push('shelve');
  if (isShelved(status)) actions.push('unshelve');
  if (!isClosed(status)) actions.push('close');
  return actions;
}

/** docs/console/behaviour.md#roles-and-permissions: watching an alert tags it `watch:{username}`. */
export const watchTag = (username: string) => `watch:${username}`;

export function isWatchedBy(alert: Pick<Alert, 'tags'>, username: string | undefined): boolean {
  return username !== undefined && alert.tags.includes(watchTag(username));
}
