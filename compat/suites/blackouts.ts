import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { blackoutSchema } from '@alerta/contract';
import type { Harness } from '../support/harness.js';
import { localTime, parseTable, rowsBy } from '../support/output.js';
import { itemOf } from '../support/schemas.js';

const BLACKOUT_HEADERS = [
  'ID',
  'P',
  'ENVIRONMENT',
  'SERVICE',
  'RESOURCE',
  'EVENT',
  'GROUP',
  'TAGS',
  'ORIGIN',
  'CUSTOMER',
  'START',
  'END',
  'DURATION',
  'STATUS',
  'REMAINING',
  'USER',
  'CREATED',
  'COMMENT',
];

/**
 * `alerta blackout` and `alerta blackouts` (with `--purge`). Blackouts stay in Development and on resources of their
 * own, so they silence no alert of the other suites.
 */
export function blackoutCommands(h: Harness): void {
  describe('blackout, blackouts', () => {
    let active = '';
    let expired = '';
    const blackout = async (id: string) => itemOf(await h.api('GET', `/blackout/${id}`), 'blackout', blackoutSchema);

    it('blackout: prints the id of the blackout the server now holds', async () => {
      const result = await h.ok([
        'blackout',
        ...['-E', 'Development', '-r', 'bo-web01', '-e', 'Deploy', '--duration', '600', '--text', 'release 4.2'],
      ]);
      active = result.stdout.trim();
      const made = await blackout(active);
      assert.deepEqual(
        [made.environment, made.resource, made.event, made.duration, made.text, made.status, made.user],
        ['Development', 'bo-web01', 'Deploy', 600, 'release 4.2', 'active', h.actor],
      );
    });

    it('blackout with a start in the past and a duration: the blackout is already over', async () => {
      const result = await h.ok([
        'blackout',
        ...[
          '-E',
          'Development',
          '-S',
          'Legacy',
          '-T',
          'bo-old',
          '--start',
          '2020-01-01T00:00:00.000Z',
          '--duration',
          '60',
        ],
      ]);
      expired = result.stdout.trim();
      const made = await blackout(expired);
      assert.deepEqual(
        [made.service, made.tags, made.startTime, made.endTime, made.status],
        [['Legacy'], ['bo-old'], '2020-01-01T00:00:00.000Z', '2020-01-01T00:01:00.000Z', 'expired'],
      );
    });

    it('an alert the active blackout covers is suppressed, and send says so', async () => {
      const result = await h.ok([
        'send',
        '-r',
        'bo-web01',
        '-e',
        'Deploy',
        '-E',
        'Development',
        '-S',
        'Web',
        '-s',
        'minor',
      ]);
      assert.match(result.stdout, /^\S+ \(Suppressed alert during blackout period\)\n$/);
      assert.equal((await h.api('GET', '/alerts?resource=bo-web01')).total, 0);
    });

    it('blackouts: prints each blackout with its priority, period and status', async () => {
      const result = await h.ok(['blackouts']);
      const table = parseTable(result.stdout);
      assert.deepEqual(table.headers, BLACKOUT_HEADERS);
      const rows = rowsBy(table, 'ID');
      for (const id of [active, expired]) {
        const stored = await blackout(id);
        const row = rows.get(id);
        assert.ok(row, `no row for ${id}`);
        assert.deepEqual(
          { ...row, REMAINING: undefined },
          {
            ID: id,
            P: String(stored.priority),
            ENVIRONMENT: stored.environment,
            SERVICE: stored.service.join(','),
            RESOURCE: stored.resource ?? '',
            EVENT: stored.event ?? '',
            GROUP: stored.group ?? '',
            TAGS: stored.tags.join(','),
            ORIGIN: stored.origin ?? '',
            CUSTOMER: stored.customer ?? '',
            START: localTime(stored.startTime),
            END: localTime(stored.endTime),
            DURATION: `${stored.duration}s`,
            STATUS: stored.status,
            REMAINING: undefined,
            USER: stored.user ?? '',
            CREATED: localTime(stored.createTime),
            COMMENT: stored.text ?? '',
          },
        );
      }
      assert.equal(rows.get(expired)?.REMAINING, '0s');
      assert.match(rows.get(active)?.REMAINING ?? '', /^\d+s$/);
    });

    it('--output json blackouts prints the blackouts as the API lists them', async () => {
      const result = await h.ok(['--output', 'json', 'blackouts']);
      const withoutRemaining = (list: unknown): unknown =>
        z
          .array(z.looseObject({ remaining: z.number() }))
          .parse(list)
          .map(({ remaining: _remaining, ...rest }) => rest);
      assert.deepEqual(
        withoutRemaining(JSON.parse(result.stdout)),
        withoutRemaining((await h.api('GET', '/blackouts')).blackouts),
      );
    });

    it('blackouts --purge deletes the blackouts that are over', async () => {
      const result = await h.ok(['blackouts', '--purge']);
      assert.match(result.stdout, /Purging 1 blackouts/);
      assert.equal((await h.server.api('GET', `/blackout/${expired}`)).status, 404);
      assert.equal((await blackout(active)).status, 'active');
    });

    it('blackout -D deletes the blackout', async () => {
      await h.ok(['blackout', '-D', active]);
      assert.equal((await h.server.api('GET', `/blackout/${active}`)).status, 404);
    });

    it('blackout without an environment is a usage error', async () => {
      const result = await h.cli.run(['blackout', '-r', 'bo-web01']);
      assert.equal(result.code, 2);
      assert.match(result.stderr, /Missing option "--environment"/);
    });
  });
}
