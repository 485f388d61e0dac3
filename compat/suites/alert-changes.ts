import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { type Alert, alertSchema, noteSchema } from '@alerta/contract';
import type { Harness } from '../support/harness.js';
import { localTime, parseTable } from '../support/output.js';
import { itemOf, listOf } from '../support/schemas.js';

const GROUP = 'CompatChange';

/** ack, unack, shelve, unshelve, close, action, tag, untag, update, note, notes and delete, on alerts made through the API. */
export function alertChangeCommands(h: Harness): void {
  describe('alert changes', () => {
    const ids = new Map<string, string>();
    const alert = async (resource: string): Promise<Alert> =>
      itemOf(await h.api('GET', `/alert/${ids.get(resource) ?? 'missing'}`), 'alert', alertSchema);
    const lastChange = async (resource: string) => (await alert(resource)).history.at(-1);

    before(async () => {
      for (const resource of ['ch-a', 'ch-b', 'ch-c']) {
        const body = await h.api('POST', '/alert', {
          resource,
          event: 'QueueFull',
          environment: 'Production',
          service: ['Queue'],
          severity: 'critical',
          group: GROUP,
          text: 'queue at 100%',
        });
        ids.set(resource, String(body.id));
      }
    });

    it('ack --ids with a text: the alert is acknowledged with that text', async () => {
      const result = await h.ok(['ack', '--ids', ids.get('ch-a') ?? '', '--text', 'on it']);
      assert.equal(result.stdout.trim(), 'Acking 1 alerts');
      assert.equal((await alert('ch-a')).status, 'ack');
      assert.deepEqual(
        { type: (await lastChange('ch-a'))?.type, text: (await lastChange('ch-a'))?.text },
        { type: 'ack', text: 'on it' },
      );
    });

    it('unack -f: the alert is open again', async () => {
      const result = await h.ok(['unack', '-f', 'resource=ch-a', '-f', `group=${GROUP}`]);
      assert.equal(result.stdout.trim(), 'Un-acking 1 alerts');
      assert.equal((await alert('ch-a')).status, 'open');
      assert.equal((await lastChange('ch-a'))?.type, 'unack');
    });

    it('shelve -q with a timeout: the alert is shelved for that long', async () => {
      const result = await h.ok(['shelve', '-q', `resource:ch-b AND group:${GROUP}`, '--timeout', '600']);
      assert.equal(result.stdout.trim(), 'Shelving 1 alerts');
      assert.equal((await alert('ch-b')).status, 'shelved');
      assert.deepEqual(
        { type: (await lastChange('ch-b'))?.type, timeout: (await lastChange('ch-b'))?.timeout },
        { type: 'shelve', timeout: 600 },
      );
    });

    it('unshelve with a short id: the alert is open again', async () => {
      const result = await h.ok(['unshelve', '-i', (ids.get('ch-b') ?? '').slice(0, 8)]);
      assert.equal(result.stdout.trim(), 'Un-shelving 1 alerts');
      assert.equal((await alert('ch-b')).status, 'open');
      assert.equal((await lastChange('ch-b'))?.type, 'unshelve');
    });

    it('close: the alert is closed', async () => {
      const result = await h.ok(['close', '-f', 'resource=ch-c', '-f', `group=${GROUP}`, '--text', 'fixed']);
      assert.equal(result.stdout.trim(), 'Closing 1 alerts');
      const closed = await alert('ch-c');
      assert.equal(closed.status, 'closed');
      assert.deepEqual(
        { type: closed.history.at(-1)?.type, text: closed.history.at(-1)?.text },
        {
          type: 'close',
          text: 'fixed',
        },
      );
    });

    it('action: a custom action is recorded and leaves the status alone', async () => {
      const result = await h.ok(['action', '-a', 'escalate', '-i', ids.get('ch-a') ?? '', '--text', 'paging']);
      assert.equal(result.stdout.trim(), 'Action (escalate) 1 alerts');
      const changed = await alert('ch-a');
      assert.equal(changed.status, 'open');
      assert.deepEqual(
        { type: changed.history.at(-1)?.type, text: changed.history.at(-1)?.text },
        {
          type: 'action',
          text: 'paging',
        },
      );
    });

    it('tag -f: every matching alert gets the tags', async () => {
      const result = await h.ok(['tag', '-f', `group=${GROUP}`, '-T', 'queue', '-T', 'team:ops']);
      assert.equal(result.stdout.trim(), 'Tagging 3 alerts');
      for (const resource of ids.keys()) assert.deepEqual((await alert(resource)).tags, ['queue', 'team:ops']);
    });

    it('untag --ids: the tag goes from that alert only', async () => {
      const result = await h.ok(['untag', '-i', ids.get('ch-a') ?? '', '-T', 'queue']);
      assert.equal(result.stdout.trim(), 'Untagging 1 alerts');
      assert.deepEqual((await alert('ch-a')).tags, ['team:ops']);
      assert.deepEqual((await alert('ch-b')).tags, ['queue', 'team:ops']);
    });

    it('update -A: the attributes are merged into the alert’s', async () => {
      const result = await h.ok(['update', '-f', 'resource=ch-a', '-A', 'owner=ops', '-A', 'runbook=rb-7']);
      assert.equal(result.stdout.trim(), 'Updating 1 alerts');
      const { attributes } = await alert('ch-a');
      assert.equal(attributes.owner, 'ops');
      assert.equal(attributes.runbook, 'rb-7');
    });

    let noteId = '';
    it('note: adds the note to the alert', async () => {
      const result = await h.ok(['note', '--alert-ids', ids.get('ch-a') ?? '', '--text', 'looking into it']);
      assert.equal(result.stdout.trim(), 'Add note to 1 alerts');
      const notes = listOf(await h.api('GET', `/alert/${ids.get('ch-a')}/notes`), 'notes', noteSchema);
      assert.deepEqual(
        notes.map((note) => note.text),
        ['looking into it'],
      );
      noteId = notes[0]?.id ?? '';
    });

    it('notes: prints the alert’s notes as a table', async () => {
      const result = await h.ok(['notes', '-i', ids.get('ch-a') ?? '']);
      const table = parseTable(result.stdout);
      const [note] = listOf(await h.api('GET', `/alert/${ids.get('ch-a')}/notes`), 'notes', noteSchema);
      assert.ok(note, 'the note');
      assert.deepEqual(table.headers, [
        'NOTE ID',
        'NOTE',
        'CREATED',
        'USER',
        'TYPE',
        'RELATED ID',
        'UPDATED',
        'CUSTOMER',
      ]);
      assert.deepEqual(table.rows, [
        {
          'NOTE ID': noteId,
          NOTE: 'looking into it',
          CREATED: localTime(note.createTime),
          USER: note.user ?? '',
          TYPE: 'alert',
          'RELATED ID': ids.get('ch-a'),
          UPDATED: note.updateTime === null ? '' : localTime(note.updateTime),
          CUSTOMER: '',
        },
      ]);
      assert.equal(note.user, h.actor);
    });

    it('--output json notes prints the notes as the API lists them', async () => {
      const result = await h.ok(['--output', 'json', 'notes', '-i', ids.get('ch-a') ?? '']);
      assert.deepEqual(JSON.parse(result.stdout), (await h.api('GET', `/alert/${ids.get('ch-a')}/notes`)).notes);
    });

    it('note -D: deletes the note', async () => {
      await h.ok(['note', '-D', ids.get('ch-a') ?? '', noteId]);
      assert.deepEqual((await h.api('GET', `/alert/${ids.get('ch-a')}/notes`)).notes, []);
    });

    it('delete without a filter asks first; answering no deletes nothing', async () => {
      const total = (await h.api('GET', '/alerts/count')).total;
      const result = await h.cli.run(['delete'], { stdin: 'n\n' });
      assert.equal(result.code, 1);
      assert.match(result.stdout, /^Deleting all alerts\. Do you want to continue\? \[y\/N\]: /);
      assert.match(result.stderr, /Aborted!/);
      assert.equal((await h.api('GET', '/alerts/count')).total, total);
    });

    it('delete -f: the matching alerts are gone', async () => {
      const result = await h.ok(['delete', '-f', 'resource=ch-c', '-f', `group=${GROUP}`]);
      assert.equal(result.stdout.trim(), 'Deleting 1 alerts');
      assert.equal((await h.server.api('GET', `/alert/${ids.get('ch-c')}`)).status, 404);
      assert.equal((await h.api('GET', `/alerts/count?group=${GROUP}`)).total, 2);
    });
  });
}
