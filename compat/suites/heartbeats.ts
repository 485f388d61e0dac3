import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { alertSchema, heartbeatSchema } from '@alerta/contract';
import type { Harness } from '../support/harness.js';
import { localTime, parseTable, rowsBy } from '../support/output.js';
import { itemOf, listOf } from '../support/schemas.js';

const HEARTBEAT_HEADERS = [
  'ID',
  'ORIGIN',
  'CUSTOMER',
  'TAGS',
  'ATTRIBUTES',
  'CREATED',
  'RECEIVED',
  'SINCE',
  'TIMEOUT',
  'LATENCY',
  'MAX LATENCY',
  'STATUS',
];

/** `alerta heartbeat` and `alerta heartbeats` (the table, JSON, `--alert` and `--purge`). */
export function heartbeatCommands(h: Harness): void {
  describe('heartbeat, heartbeats', () => {
    const ids = new Map<string, string>();
    const heartbeat = async (origin: string) =>
      itemOf(await h.api('GET', `/heartbeat/${ids.get(origin) ?? 'missing'}`), 'heartbeat', heartbeatSchema);

    it('heartbeat: prints the id of the heartbeat the server now holds', async () => {
      const stale = await h.ok(['heartbeat', '-O', 'hb-compat-stale', '-T', 'cron', '--timeout', '1']);
      ids.set('hb-compat-stale', stale.stdout.trim());
      const live = await h.ok([
        'heartbeat',
        ...[
          '-O',
          'hb-compat-live',
          '-E',
          'Development',
          '-s',
          'minor',
          '-S',
          'Batch',
          '-g',
          'Jobs',
          '--timeout',
          '600',
        ],
      ]);
      ids.set('hb-compat-live', live.stdout.trim());
      // A heartbeat that took 5 s to arrive is slow: only the API can send one created that long ago.
      const slow = await h.api('POST', '/heartbeat', {
        origin: 'hb-compat-slow',
        createTime: new Date(Date.now() - 5000).toISOString(),
        timeout: 600,
      });
      ids.set('hb-compat-slow', itemOf(slow, 'heartbeat', heartbeatSchema).id);
      const staleBeat = await heartbeat('hb-compat-stale');
      assert.deepEqual([staleBeat.origin, staleBeat.tags, staleBeat.timeout], ['hb-compat-stale', ['cron'], 1]);
      const liveBeat = await heartbeat('hb-compat-live');
      assert.deepEqual(liveBeat.attributes, {
        environment: 'Development',
        severity: 'minor',
        service: ['Batch'],
        group: 'Jobs',
      });
      assert.equal(liveBeat.timeout, 600);
    });

    it('heartbeat with a severity outside the server’s alarm model is a usage error naming the valid ones', async () => {
      const result = await h.cli.run(['heartbeat', '-O', 'hb-compat-bad', '-s', 'bogus']);
      assert.equal(result.code, 2);
      const config = z
        .object({ alarm_model: z.object({ severity: z.record(z.string(), z.number()) }) })
        .parse(await h.api('GET', '/config'));
      const names = Object.keys(config.alarm_model.severity).join(', ');
      assert.match(result.stderr, new RegExp(`Must be a valid severity. "bogus" is not one of ${names}`));
    });

    it('heartbeats: prints each heartbeat with its timeout, latency and status', async () => {
      const result = await h.ok(['heartbeats']);
      const table = parseTable(result.stdout);
      assert.deepEqual(table.headers, HEARTBEAT_HEADERS);
      const rows = rowsBy(table, 'ID');
      for (const origin of ids.keys()) {
        const beat = await heartbeat(origin);
        const row = rows.get(beat.id);
        assert.ok(row, `no row for ${origin}`);
        assert.deepEqual(
          [row.ORIGIN, row.TAGS, row.CREATED, row.RECEIVED, row.TIMEOUT, row.LATENCY, row['MAX LATENCY']],
          [
            origin,
            beat.tags.join(','),
            localTime(beat.createTime),
            localTime(beat.receiveTime),
            `${beat.timeout}s`,
            `${beat.latency}ms`,
            '2000ms',
          ],
        );
      }
      assert.match(rows.get(ids.get('hb-compat-live') ?? '')?.ATTRIBUTES ?? '', /'severity': 'minor'/);
    });

    it('--output json heartbeats prints the heartbeats as the API lists them', async () => {
      const result = await h.ok(['--output', 'json', 'heartbeats']);
      // What the clock moves between the two reads: the seconds since, and the status of the one-second heartbeat,
      // which may go stale in between (its printed status is still one the API gives).
      const printed = z
        .array(z.looseObject({ origin: z.string(), since: z.number(), status: z.enum(['ok', 'slow', 'expired']) }))
        .parse(JSON.parse(result.stdout));
      const listed = z
        .array(z.looseObject({ origin: z.string(), since: z.number(), status: z.string() }))
        .parse((await h.api('GET', '/heartbeats')).heartbeats);
      const timeless = (list: typeof listed) =>
        list.map(({ since: _since, status, ...rest }) =>
          rest.origin === 'hb-compat-stale' ? rest : { ...rest, status },
        );
      assert.deepEqual(timeless(printed), timeless(listed));
    });

    it('heartbeats --alert: a stale heartbeat raises HeartbeatFail, a slow one HeartbeatSlow, a live one HeartbeatOK', async () => {
      for (let waited = 0; (await heartbeat('hb-compat-stale')).status !== 'expired'; waited += 100) {
        assert.ok(waited < 5000, 'the heartbeat never went stale');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const result = await h.ok(['heartbeats', '--alert', '--timeout', '900']);
      assert.match(result.stdout, /Alerting \d+ heartbeats/);
      const alerts = listOf(await h.api('GET', '/alerts?type=heartbeatAlert'), 'alerts', alertSchema);
      const fail = alerts.find((alert) => alert.resource === 'hb-compat-stale');
      assert.deepEqual(
        [fail?.event, fail?.severity, fail?.text, fail?.timeout, fail?.tags],
        ['HeartbeatFail', 'major', 'Heartbeat not received in 1 seconds', 900, ['cron']],
      );
      const slow = alerts.find((alert) => alert.resource === 'hb-compat-slow');
      const slowBeat = await heartbeat('hb-compat-slow');
      assert.deepEqual(
        [slow?.event, slow?.severity, slow?.value, slow?.text],
        ['HeartbeatSlow', 'major', `${slowBeat.latency}ms`, 'Heartbeat took more than 2000ms to be processed'],
      );
      const ok = alerts.find((alert) => alert.resource === 'hb-compat-live');
      assert.deepEqual(
        [ok?.event, ok?.severity, ok?.environment, ok?.service, ok?.group],
        ['HeartbeatOK', 'normal', 'Development', ['Batch'], 'Jobs'],
      );
    });

    it('heartbeats --purge deletes the heartbeats that are not ok', async () => {
      const result = await h.ok(['heartbeats', '--purge']);
      assert.match(result.stdout, /Purging 2 heartbeats/);
      for (const origin of ['hb-compat-stale', 'hb-compat-slow']) {
        assert.equal((await h.server.api('GET', `/heartbeat/${ids.get(origin)}`)).status, 404);
      }
      assert.equal((await heartbeat('hb-compat-live')).status, 'ok');
    });

    it('heartbeat -D deletes the heartbeat', async () => {
      await h.ok(['heartbeat', '-D', ids.get('hb-compat-live') ?? '']);
      assert.equal((await h.server.api('GET', `/heartbeat/${ids.get('hb-compat-live')}`)).status, 404);
    });
  });
}
