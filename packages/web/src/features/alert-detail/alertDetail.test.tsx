import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { API, makeAlert, makeToken } from '../../test/fixtures';
import { alertsScenario } from '../../test/mocks';
import { renderApp } from '../../test/renderApp';
import { recordRequests, type RecordedRequest } from '../../test/server';

const writes = (requests: RecordedRequest[]) => requests.filter((r) => r.method !== 'GET');

const history = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `h${String(i).padStart(2, '0')}-0000-0000`,
    href: '',
    event: 'NodeDown',
    severity: 'major',
    status: 'open',
    value: null,
    text: `entry ${i}`,
    type: i === 0 ? 'new' : 'value',
    updateTime: new Date(Date.UTC(2026, 10, 20, 10, i)).toISOString(),
    user: null,
    timeout: 86400,
  }));

describe('alert detail', () => {
  it('shows every field in order, searches on click, and links only http(s) attributes', async () => {
    const alert = makeAlert({
      resource: 'db01',
      correlate: ['NodeUp'],
      tags: ['linux'],
      attributes: { runbook: 'https://wiki.example.com/db', bad: 'javascript:alert(1)', ipAddress: '10.0.0.1' },
      text: '<b>bold</b>',
    });
    alertsScenario.list([alert]);
    const { user, location } = renderApp(`/alert/${alert.id}`, { token: makeToken() });
    await screen.findByRole('heading', { name: 'db01 · NodeDown' });
    const terms = screen.getAllByRole('term').map((dt) => dt.textContent);
    expect(terms).toEqual([
      'Alert ID',
      'Last receive ID',
      'Created',
      'Received',
      'Last received',
      'Service',
      'Environment',
      'Resource',
      'Event',
      'Correlated events',
      'Group',
      'Severity',
      'Status',
      'Value',
      'Description',
      'Trend',
      'Timeout (seconds)',
      'Type',
      'Duplicates',
      'Repeat',
      'Origin',
      'Tags',
      'Runbook',
      'Bad',
      'Ip Address',
    ]);
    expect(screen.getByText('<b>bold</b>')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://wiki.example.com/db' })).toHaveAttribute(
      'href',
      'https://wiki.example.com/db',
    );
    expect(screen.getByRole('link', { name: 'javascript:alert(1)' })).toHaveAttribute(
      'href',
      '/alerts?q=_.bad%3A%22javascript%3Aalert%281%29%22',
    );
    await user.click(screen.getByRole('link', { name: 'NodeUp' }));
    await waitFor(() => expect(location().pathname).toBe('/alerts'));
    expect(new URLSearchParams(location().search).get('q')).toBe('event:"NodeUp"');
  });

  it('lists history newest first, ten a page, and shows raw data', async () => {
    const alert = makeAlert({ history: history(12), rawData: '{"raw": true}' });
    alertsScenario.list([alert]);
    const { user } = renderApp(`/alert/${alert.id}`, { token: makeToken() });
    await user.click(await screen.findByRole('tab', { name: 'History' }));
    const table = screen.getByRole('table', { name: 'Alert history' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    expect(rows[0]).toHaveTextContent('entry 11');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual([expect.stringContaining('entry 1'), expect.stringContaining('entry 0')]);
    await user.click(screen.getByRole('tab', { name: 'Data' }));
    expect(screen.getByText('{"raw": true}')).toBeInTheDocument();
  });

  it('adds a note after checking it, and dismisses one', async () => {
    const requests = recordRequests();
    const alert = makeAlert();
    alertsScenario.list([alert]);
    alertsScenario.notes([{ id: 'n1', text: 'looking', user: null, createTime: '2026-11-20T10:03:00.000Z' }]);
    const { user } = renderApp(`/alert/${alert.id}`, { token: makeToken() });
    expect(await screen.findByText('Anonymous added a note')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss note' }));
    await waitFor(() =>
      expect(writes(requests).map((r) => [r.method, r.url.pathname])).toEqual([
        ['DELETE', `/alert/${alert.id}/note/n1`],
      ]),
    );
    expect(alertsScenario.savedNotes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Add note' }));
    const box = screen.getByRole('textbox', { name: 'Note' });
    await user.type(box, '   ');
    await user.click(screen.getAllByRole('button', { name: 'Add note' })[0]!);
    expect(screen.getByText('Write a note first')).toBeInTheDocument();
    await user.clear(box);
    await user.click(box);
    await user.paste('x'.repeat(201));
    expect(screen.getByText('A note can be at most 200 characters')).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, '  disk replaced  ');
    // The form's own Acknowledge, after the toolbar's.
    await user.click(screen.getAllByRole('button', { name: 'Acknowledge' }).at(-1)!);
    await waitFor(() => expect(writes(requests)).toHaveLength(2));
    expect(writes(requests)[1]?.body).toEqual({ action: 'ack', text: 'disk replaced' });
    expect(alertsScenario.alerts()).toMatchObject([{ id: alert.id, status: 'ack' }]);
  });

  it('saves a plain note with PUT /alert/{id}/note', async () => {
    const requests = recordRequests();
    const alert = makeAlert();
    alertsScenario.list([alert]);
    const { user } = renderApp(`/alert/${alert.id}`, { token: makeToken() });
    await user.click(await screen.findByRole('button', { name: 'Add note' }));
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'called the vendor');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(writes(requests)).toHaveLength(1));
    expect(writes(requests)[0]).toMatchObject({ method: 'PUT', url: new URL(`${API}/alert/${alert.id}/note`) });
    expect(writes(requests)[0]?.body).toEqual({ text: 'called the vendor' });
    expect(alertsScenario.savedNotes()).toMatchObject([{ text: 'called the vendor', related: { alert: alert.id } }]);
  });

  it('closes and goes back to the list; deletes after confirmation; copies as JSON', async () => {
    const requests = recordRequests();
    const alert = makeAlert({ status: 'ack' });
    alertsScenario.list([alert]);
    const { user, location } = renderApp(`/alert/${alert.id}`, { token: makeToken() });
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await screen.findByRole('heading', { name: /NodeDown/ });
    const toolbar = screen.getByRole('heading', { name: /NodeDown/ }).parentElement!;
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([
      'Back to the list',
      'Reopen',
      'Undo acknowledge',
      'Shelve',
      'Close',
      'Watch',
      'Delete',
      'Copy as JSON',
      'Blackout…',
    ]);
    await user.click(within(toolbar).getByRole('button', { name: 'Copy as JSON' }));
    expect(writeText).toHaveBeenCalledWith(JSON.stringify(alert, null, 2));
    expect(await within(toolbar).findByRole('button', { name: 'Copied' })).toBeInTheDocument();

    await user.click(within(toolbar).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(location().pathname).toBe('/alerts'));
    expect(writes(requests)[0]?.body).toEqual({ action: 'close', text: '' });
    expect(alertsScenario.alerts()).toMatchObject([{ id: alert.id, status: 'closed' }]);
  });

  it('deletes only after confirmation, then goes back', async () => {
    const requests = recordRequests();
    const alert = makeAlert();
    alertsScenario.list([alert]);
    const { user, location } = renderApp(`/alert/${alert.id}`, { token: makeToken() });
    await user.click((await screen.findAllByRole('button', { name: 'Delete' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(location().pathname).toBe('/alerts'));
    expect(writes(requests).map((r) => r.method)).toEqual(['DELETE']);
    expect(alertsScenario.alerts()).toEqual([]);
  });
});
