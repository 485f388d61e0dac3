import { randomUUID } from 'node:crypto';
import type { Store } from '../../src/store/types.js';
import type { AlertRecord, HistoryRecord } from '../../src/store/types.js';

/** An ISO time `seconds` before now. */
export const ago = (seconds: number): string => new Date(Date.now() - seconds * 1000).toISOString();

/** An alert record whose times lie `receivedAgo` seconds in the past (negative: in the future), with `fields` over it. */
export function pastAlert(fields: Partial<AlertRecord> & { receivedAgo: number }): AlertRecord {
  const { receivedAgo, ...rest } = fields;
  const when = ago(receivedAgo);
  const id = rest.id ?? randomUUID();
  return {
    id,
    resource: `past-${id.slice(0, 8)}`,
    event: 'Past',
    environment: 'Production',
    severity: 'major',
    correlate: [],
    status: 'open',
    service: ['Website'],
    group: 'Misc',
    value: null,
    text: '',
    tags: [],
    attributes: {},
    origin: 'test',
    type: 'exceptionAlert',
    createTime: when,
    timeout: 0,
    rawData: null,
    customer: null,
    duplicateCount: 0,
    repeat: false,
    previousSeverity: 'indeterminate',
    trendIndication: 'moreSevere',
    receiveTime: when,
    lastReceiveId: id,
    lastReceiveTime: when,
    updateTime: when,
    ...rest,
  };
}

/** A history entry of `alert`, by default its `new` entry at its last receipt. */
export function pastEntry(alert: AlertRecord, overrides: Partial<HistoryRecord> = {}): HistoryRecord {
  return {
    id: alert.id,
    event: alert.event,
    severity: alert.severity,
    status: alert.status,
    value: null,
    text: '',
    type: 'new',
    updateTime: alert.lastReceiveTime,
    user: null,
    timeout: alert.timeout,
    ...overrides,
  };
}

/**
 * Stores an alert whose times lie in the past, through the store's own interface, so time-dependent rules can be
 * tested without waiting. `entries` are appended after the `new` entry, oldest first.
 */
export async function storePastAlert(
  store: Store,
  fields: Partial<AlertRecord> & { receivedAgo: number },
  entries: Partial<HistoryRecord>[] = [],
): Promise<AlertRecord> {
  const alert = pastAlert(fields);
  await store.alerts.ingest((tx) => tx.insert(alert, pastEntry(alert, { status: 'open' })));
  if (entries.length > 0) {
    await store.alertChanges.change(alert.id, (locked) =>
      locked.save(
        alert,
        entries.map((entry) => pastEntry(alert, entry)),
        100,
      ),
    );
  }
  return alert;
}
