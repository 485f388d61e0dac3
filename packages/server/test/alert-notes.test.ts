import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { alertClient, assertError, historyTypes } from './support/alerts.js';
import { type TestServer, basic, body, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

interface NoteJson {
  id: string;
  href: string;
  text: string;
  user: string | null;
  attributes: Record<string, unknown>;
  type: string;
  createTime: string;
  updateTime: string | null;
  customer: string | null;
  related: { alert: string };
  _links: { alert: string };
}

/** Notes (docs/api/alerts.md): add, list, edit, dismiss, with their history entries. */
forEachEngine((engine) => {
  let server: TestServer;
  const client = alertClient(() => server, basic('olga', 'olga-password'));
  const other = alertClient(() => server, basic('pete', 'pete-password'));
  const guest = alertClient(() => server, basic('gus', 'gus-password'));
  let n = 0;
  const fresh = () => client.create({ resource: `note${(n += 1)}` });

  before(async () => {
    server = await startTestServer(engine);
    await createUser(server.store, { login: 'olga', password: 'olga-password', roles: ['user'] });
    await createUser(server.store, { login: 'pete', password: 'pete-password', roles: ['user'] });
    await createUser(server.store, { login: 'gus', password: 'gus-password', roles: ['guest'] });
  });
  after(() => server.close());

  const addNote = async (alertId: string, payload: unknown) => {
    const response = await client.put(`/alert/${alertId}/note`, payload);
    assert.equal(response.statusCode, 201, response.body);
    return { response, note: (body(response) as { note: NoteJson }).note };
  };
  const notesOf = async (alertId: string) =>
    body(await client.send('GET', `/alert/${alertId}/notes`)) as { notes: NoteJson[]; total: number };

  describe('PUT /alert/{id}/note', () => {
    it('answers 201 with the note and a Location, and adds a `note` history entry', async () => {
      const alert = await fresh();
      const { response, note } = await addNote(alert.id, { text: 'checked the disk' });
      const result = body(response);
      assert.equal(result.status, 'ok');
      assert.equal(result.id, note.id);
      assert.equal(response.headers.location, `http://localhost:80/api/alert/${alert.id}/note/${note.id}`);
      assert.equal(note.text, 'checked the disk');
      assert.equal(note.user, 'olga');
      assert.equal(note.type, 'alert');
      assert.equal(note.updateTime, null);
      assert.equal(note.href, `http://localhost:80/api/note/${note.id}`);
      assert.deepEqual(note.related, { alert: alert.id });
      assert.deepEqual(note._links, { alert: `http://localhost:80/api/alert/${alert.id}` });
      assert.deepEqual(note.attributes, {
        resource: alert.resource,
        event: alert.event,
        environment: alert.environment,
        severity: alert.severity,
        status: alert.status,
      });
      const stored = await client.get(alert.id);
      assert.deepEqual(historyTypes(stored), ['new', 'note']);
      const entry = stored.history[1];
      assert.deepEqual([entry?.id, entry?.text, entry?.user, entry?.status], [note.id, note.text, 'olga', 'open']);
    });

    it('takes the text from `note` too', async () => {
      const alert = await fresh();
      assert.equal((await addNote(alert.id, { note: 'from the console' })).note.text, 'from the console');
    });

    const bad: [string, unknown, string | RegExp][] = [
      ['no text', {}, "must supply 'note' text"],
      ['an empty text', { text: '  ' }, "must supply 'note' text"],
      ['a text that is not a string', { text: 12 }, "'text' must be a string"],
      ['a huge text', { text: 'x'.repeat(20_000) }, /at most/],
    ];
    for (const [name, payload, message] of bad) {
      it(`400 for ${name}, nothing stored`, async () => {
        const alert = await fresh();
        assertError(await client.put(`/alert/${alert.id}/note`, payload), 400, message);
        assert.equal((await notesOf(alert.id)).total, 0);
        assert.deepEqual(await client.get(alert.id), alert);
      });
    }

    it('404 for an unknown alert; 403 without write:alerts', async () => {
      assertError(await client.put('/alert/nope/note', { text: 'x' }), 404);
      const alert = await fresh();
      assertError(await guest.put(`/alert/${alert.id}/note`, { text: 'x' }), 403);
    });

    it('keeps every note when many are added at once', async () => {
      const alert = await fresh();
      await Promise.all(Array.from({ length: 6 }, (_, i) => addNote(alert.id, { text: `n${i}` })));
      assert.equal((await notesOf(alert.id)).total, 6);
      assert.equal((await client.get(alert.id)).history.filter((h) => h.type === 'note').length, 6);
    });
  });

  describe('GET /alert/{id}/notes', () => {
    it('lists the notes oldest first; an alert without notes answers an empty list', async () => {
      const alert = await fresh();
      const empty = await client.send('GET', `/alert/${alert.id}/notes`);
      assert.equal(empty.statusCode, 200);
      assert.deepEqual(body(empty), { status: 'ok', message: 'not found', notes: [], total: 0 });
      await addNote(alert.id, { text: 'one' });
      await addNote(alert.id, { text: 'two' });
      const listed = await notesOf(alert.id);
      assert.equal(listed.total, 2);
      assert.deepEqual(
        listed.notes.map((note) => note.text),
        ['one', 'two'],
      );
      assertError(await client.send('GET', '/alert/nope/notes'), 404);
    });
  });

  describe('PUT and DELETE /alert/{id}/note/{noteId}', () => {
    it('edits the text, merges attributes and makes the caller the note’s user', async () => {
      const alert = await fresh();
      const { note } = await addNote(alert.id, { text: 'first' });
      const response = await other.put(`/alert/${alert.id}/note/${note.id}`, {
        text: 'second',
        attributes: { ticket: 'INC-9', status: null },
      });
      assert.equal(response.statusCode, 200, response.body);
      const edited = (body(response) as { note: NoteJson }).note;
      assert.equal(edited.text, 'second');
      assert.equal(edited.user, 'pete');
      assert.notEqual(edited.updateTime, null);
      assert.equal(edited.attributes.ticket, 'INC-9');
      assert.equal('status' in edited.attributes, false);
      assert.equal((await notesOf(alert.id)).notes[0]?.text, 'second');
    });

    it('dismisses a note with a `dismiss` history entry', async () => {
      const alert = await fresh();
      const { note } = await addNote(alert.id, { text: 'temporary' });
      const response = await client.send('DELETE', `/alert/${alert.id}/note/${note.id}`);
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(body(response), { status: 'ok' });
      assert.equal((await notesOf(alert.id)).total, 0);
      const stored = await client.get(alert.id);
      assert.deepEqual(historyTypes(stored), ['new', 'note', 'dismiss']);
      assert.deepEqual([stored.history[2]?.text, stored.history[2]?.id], ['note dismissed', note.id]);
    });

    it('404 with `alert not found` or `note not found`, nothing changed', async () => {
      const alert = await fresh();
      const { note } = await addNote(alert.id, { text: 'stays' });
      const elsewhere = await fresh();
      assertError(await client.send('DELETE', `/alert/nope/note/${note.id}`), 404, 'alert not found');
      assertError(await client.send('DELETE', `/alert/${alert.id}/note/nope`), 404, 'note not found');
      assertError(await client.send('DELETE', `/alert/${elsewhere.id}/note/${note.id}`), 404, 'note not found');
      assertError(await client.put(`/alert/${alert.id}/note/nope`, { text: 'x' }), 404, 'note not found');
      assertError(await client.put(`/alert/nope/note/${note.id}`, { text: 'x' }), 404, 'alert not found');
      assertError(await client.put(`/alert/${alert.id}/note/${note.id}`, { text: '' }), 400);
      assertError(await client.put(`/alert/${alert.id}/note/${note.id}`, { attributes: 'x' }), 400);
      const listed = await notesOf(alert.id);
      assert.deepEqual(
        listed.notes.map((n) => [n.text, n.updateTime]),
        [['stays', null]],
      );
      assert.deepEqual(historyTypes(await client.get(alert.id)), ['new', 'note']);
    });
  });
});
