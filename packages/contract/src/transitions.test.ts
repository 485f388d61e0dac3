import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ALERTA_MODEL, ISA_18_2_MODEL, trendIndication } from './alarm-models.js';
import { type TransitionInput, transition } from './transitions.js';

const base: TransitionInput = {
  severity: 'major',
  previousSeverity: 'indeterminate',
  currentStatus: 'open',
  previousStatus: 'open',
};

function statusOf(input: Partial<TransitionInput>, model = ALERTA_MODEL): string {
  const result = transition(model, { ...base, ...input });
  if (!result.ok) return `409:${result.conflict}`;
  return result.status;
}

describe('ALERTA model (api.md §3.1)', () => {
  it('opens a new non-normal alert and closes a new normal one', () => {
    assert.equal(statusOf({}), 'open');
    assert.deepEqual(transition(ALERTA_MODEL, { ...base, severity: 'ok' }), {
      ok: true,
      severity: 'normal',
      status: 'closed',
    });
  });

  it('honours a non-default incoming status unless the severity is normal', () => {
    assert.equal(statusOf({ incomingStatus: 'ack' }), 'ack');
    assert.equal(statusOf({ incomingStatus: 'ack', severity: 'cleared' }), 'closed');
  });

  it('walks the open → ack → open → shelved → open → closed actions', () => {
    assert.equal(statusOf({ action: 'ack' }), 'ack');
    assert.equal(statusOf({ currentStatus: 'ack', action: 'unack', previousStatus: 'open' }), 'open');
    assert.equal(statusOf({ action: 'shelve' }), 'shelved');
    assert.equal(statusOf({ currentStatus: 'shelved', action: 'unshelve', previousStatus: 'ack' }), 'ack');
    assert.equal(statusOf({ action: 'close' }), 'closed');
    assert.equal(statusOf({ currentStatus: 'closed', action: 'open' }), 'open');
  });

  it('answers 409 for actions that make no sense in the current status', () => {
    assert.match(statusOf({ action: 'open' }), /^409:alert is already in open status/);
    assert.match(statusOf({ currentStatus: 'ack', action: 'ack' }), /^409:alert is already in ack status/);
    assert.match(statusOf({ action: 'unack' }), /^409:/);
    assert.match(statusOf({ action: 'unshelve' }), /^409:/);
    assert.match(statusOf({ currentStatus: 'closed', action: 'ack' }), /^409:/);
    assert.match(statusOf({ currentStatus: 'expired', action: 'ack' }), /^409:/);
  });

  it('re-alarms an acknowledged alert on a worse severity only', () => {
    assert.equal(statusOf({ currentStatus: 'ack', previousSeverity: 'minor', severity: 'critical' }), 'open');
    assert.equal(statusOf({ currentStatus: 'ack', previousSeverity: 'critical', severity: 'minor' }), 'ack');
    assert.equal(statusOf({ currentStatus: 'ack', previousSeverity: 'indeterminate', severity: 'critical' }), 'ack');
  });

  it('reopens closed and expired alerts on a non-normal receipt', () => {
    assert.equal(statusOf({ currentStatus: 'closed' }), 'open');
    assert.equal(statusOf({ currentStatus: 'closed', previousStatus: 'shelved' }), 'shelved');
    assert.equal(statusOf({ currentStatus: 'expired' }), 'open');
  });

  it('keeps the status on a custom action', () => {
    assert.equal(statusOf({ currentStatus: 'ack', action: 'createTicket' }), 'ack');
  });

  it('computes trends with lower codes more severe', () => {
    assert.equal(trendIndication(ALERTA_MODEL, 'indeterminate', 'major'), 'moreSevere');
    assert.equal(trendIndication(ALERTA_MODEL, 'major', 'normal'), 'lessSevere');
    assert.equal(trendIndication(ALERTA_MODEL, 'ok', 'cleared'), 'noChange');
    assert.equal(trendIndication(ALERTA_MODEL, 'bogus', 'major'), 'noChange');
  });
});

describe('ISA 18.2 model (api.md §3.2)', () => {
  const isa: TransitionInput = {
    severity: 'High',
    previousSeverity: 'OK',
    currentStatus: 'NORM',
    previousStatus: 'NORM',
  };
  const isaStatus = (input: Partial<TransitionInput>): string => statusOf({ ...isa, ...input }, ISA_18_2_MODEL);

  it('follows High → UNACK, Critical stays UNACK, OK → RTNUN, ack → NORM', () => {
    assert.equal(isaStatus({}), 'UNACK');
    assert.equal(isaStatus({ currentStatus: 'UNACK', severity: 'Critical', previousSeverity: 'High' }), 'UNACK');
    assert.equal(isaStatus({ currentStatus: 'UNACK', severity: 'OK', previousSeverity: 'Critical' }), 'RTNUN');
    assert.equal(isaStatus({ currentStatus: 'RTNUN', severity: 'OK', action: 'ack' }), 'NORM');
  });

  it('gives a new OK alert the NORM status (the reference leaves it null)', () => {
    assert.equal(isaStatus({ severity: 'OK' }), 'NORM');
  });

  it('shelves from any state and unshelves by severity', () => {
    assert.equal(isaStatus({ currentStatus: 'ACKED', action: 'shelve' }), 'SHLVD');
    assert.equal(isaStatus({ currentStatus: 'SHLVD', action: 'unshelve' }), 'UNACK');
    assert.equal(isaStatus({ currentStatus: 'SHLVD', action: 'unshelve', severity: 'OK' }), 'NORM');
  });

  it('computes trends with higher codes more severe', () => {
    assert.equal(trendIndication(ISA_18_2_MODEL, 'Low', 'High'), 'moreSevere');
    assert.equal(trendIndication(ISA_18_2_MODEL, 'High', 'OK'), 'lessSevere');
  });
});
