import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { alertSchema } from '@alerta/contract';
import type { Harness } from '../support/harness.js';
import { parseTable } from '../support/output.js';
import { cliCommands } from '../support/paths.js';
import { itemOf } from '../support/schemas.js';

const metricSchema = z.looseObject({
  group: z.string(),
  name: z.string(),
  title: z.string(),
  type: z.string(),
  value: z.union([z.number(), z.string()]).optional(),
  count: z.number().optional(),
  totalTime: z.number().optional(),
});
const statusSchema = z.looseObject({
  version: z.string(),
  uptime: z.number(),
  time: z.number(),
  metrics: z.array(metricSchema),
});

/** `alerta status`, `uptime`, `version`, `config`, `housekeeping` and `help`. */
export function serverInfoCommands(h: Harness): void {
  describe('status, uptime, version, config, housekeeping, help', () => {
    it('status: prints every metric of the server', async () => {
      const table = parseTable((await h.ok(['status'])).stdout);
      assert.deepEqual(table.headers, ['METRIC', 'TYPE', 'NAME', 'VALUE', 'AVERAGE']);
      const status = statusSchema.parse(await h.api('GET', '/management/status'));
      assert.deepEqual(
        table.rows.map((row) => [row.METRIC, row.TYPE, row.NAME]),
        status.metrics.map((m) => [m.title, m.type, `${m.group}.${m.name}`]),
      );
      const total = status.metrics.find((m) => m.name === 'total');
      assert.equal(table.rows.find((row) => row.NAME === 'alerts.total')?.VALUE, String(total?.value));
      const timer = table.rows.find((row) => row.TYPE === 'timer');
      assert.match(timer?.AVERAGE ?? '', /^\d+(\.\d+)?$/);
    });

    it('uptime: prints the server’s time and how long it has been up', async () => {
      const result = await h.ok(['uptime']);
      const status = statusSchema.parse(await h.api('GET', '/management/status'));
      const minutes = Math.floor(status.uptime / 60_000);
      const match = /^(\d\d:\d\d) up (\d+) days (\d\d):(\d\d)\n$/.exec(result.stdout);
      assert.ok(match, result.stdout);
      const shown = Number(match[2]) * 1440 + Number(match[3]) * 60 + Number(match[4]);
      assert.ok(shown === minutes || shown === minutes - 1, `${result.stdout} after ${status.uptime} ms`);
    });

    it('version: prints the server’s version and the client’s', async () => {
      const result = await h.ok(['version']);
      const status = statusSchema.parse(await h.api('GET', '/management/status'));
      const lines = result.stdout.split('\n');
      assert.equal(lines[0], `alerta ${status.version}`);
      assert.equal(lines[1], 'alerta client 8.5.3');
    });

    it('config: prints the client settings merged with what the server’s /config says', async () => {
      const result = await h.ok(['config']);
      const settings = new Map(
        result.stdout
          .trimEnd()
          .split('\n')
          .map((line) => [line.slice(0, 20).trim(), line.slice(22)]),
      );
      const remote = z
        .looseObject({ provider: z.string(), auth_required: z.boolean(), sort_by: z.array(z.string()) })
        .parse(await h.api('GET', '/config'));
      assert.equal(settings.get('provider'), remote.provider);
      assert.equal(settings.get('auth_required'), remote.auth_required ? 'True' : 'False');
      assert.equal(settings.get('sort_by'), remote.sort_by.join(', '));
      assert.equal(settings.get('endpoint'), h.cli.endpoint);
      assert.equal(settings.get('timezone'), 'Europe/London');
    });

    it('housekeeping: the server deletes the alerts closed longer ago than asked', async () => {
      const sent = await h.api('POST', '/alert', {
        resource: 'hk-old',
        event: 'Done',
        environment: 'Production',
        service: ['Batch'],
        severity: 'normal',
      });
      const id = String(sent.id);
      assert.equal(itemOf(await h.api('GET', `/alert/${id}`), 'alert', alertSchema).status, 'closed');
      const result = await h.ok(['housekeeping', '--expired', '0', '--info', '12']);
      assert.equal(result.stdout, '');
      assert.equal((await h.server.api('GET', `/alert/${id}`)).status, 404);
    });

    it('help: lists every command the client has', async () => {
      const result = await h.ok(['help']);
      const listed = result.stdout
        .split('Commands:\n')[1]
        ?.split('\n')
        .map((line) => /^ {2}(\w+)/.exec(line)?.[1])
        .filter((name) => name !== undefined);
      assert.deepEqual(listed, cliCommands());
    });
  });
}
