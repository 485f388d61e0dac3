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

describe('ALERTA model (docs/api/alarm-models.md#the-alerta-model)', () => {
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
    assert.equal(statusOf({ currentStatus: 'closed', action: 'ack' }), '409:alert is closed and cannot be acked');
    assert.equal(statusOf({ currentStatus: 'closed', action: 'shelve' }), '409:alert is closed and cannot be shelved');
    assert.equal(
      statusOf({ currentStatus: 'closed', action: 'close' }),
      '409:alert is closed and cannot be closed again',
    );
    assert.equal(statusOf({ currentStatus: 'expired', action: 'ack' }), '409:alert is expired and cannot be acked');
    assert.equal(statusOf({ currentStatus: 'expired', action: 'close' }), '409:alert is expired and cannot be closed');
    assert.equal(
      statusOf({ currentStatus: 'expired', action: 'shelve' }),
      '409:alert is expired and cannot be shelved',
    );
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

  describe('each rule of docs/api/alarm-models.md#the-alerta-model in order', () => {
    it('1: an unknown action leaves severity and status alone', () => {
      assert.deepEqual(transition(ALERTA_MODEL, { ...base, currentStatus: 'shelved', action: 'runbook' }), {
        ok: true,
        severity: 'major',
        status: 'shelved',
      });
    });

    it('2: a non-default incoming status wins on ingest, except that a normal severity closes', () => {
      assert.equal(statusOf({ incomingStatus: 'blackout' }), 'blackout');
      assert.equal(statusOf({ incomingStatus: 'shelved', currentStatus: 'ack' }), 'shelved');
      assert.deepEqual(transition(ALERTA_MODEL, { ...base, incomingStatus: 'blackout', severity: 'ok' }), {
        ok: true,
        severity: 'normal',
        status: 'closed',
      });
    });

    it('3: unack and unshelve return to the previous status; expired and timeout from anywhere', () => {
      assert.equal(statusOf({ currentStatus: 'ack', previousStatus: 'shelved', action: 'unack' }), 'shelved');
      assert.match(statusOf({ currentStatus: 'shelved', action: 'unack' }), /^409:/);
      assert.equal(statusOf({ currentStatus: 'shelved', previousStatus: 'open', action: 'unshelve' }), 'open');
      assert.match(statusOf({ currentStatus: 'ack', action: 'unshelve' }), /^409:/);
      for (const status of ['open', 'ack', 'shelved', 'closed', 'blackout']) {
        assert.equal(statusOf({ currentStatus: status, action: 'expired' }), 'expired');
      }
      assert.equal(statusOf({ currentStatus: 'shelved', previousStatus: 'ack', action: 'timeout' }), 'ack');
      assert.equal(statusOf({ currentStatus: 'shelved', previousStatus: 'open', action: 'timeout' }), 'open');
      assert.equal(statusOf({ currentStatus: 'ack', previousStatus: 'closed', action: 'timeout' }), 'open');
    });

    it('4: from open, ack and shelve move on, close takes the normal severity, open is a conflict', () => {
      assert.equal(statusOf({ action: 'ack' }), 'ack');
      assert.equal(statusOf({ action: 'shelve' }), 'shelved');
      assert.deepEqual(transition(ALERTA_MODEL, { ...base, action: 'close' }), {
        ok: true,
        severity: 'normal',
        status: 'closed',
      });
      assert.deepEqual(transition(ALERTA_MODEL, { ...base, action: 'open' }), {
        ok: false,
        conflict: 'alert is already in open status',
      });
    });

    it('5: assign has no rules of its own, so actions and ingest leave it assigned', () => {
      assert.equal(statusOf({ currentStatus: 'assign' }), 'assign');
      assert.equal(statusOf({ currentStatus: 'assign', action: 'ack' }), 'assign');
      assert.equal(statusOf({ currentStatus: 'assign', severity: 'cleared' }), 'closed');
    });

    it('6: from ack, open, shelve and close move on, ack is a conflict, a worse severity re-alarms', () => {
      assert.equal(statusOf({ currentStatus: 'ack', action: 'open' }), 'open');
      assert.equal(statusOf({ currentStatus: 'ack', action: 'shelve' }), 'shelved');
      assert.equal(statusOf({ currentStatus: 'ack', action: 'close' }), 'closed');
      assert.match(statusOf({ currentStatus: 'ack', action: 'ack' }), /^409:alert is already in ack status$/);
      assert.equal(statusOf({ currentStatus: 'ack', previousSeverity: 'warning', severity: 'minor' }), 'open');
      assert.equal(statusOf({ currentStatus: 'ack', previousSeverity: 'minor', severity: 'minor' }), 'ack');
      assert.equal(
        statusOf({ currentStatus: 'ack', previousSeverity: 'minor', severity: 'critical', action: 'shelve' }),
        'shelved',
      );
    });

    it('7: from shelved, open and close move on, ack and shelve are conflicts', () => {
      assert.equal(statusOf({ currentStatus: 'shelved', action: 'open' }), 'open');
      assert.equal(statusOf({ currentStatus: 'shelved', action: 'close' }), 'closed');
      assert.match(statusOf({ currentStatus: 'shelved', action: 'ack' }), /^409:/);
      assert.match(statusOf({ currentStatus: 'shelved', action: 'shelve' }), /^409:/);
      assert.equal(statusOf({ currentStatus: 'shelved', previousSeverity: 'minor', severity: 'critical' }), 'shelved');
    });

    it('8: from blackout, close closes, anything else returns to the status before the blackout', () => {
      assert.equal(statusOf({ currentStatus: 'blackout', action: 'close' }), 'closed');
      assert.equal(statusOf({ currentStatus: 'blackout', previousStatus: 'ack' }), 'ack');
      assert.equal(statusOf({ currentStatus: 'blackout', previousStatus: 'blackout' }), 'blackout');
    });

    it('9: from closed, open restores the previous severity; ack, shelve and close are conflicts', () => {
      assert.deepEqual(
        transition(ALERTA_MODEL, {
          ...base,
          severity: 'normal',
          previousSeverity: 'critical',
          currentStatus: 'closed',
          action: 'open',
        }),
        { ok: true, severity: 'critical', status: 'open' },
      );
      for (const action of ['ack', 'shelve', 'close']) {
        assert.match(statusOf({ currentStatus: 'closed', action }), /^409:/);
      }
      assert.equal(statusOf({ currentStatus: 'closed', severity: 'normal' }), 'closed');
    });

    it('10: a normal severity closes from any status', () => {
      for (const status of ['open', 'ack', 'shelved', 'expired', 'unknown']) {
        assert.equal(statusOf({ currentStatus: status, severity: 'ok' }), 'closed', status);
      }
    });

    it('11: from expired, a non-normal receipt or open reopens, other actions are conflicts', () => {
      assert.equal(statusOf({ currentStatus: 'expired' }), 'open');
      assert.equal(statusOf({ currentStatus: 'expired', action: 'open' }), 'open');
      for (const action of ['ack', 'shelve', 'close', 'assign']) {
        assert.match(statusOf({ currentStatus: 'expired', action }), /^409:alert is expired/);
      }
    });

    it('12: anything else keeps the current status', () => {
      assert.equal(statusOf({ currentStatus: 'unknown' }), 'unknown');
      assert.equal(statusOf({ action: 'assign' }), 'open');
    });
  });

  it('computes trends with lower codes more severe', () => {
    assert.equal(trendIndication(ALERTA_MODEL, 'indeterminate', 'major'), 'moreSevere');
    assert.equal(trendIndication(ALERTA_MODEL, 'major', 'normal'), 'lessSevere');
    assert.equal(trendIndication(ALERTA_MODEL, 'ok', 'cleared'), 'noChange');
    assert.equal(trendIndication(ALERTA_MODEL, 'bogus', 'major'), 'noChange');
  });
});

