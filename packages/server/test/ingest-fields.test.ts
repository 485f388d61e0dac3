import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type AlertJson, alertClient } from './support/alerts.js';
import { type TestServer, basic, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

/**
 * docs/api/ingest.md#field-changes, row by row: what a duplicate and a correlation do to each field of the stored
 * alert.
 */
forEachEngine((engine) => {
  let server: TestServer;
  const client = alertClient(() => server, basic('root', 'root-password'));

  before(async () => {
    server = await startTestServer(engine, { ALERT_TIMEOUT: '600' });
    await createUser(server.store, { login: 'root', password: 'root-password', roles: ['admin'] });
  });
  after(() => server.close());

  const original = {
    resource: 'table01',
    event: 'NodeDown',
    correlate: ['NodeUp'],
    severity: 'minor',
    service: ['S1'],
    group: 'G1',
    value: 'v1',
    text: 't1',
    tags: ['a'],
    attributes: { x: 1, y: 1 },
    origin: 'origin1',
    type: 'type1',
    createTime: '2026-01-01T00:00:00.000Z',
    timeout: 100,
    rawData: 'raw1',
  };
  let created: AlertJson;
  let duplicate: AlertJson;
  let correlated: AlertJson;

  before(async () => {
    created = await client.create(original);
    duplicate = await client.create({
      ...original,
      id: 'dup-request-1',
      service: ['S2'],
      group: 'G2',
      value: 'v2',
      text: 't2',
      tags: ['b'],
      attributes: { y: 2, z: 2 },
      origin: 'origin2',
      type: 'type2',
      correlate: ['Other'],
      createTime: '2026-01-02T00:00:00.000Z',
      timeout: 200,
      rawData: 'raw2',
    });
    correlated = await client.create({
      ...original,
      id: 'cor-request-1',
      event: 'NodeUp',
      correlate: ['NodeDown'],
      severity: 'major',
      service: ['S3'],
      group: 'G3',
      value: 'v3',
      text: 't3',
      tags: ['c'],
      attributes: { z: 3 },
      origin: 'origin3',
      type: 'type3',
      createTime: '2026-01-03T00:00:00.000Z',
      timeout: 300,
      rawData: 'raw3',
    });
  });

  describe('new', () => {
    it('takes the incoming fields and the model defaults', () => {
      assert.equal(created.event, 'NodeDown');
      assert.deepEqual(created.correlate, ['NodeUp', 'NodeDown'], 'the own event joins a non-empty correlate list');
      assert.equal(created.createTime, original.createTime);
      assert.equal(created.lastReceiveId, created.id);
      assert.equal(created.receiveTime, created.lastReceiveTime);
      assert.equal(created.duplicateCount, 0);
      assert.equal(created.repeat, false);
      assert.equal(created.previousSeverity, 'indeterminate');
      assert.equal(created.trendIndication, 'moreSevere');
      assert.equal(created.status, 'open');
    });
  });

  describe('duplicate', () => {
    it('id, event, severity: unchanged', () => {
      assert.equal(duplicate.id, created.id);
      assert.equal(duplicate.event, 'NodeDown');
      assert.equal(duplicate.severity, 'minor');
    });
    it('service, value, text, timeout, rawData: replaced', () => {
      assert.deepEqual(duplicate.service, ['S2']);
      assert.equal(duplicate.value, 'v2');
      assert.equal(duplicate.text, 't2');
      assert.equal(duplicate.timeout, 200);
      assert.equal(duplicate.rawData, 'raw2');
    });
    it('tags: union; attributes: merged, incoming keys win', () => {
      assert.deepEqual([...duplicate.tags].sort(), ['a', 'b']);
      assert.deepEqual({ ...duplicate.attributes, ip: undefined }, { x: 1, y: 2, z: 2, ip: undefined });
    });
    it('createTime and receiveTime unchanged; lastReceiveTime now; lastReceiveId the incoming id', () => {
      assert.equal(duplicate.createTime, created.createTime);
      assert.equal(duplicate.receiveTime, created.receiveTime);
      assert.ok(duplicate.lastReceiveTime >= created.lastReceiveTime);
      assert.equal(duplicate.lastReceiveId, 'dup-request-1');
    });
    it('duplicateCount +1, repeat true; previousSeverity and trend unchanged', () => {
      assert.equal(duplicate.duplicateCount, 1);
      assert.equal(duplicate.repeat, true);
      assert.equal(duplicate.previousSeverity, created.previousSeverity);
      assert.equal(duplicate.trendIndication, created.trendIndication);
    });
    it('updateTime unchanged when the status stays', () => {
      assert.equal(duplicate.status, 'open');
      assert.equal(duplicate.updateTime, created.updateTime);
    });
    it('group, origin, type, correlate, customer, environment, resource: not updated', () => {
      for (const field of ['group', 'origin', 'type', 'correlate', 'customer', 'environment', 'resource']) {
        assert.deepEqual(duplicate[field], created[field], field);
      }
    });
  });

  describe('correlate', () => {
    it('id unchanged; event and severity replaced by the incoming ones', () => {
      assert.equal(correlated.id, created.id);
      assert.equal(correlated.event, 'NodeUp');
      assert.equal(correlated.severity, 'major');
    });
    it('service, value, text, timeout, rawData: replaced', () => {
      assert.deepEqual(correlated.service, ['S3']);
      assert.equal(correlated.value, 'v3');
      assert.equal(correlated.text, 't3');
      assert.equal(correlated.timeout, 300);
      assert.equal(correlated.rawData, 'raw3');
    });
    it('tags: union; attributes: merged', () => {
      assert.deepEqual([...correlated.tags].sort(), ['a', 'b', 'c']);
      assert.deepEqual({ ...correlated.attributes, ip: undefined }, { x: 1, y: 2, z: 3, ip: undefined });
    });
    it('createTime replaced by the incoming one; receiveTime and lastReceiveTime now', () => {
      assert.equal(correlated.createTime, '2026-01-03T00:00:00.000Z');
      assert.ok(correlated.receiveTime >= duplicate.lastReceiveTime);
      assert.equal(correlated.lastReceiveTime, correlated.receiveTime);
      assert.equal(correlated.lastReceiveId, 'cor-request-1');
    });
    it('duplicateCount reset, repeat false, previousSeverity the stored one, trend from it', () => {
      assert.equal(correlated.duplicateCount, 0);
      assert.equal(correlated.repeat, false);
      assert.equal(correlated.previousSeverity, 'minor');
      assert.equal(correlated.trendIndication, 'moreSevere');
    });
    it('updateTime unchanged when the status stays', () => {
      assert.equal(correlated.status, 'open');
      assert.equal(correlated.updateTime, created.updateTime);
    });
    it('group, origin, type, correlate, customer, environment, resource: not updated', () => {
      for (const field of ['group', 'origin', 'type', 'correlate', 'customer', 'environment', 'resource']) {
        assert.deepEqual(correlated[field], created[field], field);
      }
    });
    it('a less severe correlation trends lessSevere; a status change sets updateTime', async () => {
      const cleared = await client.create({ ...original, severity: 'normal', id: 'cor-request-2' });
      assert.equal(cleared.trendIndication, 'lessSevere');
      assert.equal(cleared.previousSeverity, 'major');
      assert.equal(cleared.status, 'closed');
      assert.ok(cleared.updateTime !== null && cleared.updateTime > (created.updateTime ?? ''));
    });
  });

  describe('timeouts (docs/api/ingest.md#timeouts)', () => {
    it('uses ALERT_TIMEOUT without a body timeout, and 0 when asked', async () => {
      assert.equal((await client.create({ resource: 'timeout01' })).timeout, 600);
      assert.equal((await client.create({ resource: 'timeout02', timeout: 0 })).timeout, 0);
    });
  });
});
