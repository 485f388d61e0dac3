import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SettingsError, loadSettings } from '../src/settings.js';

describe('pre-receive settings', () => {
  it('default as the reference does', () => {
    const s = loadSettings({});
    assert.deepEqual(s.ORIGIN_BLACKLIST, []);
    assert.equal(s.DEFAULT_ENVIRONMENT, 'Production');
    assert.equal(s.BLACKOUT_DURATION, 3600);
    assert.equal(s.HEARTBEAT_TIMEOUT, 86400);
    assert.equal(s.HEARTBEAT_MAX_LATENCY, 2000);
    assert.deepEqual(s.HEARTBEAT_EVENTS, ['Heartbeat']);
    assert.equal(s.NOTIFICATION_BLACKOUT, false);
    assert.deepEqual(s.BLACKOUT_ACCEPT, []);
    assert.equal(s.REQUIRE_SERVICE, true);
  });

  it('come from environment variables', () => {
    const s = loadSettings({
      ORIGIN_BLACKLIST: 'foo/.*, bar',
      ALLOWED_ENVIRONMENTS: 'Prod,QA',
      DEFAULT_ENVIRONMENT: 'QA',
      BLACKOUT_DURATION: '60',
      HEARTBEAT_TIMEOUT: '30',
      HEARTBEAT_MAX_LATENCY: '500',
      HEARTBEAT_EVENTS: '["Heartbeat","Ping"]',
      NOTIFICATION_BLACKOUT: 'yes',
      BLACKOUT_ACCEPT: 'critical,major',
    });
    assert.deepEqual(s.ORIGIN_BLACKLIST, ['foo/.*', 'bar']);
    assert.equal(s.DEFAULT_ENVIRONMENT, 'QA');
    assert.equal(s.BLACKOUT_DURATION, 60);
    assert.equal(s.HEARTBEAT_TIMEOUT, 30);
    assert.equal(s.HEARTBEAT_MAX_LATENCY, 500);
    assert.deepEqual(s.HEARTBEAT_EVENTS, ['Heartbeat', 'Ping']);
    assert.equal(s.NOTIFICATION_BLACKOUT, true);
    assert.deepEqual(s.BLACKOUT_ACCEPT, ['critical', 'major']);
  });

  it('refuse bad values, naming the variable', () => {
    assert.throws(() => loadSettings({ HEARTBEAT_MAX_LATENCY: '-1' }), SettingsError);
    assert.throws(() => loadSettings({ NOTIFICATION_BLACKOUT: 'maybe' }), /NOTIFICATION_BLACKOUT/);
    assert.throws(() => loadSettings({ DEFAULT_ENVIRONMENT: 'Nowhere' }), /DEFAULT_ENVIRONMENT/);
  });
});