describe('ISA 18.2 model (docs/api/alarm-models.md#the-isa-182-model)', () => {
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
    for (const status of ['NORM', 'UNACK', 'ACKED', 'RTNUN', 'SHLVD', 'DSUPR', 'OOSRV']) {
      assert.equal(isaStatus({ currentStatus: status, action: 'shelve' }), 'SHLVD', status);
    }
    assert.equal(isaStatus({ currentStatus: 'SHLVD', action: 'unshelve' }), 'UNACK');
    assert.equal(isaStatus({ currentStatus: 'SHLVD', action: 'unshelve', severity: 'OK' }), 'NORM');
  });

  it('keeps a non-default incoming status on ingest', () => {
    assert.equal(isaStatus({ incomingStatus: 'OOSRV' }), 'OOSRV');
    assert.equal(isaStatus({ incomingStatus: 'DSUPR', severity: 'OK' }), 'DSUPR');
  });

  it('acks UNACK and RTNUN, unacks ACKED', () => {
    assert.equal(isaStatus({ currentStatus: 'UNACK', action: 'ack' }), 'ACKED');
    assert.equal(isaStatus({ currentStatus: 'ACKED', action: 'unack' }), 'UNACK');
    assert.equal(isaStatus({ currentStatus: 'RTNUN', action: 'ack' }), 'NORM');
  });

  it('re-alarms ACKED on a worse severity unless the previous one was OK, and returns to NORM on OK', () => {
    assert.equal(isaStatus({ currentStatus: 'ACKED', previousSeverity: 'Low', severity: 'High' }), 'UNACK');
    assert.equal(isaStatus({ currentStatus: 'ACKED', previousSeverity: 'OK', severity: 'High' }), 'ACKED');
    assert.equal(isaStatus({ currentStatus: 'ACKED', previousSeverity: 'High', severity: 'Low' }), 'ACKED');
    assert.equal(isaStatus({ currentStatus: 'ACKED', previousSeverity: 'High', severity: 'OK' }), 'NORM');
  });

  it('moves RTNUN back to UNACK on a non-OK severity, DSUPR and OOSRV by severity', () => {
    assert.equal(isaStatus({ currentStatus: 'RTNUN', severity: 'Low' }), 'UNACK');
    assert.equal(isaStatus({ currentStatus: 'RTNUN', severity: 'OK' }), 'RTNUN');
    for (const status of ['DSUPR', 'OOSRV']) {
      assert.equal(isaStatus({ currentStatus: status }), 'UNACK');
      assert.equal(isaStatus({ currentStatus: status, severity: 'OK' }), 'NORM');
    }
  });

  it('has no invalid actions: an action that matches no rule leaves the status as it is', () => {
    assert.equal(isaStatus({ currentStatus: 'NORM', severity: 'OK', action: 'ack' }), 'NORM');
    assert.equal(isaStatus({ currentStatus: 'ACKED', action: 'ack' }), 'ACKED');
    assert.equal(isaStatus({ currentStatus: 'UNACK', action: 'unack' }), 'UNACK');
    assert.equal(isaStatus({ currentStatus: 'UNACK', action: 'close' }), 'UNACK');
  });

  it('computes trends with higher codes more severe', () => {
    assert.equal(trendIndication(ISA_18_2_MODEL, 'Low', 'High'), 'moreSevere');
    assert.equal(trendIndication(ISA_18_2_MODEL, 'High', 'OK'), 'lessSevere');
  });
});
