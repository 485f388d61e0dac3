import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { forEachEngine } from './support/engines.js';
import { assertAlertFields, fixture, rawDataOf, storedAlert, webhookServer } from './support/webhooks.js';

/**
 * Alertmanager and Grafana payloads in the exact form the senders post them (key order, empty strings, Go's zero time
 * for a firing alert's end, numbers where Grafana sends numbers), kept as fixtures beside the other senders'.
 */
forEachEngine((engine) => {
  const { post, getAlert } = webhookServer(engine);

  const idsOf = (response: { statusCode: number; body: string }): string[] => {
    assert.equal(response.statusCode, 201, response.body);
    return (JSON.parse(response.body) as { ids: string[] }).ids;
  };

  describe('recorded payloads', () => {
    it('Alertmanager: a group of a firing and a resolved alert (docs/webhooks.md#prometheus)', async () => {
      const payload = fixture('prometheus', 'node-filesystem');
      const [firingId = '', resolvedId = ''] = idsOf(await post('prometheus', payload));
      const firing = await getAlert(firingId);
      assertAlertFields(firing, {
        resource: 'web01.example.net:9100',
        event: 'NodeFilesystemAlmostFull',
        environment: 'Production',
        severity: 'major',
        status: 'open',
        service: ['Web', 'Platform'],
        group: 'node',
        origin: 'prometheus/eu-west',
        type: 'prometheusAlert',
        value: '4.12',
        text: 'Filesystem on /dev/sda1 at web01.example.net:9100 has only 4.12% available space left.',
        tags: ['device=/dev/sda1', 'fstype=ext4', 'mountpoint=/'],
        attributes: {
          startsAt: '2026-11-25T21:14:03.227Z',
          externalUrl: 'http://alertmanager.example.net:9093',
          moreInfo:
            'http://prometheus.example.net:9090/graph?g0.expr=node_filesystem_avail_bytes%7Bjob%3D%22node%22%7D&g0.tab=1',
          runbook_url: 'https://runbooks.example.net/node/nodefilesystemalmostfull',
          summary: 'Filesystem has less than 5% space left.',
        },
      });
      assert.deepEqual(rawDataOf(firing), (payload.alerts as unknown[])[0]);

      assertAlertFields(await getAlert(resolvedId), {
        resource: 'db01.example.net:9100',
        severity: 'normal',
        status: 'closed',
        service: ['Database'],
        text: 'Filesystem on /dev/sdb1 at db01.example.net:9100 has only 3.80% available space left.',
        tags: ['device=/dev/sdb1', 'fstype=xfs', 'mountpoint=/var/lib/postgresql'],
        attributes: { endsAt: '2026-11-25T21:13:48.227Z' },
      });
    });

    it('Grafana legacy alerting: one alert per match, match tags before rule tags (docs/webhooks.md#grafana)', async () => {
      const [first = '', second = ''] = idsOf(await post('grafana', fixture('grafana', 'legacy-alerting')));
      const shared = {
        event: 'CPU busy',
        environment: 'Production',
        group: 'Performance',
        origin: 'Grafana',
        type: 'grafanaAlert',
        text: 'CPU busy above 85% for 5 minutes',
        service: ['Grafana', 'Web'],
      };
      assertAlertFields(await getAlert(first), {
        ...shared,
        resource: 'web01',
        value: '92.4',
        severity: 'critical',
        attributes: {
          ruleId: '42',
          ruleUrl: 'https://grafana.example.net/d/node/node-overview?tab=alert&viewPanel=3&orgId=1',
          imageUrl: 'https://grafana.example.net/public/img/attachments/cpu-busy.png',
          host: 'web01',
          team: 'platform',
        },
      });
      assertAlertFields(await getAlert(second), {
        ...shared,
        resource: 'web02',
        value: '88.1',
        severity: 'major',
        attributes: { host: 'web02', team: 'platform' },
      });
    });

    it('Grafana unified alerting: a firing alert of a folder, answered as one alert (docs/webhooks.md#grafana)', async () => {
      assertAlertFields(storedAlert(await post('grafana', fixture('grafana', 'unified-firing'))), {
        resource: 'api01:8080',
        event: 'HighRequestLatency',
        environment: 'Production',
        severity: 'critical',
        status: 'open',
        service: ['Checkout'],
        group: 'Grafana',
        origin: 'grafana/Checkout',
        type: 'grafanaAlert',
        value: "[ var='B' labels={instance=api01:8080} value=0.734 ], [ var='C' labels={instance=api01:8080} value=1 ]",
        text: 'p95 latency of api01:8080 is above 500 ms',
        tags: [],
        attributes: {
          summary: 'Checkout API is slow',
          moreInfo: 'https://grafana.example.net/alerting/grafana/b1f3c9e2/view?orgId=1',
          dashboardURL: 'https://grafana.example.net/d/checkout?orgId=1',
          panelURL: 'https://grafana.example.net/d/checkout?orgId=1&viewPanel=4',
          imageURL: undefined,
        },
      });
    });
  });
});
