import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { alertSchema, noteSchema } from '@alerta/contract';
import type { Harness } from '../support/harness.js';
import { itemOf, listOf } from '../support/schemas.js';
import { type SdkBridge, pythonQuery } from '../support/sdk.js';

const GROUP = 'CompatSdk';

/** The SDK's Alert model as the bridge serialises it (snake_case attributes of the Python object). */
const alertModel = z.looseObject({
  $model: z.literal('Alert'),
  id: z.string(),
  resource: z.string(),
  event: z.string(),
  environment: z.string(),
  severity: z.string(),
  status: z.string(),
  service: z.array(z.string()),
  group: z.string(),
  tags: z.array(z.string()),
  attributes: z.record(z.string(), z.unknown()),
  duplicate_count: z.number(),
  last_receive_time: z.string(),
});
const noteModel = z.looseObject({ $model: z.literal('Note'), id: z.string(), text: z.string(), alert: z.string() });

/** The alert methods of the SDK's Client: sending, reading, changing, counting and annotating alerts. */
export function sdkAlertMethods(h: Harness, sdk: () => SdkBridge): void {
  describe('SDK: alerts', () => {
    let id = '';
    const stored = async () => itemOf(await h.api('GET', `/alert/${id}`), 'alert', alertSchema);

    it('send_alert: answers the id, the alert and no message; the server holds the alert', async () => {
      const value = z.tuple([z.string(), alertModel, z.null()]).parse(
        await sdk().value('main', 'send_alert', ['sdk-web01', 'HttpError'], {
          environment: 'Production',
          severity: 'major',
          service: ['Web'],
          group: GROUP,
          value: '502',
          text: 'bad gateway',
          tags: ['sdk'],
          attributes: { region: 'eu' },
          origin: 'compat/sdk',
          type: 'httpAlert',
          timeout: 1800,
          raw_data: 'HTTP/1.1 502',
        }),
      );
      id = value[0];
      assert.equal(value[1].id, id);
      const alert = await stored();
      assert.deepEqual(
        [alert.resource, alert.severity, alert.group, alert.value, alert.tags, alert.attributes.region, alert.rawData],
        ['sdk-web01', 'major', GROUP, '502', ['sdk'], 'eu', 'HTTP/1.1 502'],
      );
      assert.deepEqual([alert.origin, alert.type, alert.timeout], ['compat/sdk', 'httpAlert', 1800]);
    });

    it('get_alert: answers the alert the server holds', async () => {
      const model = alertModel.parse(await sdk().value('main', 'get_alert', [id]));
      const alert = await stored();
      assert.deepEqual(
        [model.resource, model.severity, model.status, model.duplicate_count, model.last_receive_time],
        [alert.resource, alert.severity, alert.status, alert.duplicateCount, alert.lastReceiveTime],
      );
    });

    it('set_status and action: change the status, with the text given', async () => {
      await sdk().value('main', 'set_status', [id, 'ack', 'seen by the SDK']);
      assert.deepEqual([(await stored()).status, (await stored()).history.at(-1)?.text], ['ack', 'seen by the SDK']);
      await sdk().value('main', 'action', [id, 'unack'], { text: 'back to open' });
      const alert = await stored();
      assert.deepEqual([alert.status, alert.history.at(-1)?.type], ['open', 'unack']);
    });

    it('tag_alert, untag_alert, update_attributes: change the tags and attributes', async () => {
      await sdk().value('main', 'tag_alert', [id, ['a', 'b']]);
      await sdk().value('main', 'untag_alert', [id, ['a']]);
      await sdk().value('main', 'update_attributes', [id, { owner: 'sdk', region: null }]);
      const alert = await stored();
      assert.deepEqual(alert.tags, ['sdk', 'b']);
      assert.equal(alert.attributes.owner, 'sdk');
      assert.equal('region' in alert.attributes, false);
    });

    it('search, get_alerts: answer the matching alerts', async () => {
      for (const method of ['search', 'get_alerts']) {
        const models = z.array(alertModel).parse(await sdk().value('main', method, [pythonQuery(['group', GROUP])]));
        assert.deepEqual(
          models.map((m) => m.id),
          [id],
        );
      }
      const paged = z.array(alertModel).parse(await sdk().value('main', 'get_alerts', [pythonQuery(), 1, 1]));
      assert.equal(paged.length, 1);
    });

    it('get_history: answers the changes of the matching alerts', async () => {
      const models = z
        .array(z.looseObject({ $model: z.literal('RichHistory'), id: z.string(), change_type: z.string() }))
        .parse(await sdk().value('main', 'get_history', [pythonQuery(['group', GROUP])]));
      const expected = z
        .array(z.looseObject({ type: z.string() }))
        .parse((await h.api('GET', `/alerts/history?group=${GROUP}`)).history);
      assert.deepEqual(
        models.map((m) => m.change_type),
        expected.map((e) => e.type),
      );
      assert.ok(
        models.some((m) => m.change_type === 'status'),
        'set_status is in the history',
      );
    });

    it('get_count: answers the total and the counts by severity and status', async () => {
      const value = await sdk().value('main', 'get_count', [pythonQuery(['group', GROUP])]);
      assert.deepEqual(value, [1, { major: 1 }, { open: 1 }]);
    });

    for (const [method, path] of [
      ['get_top10_count', '/alerts/top10/count'],
      ['get_top10_flapping', '/alerts/top10/flapping'],
      ['get_top10_standing', '/alerts/top10/standing'],
      ['get_environments', '/environments'],
      ['get_services', '/services'],
      ['get_groups', '/alerts/groups'],
      ['get_tags', '/alerts/tags'],
    ] as const) {
      it(`${method}: answers what ${path} lists`, async () => {
        const value = await sdk().value('main', method, [pythonQuery(['group', GROUP])]);
        const body = await h.api('GET', `${path}?group=${GROUP}`);
        const field = method.startsWith('get_top10') ? 'top10' : (path.split('/').at(-1) ?? '');
        assert.deepEqual(value, body[field]);
        // Flapping and standing alerts need severity changes, which this alert never had.
        const empty = method === 'get_top10_flapping' || method === 'get_top10_standing';
        assert.ok(Array.isArray(value) && (empty || value.length > 0), `${method} answered nothing`);
      });
    }

    let noteId = '';
    it('alert_note, get_alert_notes, update_alert_note, delete_alert_note: the note’s whole life', async () => {
      const made = noteModel.parse(await sdk().value('main', 'alert_note', [id, 'first thoughts']));
      noteId = made.id;
      assert.equal(made.alert, id);
      const listed = z.array(noteModel).parse(await sdk().value('main', 'get_alert_notes', [id]));
      assert.deepEqual(
        listed.map((n) => [n.id, n.text]),
        [[noteId, 'first thoughts']],
      );
      const changed = noteModel.parse(await sdk().value('main', 'update_alert_note', [id, noteId, 'second thoughts']));
      assert.equal(changed.text, 'second thoughts');
      const notes = listOf(await h.api('GET', `/alert/${id}/notes`), 'notes', noteSchema);
      assert.deepEqual(
        notes.map((n) => n.text),
        ['second thoughts'],
      );
      await sdk().value('main', 'delete_alert_note', [id, noteId]);
      assert.deepEqual((await h.api('GET', `/alert/${id}/notes`)).notes, []);
    });

    it('delete_alert: the alert is gone', async () => {
      await sdk().value('main', 'delete_alert', [id]);
      assert.equal((await h.server.api('GET', `/alert/${id}`)).status, 404);
    });
  });
}
