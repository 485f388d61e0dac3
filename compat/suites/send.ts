import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { alertSchema } from '@alerta/contract';
import type { Harness } from '../support/harness.js';
import { itemOf } from '../support/schemas.js';

/** The group every alert of the query suite carries, so its queries see only them. */
export const SEND_GROUP = 'CompatSend';

/** `alerta send`: from flags, from JSON lines on stdin, and refused. Leaves three alerts for the query suite. */
export function sendCommand(h: Harness): void {
  describe('send', () => {
    let sentId = '';
    const flags = [
      ...['-r', 'cq-web01', '-e', 'HttpError', '-E', 'Production', '-S', 'Web', '-S', 'Shop', '-s', 'major'],
      ...['-g', SEND_GROUP, '-v', '503', '-t', 'Service unavailable', '-T', 'london', '-T', 'dc:1'],
      ...['-A', 'region=eu', '-A', 'owner=ops', '-O', 'compat/test', '--type', 'httpAlert', '--timeout', '3600'],
      ...['-C', 'HttpError', '-C', 'HttpOK'],
    ];

    it('from flags: prints the new id and the severity change, and the server holds every field given', async () => {
      const rawFile = join(h.cli.home, 'trap.txt');
      writeFileSync(rawFile, 'SNMPv2-MIB::snmpTrapOID.0 = linkDown');
      const result = await h.ok(['send', ...flags, '--raw-data', `@${rawFile}`]);
      const match = /^(\S+) \(indeterminate -> major\)\n$/.exec(result.stdout);
      assert.ok(match?.[1], result.stdout);
      sentId = match[1];
      const alert = itemOf(await h.api('GET', `/alert/${sentId}`), 'alert', alertSchema);
      assert.deepEqual(
        {
          resource: alert.resource,
          event: alert.event,
          environment: alert.environment,
          service: alert.service,
          severity: alert.severity,
          group: alert.group,
          value: alert.value,
          text: alert.text,
          tags: alert.tags,
          region: alert.attributes.region,
          owner: alert.attributes.owner,
          origin: alert.origin,
          type: alert.type,
          timeout: alert.timeout,
          correlate: alert.correlate,
          rawData: alert.rawData,
          status: alert.status,
          duplicateCount: alert.duplicateCount,
        },
        {
          resource: 'cq-web01',
          event: 'HttpError',
          environment: 'Production',
          service: ['Web', 'Shop'],
          severity: 'major',
          group: SEND_GROUP,
          value: '503',
          text: 'Service unavailable',
          tags: ['london', 'dc:1'],
          region: 'eu',
          owner: 'ops',
          origin: 'compat/test',
          type: 'httpAlert',
          timeout: 3600,
          correlate: ['HttpError', 'HttpOK'],
          rawData: 'SNMPv2-MIB::snmpTrapOID.0 = linkDown',
          status: 'open',
          duplicateCount: 0,
        },
      );
    });

    it('the same alert again: prints the duplicate count, and the server counts it', async () => {
      const result = await h.ok(['send', ...flags]);
      assert.equal(result.stdout, `${sentId} (1 duplicates)\n`);
      const alert = itemOf(await h.api('GET', `/alert/${sentId}`), 'alert', alertSchema);
      assert.equal(alert.duplicateCount, 1);
      assert.equal(alert.repeat, true);
    });

    it('JSON lines on stdin (in a shell): sends one alert per line and prints one line for each', async () => {
      const lines = [
        { resource: 'cq-db01', event: 'DiskFull', environment: 'Production', severity: 'minor', service: ['Db'] },
        { resource: 'cq-db02', event: 'DiskFull', environment: 'Development', severity: 'warning', service: ['Db'] },
      ].map((alert) => JSON.stringify({ ...alert, group: SEND_GROUP, text: 'disk 95%', tags: ['disk'] }));
      const result = await h.ok(['send'], { stdin: `${lines.join('\n')}\n`, shell: true });
      const printed = result.stdout.trimEnd().split('\n');
      assert.equal(printed.length, 2, result.stdout);
      const expected = ['minor', 'warning'];
      for (const [index, line] of printed.entries()) {
        const match = /^(\S+) \(indeterminate -> (\w+)\)$/.exec(line);
        assert.ok(match?.[1], line);
        assert.equal(match[2], expected[index]);
        const alert = itemOf(await h.api('GET', `/alert/${match[1]}`), 'alert', alertSchema);
        assert.equal(alert.resource, index === 0 ? 'cq-db01' : 'cq-db02');
        assert.equal(alert.severity, expected[index]);
        assert.deepEqual(alert.tags, ['disk']);
        assert.equal(alert.group, SEND_GROUP);
      }
    });

    it('an alert the server refuses: prints the server’s reason and exits 1', async () => {
      const refused = await h.server.api('POST', '/alert', {
        resource: 'cq-bad',
        event: 'Bad',
        environment: 'Production',
        service: ['Web'],
        severity: 'catastrophic',
      });
      assert.equal(refused.status, 400);
      const result = await h.cli.run([
        'send',
        '-r',
        'cq-bad',
        '-e',
        'Bad',
        '-E',
        'Production',
        '-S',
        'Web',
        '-s',
        'catastrophic',
      ]);
      assert.equal(result.code, 1);
      assert.equal(result.stderr, `ERROR: ${String(refused.body.message)}\n`);
      const found = await h.api('GET', '/alerts?resource=cq-bad');
      assert.equal(found.total, 0);
    });
  });
}
