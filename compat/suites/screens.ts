import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { z } from 'zod';
import { type Alert, alertSchema } from '@alerta/contract';
import type { Harness } from '../support/harness.js';
import { localTime, renderScreen } from '../support/output.js';
import { listOf } from '../support/schemas.js';

const GROUP = 'CompatWatch';
const LATER = {
  resource: 'wt-app03',
  event: 'Latency',
  environment: 'Production',
  service: ['App'],
  severity: 'minor',
  text: 'arrived while watching',
};

/** `alerta watch` (stopped after its first screen) and `alerta top` (curses, in a pseudo-terminal, quit with `q`). */
export function screenCommands(h: Harness): void {
  describe('watch, top', () => {
    let alerts: Alert[] = [];

    before(async () => {
      for (const [resource, severity] of [
        ['wt-app01', 'critical'],
        ['wt-app02', 'warning'],
      ] as const) {
        await h.api('POST', '/alert', {
          resource,
          event: 'Latency',
          environment: 'Production',
          service: ['App'],
          severity,
          group: GROUP,
          value: '900ms',
          text: 'slow responses',
        });
      }
      alerts = listOf(await h.api('GET', `/alerts?group=${GROUP}`), 'alerts', alertSchema);
    });

    it('watch: the first screen shows every matching alert; the next ones, only the alerts received since', async () => {
      // Once the first screen is out, a new alert arrives; the next screen (`from-date` the last one's time) shows it.
      let arrived: Promise<unknown> | undefined;
      const result = await h.cli.run(['watch', '-f', `group=${GROUP}`, '-n', '1'], {
        until: (stdout) => {
          const texts = stdout.split('\n').filter((line) => line.startsWith('   |')).length;
          if (texts >= 2) arrived ??= h.api('POST', '/alert', { ...LATER, group: GROUP });
          return texts >= 3;
        },
      });
      await arrived;
      const lines = result.stdout.split('\n');
      for (const alert of alerts) {
        const index = lines.findIndex((line) => line.startsWith(alert.id.slice(0, 8)));
        assert.ok(index >= 0, result.stdout);
        assert.deepEqual(
          lines[index]?.split('|').map((field) => field.trim()),
          [
            alert.id.slice(0, 8),
            localTime(alert.lastReceiveTime),
            alert.severity,
            String(alert.duplicateCount),
            '-',
            'Production',
            'App',
            alert.resource,
            GROUP,
            'Latency',
            '900ms',
          ],
        );
        assert.equal(lines[index + 1], '   |slow responses');
      }
      const later = lines.findIndex((line) => line.includes(`|${LATER.resource} `));
      assert.ok(later > 0, result.stdout);
      assert.equal(lines[later + 1], `   |${LATER.text}`);
      assert.equal(lines.filter((line) => line.startsWith('   |')).length, 3, 'each alert shown once');
    });

    it('top: the first screen shows the server’s version, the alerts and their count', async () => {
      const result = await h.cli.runInTerminal(['top'], 'q');
      assert.equal(result.code, 0, result.stdout);
      const screen = renderScreen(result.stdout);
      const status = z.object({ version: z.string() }).parse(await h.api('GET', '/management/status'));
      const listedNow = await h.api('GET', '/alerts');
      const [title = '', , header = ''] = screen;
      assert.match(title, new RegExp(`^${h.cli.endpoint.replaceAll('.', '\\.')}\\s+alerta ${status.version}\\s+`));
      assert.match(header, /^ Sev\. Time {5}Dupl\. Customer Env\. {9}Service {6}Resource {5}Group Event {8}Value Text/);
      for (const alert of alerts) {
        const row = screen.find((line) => line.includes(` ${alert.resource} `));
        assert.ok(row, `no row for ${alert.resource}:\n${screen.join('\n')}`);
        assert.match(
          row,
          new RegExp(
            `^ ${alert.severity === 'critical' ? 'Crit' : 'Warn'} +${localTime(alert.lastReceiveTime, 'time')} +0 - +` +
              `Production +App +${alert.resource} +Compa Latency +900ms slow responses$`,
          ),
        );
      }
      const footer = screen.at(-1) ?? '';
      assert.match(
        footer,
        new RegExp(`^Last Update: \\d\\d:\\d\\d:\\d\\d +ok - no errors +Count: ${String(listedNow.total)}$`),
      );
    });
  });
}
