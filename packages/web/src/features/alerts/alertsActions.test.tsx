import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { advance, startFakeClock, stopFakeClock, until } from '../../test/fakeClock';
import { http, HttpResponse } from 'msw';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { API, makeAlert, makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { recordRequests, server, type RecordedRequest } from '../../test/server';
import { alertsScenario } from '../../test/mocks';

const writes = (requests: RecordedRequest[]) => requests.filter((r) => r.method !== 'GET');

function answerAlerts(alerts: ReturnType<typeof makeAlert>[]) {
  alertsScenario.list(alerts);
  server.use(
    http.put(`${API}/alert/:id/action`, () => HttpResponse.json({ status: 'ok' })),
    http.put(`${API}/alert/:id/tag`, () => HttpResponse.json({ status: 'ok' })),
    http.put(`${API}/alert/:id/untag`, () => HttpResponse.json({ status: 'ok' })),
    http.delete(`${API}/alert/:id`, () => HttpResponse.json({ status: 'ok' })),
    // Opening an alert loads its detail.
    http.get(`${API}/alert/:id`, ({ params }) => {
      const alert = alerts.find((a) => a.id === params.id);
      return alert === undefined
        ? HttpResponse.json({ status: 'error', message: 'not found', code: 404 }, { status: 404 })
        : HttpResponse.json({ status: 'ok', total: 1, alert });
    }),
    http.get(`${API}/alert/:id/notes`, () => HttpResponse.json({ status: 'ok', notes: [], total: 0 })),
  );
}

const buttonNames = (row: HTMLElement) =>
  within(row)
    .queryAllByRole('button')
    .map((b) => b.getAttribute('aria-label'));

/** The row named, under the pointer: the table draws a row's buttons there (or where focus is). */
async function pointAt(user: UserEvent, name: RegExp): Promise<HTMLElement> {
  const row = await screen.findByRole('row', { name });
  await user.hover(row);
  return row;
}

describe('alert row actions', () => {
  it('offers the buttons each status allows', async () => {
    answerAlerts([
      makeAlert({ resource: 'r-open', status: 'open' }),
      makeAlert({ resource: 'r-ack', status: 'ack', tags: ['watch:alice@example.com'] }),
      makeAlert({ resource: 'r-shelved', status: 'shelved' }),
      makeAlert({ resource: 'r-closed', status: 'closed' }),
    ]);
    const { user } = renderApp('/alerts', { token: makeToken(), config: { actions: ['createTicket'] } });
    expect(buttonNames(await pointAt(user, /r-open/))).toEqual([
      'Watch',
      'Acknowledge',
      'Shelve',
      'Close',
      'Delete',
      'More actions',
    ]);
    expect(buttonNames(await pointAt(user, /r-ack/))).toEqual([
      'Reopen',
      'Stop watching',
      'Undo acknowledge',
      'Shelve',
      'Close',
      'Delete',
      'More actions',
    ]);
    expect(buttonNames(await pointAt(user, /r-shelved/))).toEqual([
      'Watch',
      'Unshelve',
      'Close',
      'Delete',
      'More actions',
    ]);
    expect(buttonNames(await pointAt(user, /r-closed/))).toEqual(['Reopen', 'Watch', 'Delete', 'More actions']);
  });

  it('draws the buttons on the row under the pointer or holding focus', async () => {
    answerAlerts([makeAlert({ resource: 'first-row' }), makeAlert({ resource: 'second-row' })]);
    const { user } = renderApp('/alerts', { token: makeToken() });
    const first = await screen.findByRole('row', { name: /first-row/ });
    const second = screen.getByRole('row', { name: /second-row/ });
    const hasButtons = (row: HTMLElement) => within(row).queryByRole('button', { name: 'Close' }) !== null;
    expect([hasButtons(first), hasButtons(second)]).toEqual([false, false]);

    await user.hover(first);
    expect([hasButtons(first), hasButtons(second)]).toEqual([true, false]);
    await user.hover(second);
    expect([hasButtons(first), hasButtons(second)]).toEqual([false, true]);
    await user.unhover(second);
    await waitFor(() => expect(hasButtons(second)).toBe(false));

    // Keyboard: the first row is the table's tab stop, and arrow keys move on.
    first.focus();
    await waitFor(() => expect(hasButtons(first)).toBe(true));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect([hasButtons(first), hasButtons(second)]).toEqual([false, true]));
    // Tabbing on into the row keeps its buttons.
    await user.tab();
    expect(second.contains(document.activeElement)).toBe(true);
    expect(hasButtons(second)).toBe(true);
  });

  it('draws the buttons on every row when the screen has no hover', async () => {
    const wide = window.matchMedia.bind(window);
    window.matchMedia = (query: string) => ({
      ...wide(query),
      matches: query === '(hover: none)' || wide(query).matches,
    });
    try {
      answerAlerts([makeAlert({ resource: 'touch-one' }), makeAlert({ resource: 'touch-two' })]);
      renderApp('/alerts', { token: makeToken() });
      for (const name of [/touch-one/, /touch-two/]) {
        const row = await screen.findByRole('row', { name });
        await waitFor(() => expect(within(row).getByRole('button', { name: 'Close' })).toBeInTheDocument());
      }
    } finally {
      window.matchMedia = wide;
    }
  });

  it("keeps a row's menu open while the pointer crosses other rows", async () => {
    const requests = recordRequests();
    const alert = makeAlert({ resource: 'menu-row' });
    answerAlerts([alert, makeAlert({ resource: 'other-row' })]);
    const { user } = renderApp('/alerts', { token: makeToken(), config: { actions: ['createTicket'] } });
    const row = await pointAt(user, /menu-row/);
    await user.click(within(row).getByRole('button', { name: 'More actions' }));
    const item = await screen.findByRole('menuitem', { name: 'Create Ticket' });
    await user.hover(screen.getByRole('row', { name: /other-row/ }));
    await user.click(item);
    await waitFor(() =>
      expect(writes(requests).map((r) => [r.url.pathname, r.body])).toEqual([
        [`/alert/${alert.id}/action`, { action: 'createTicket', text: '' }],
      ]),
    );
  });

  it('hides the actions from a read-only user', async () => {
    answerAlerts([makeAlert({ resource: 'readonly-row' })]);
    const { user } = renderApp('/alerts', { token: makeToken({ scope: 'read:alerts' }) });
    const row = await pointAt(user, /readonly-row/);
    expect(buttonNames(row)).toEqual([]);
    // Selecting needs no permission: the checkbox is there.
    expect(within(row).getByRole('checkbox', { name: 'Select readonly-row NodeDown' })).toBeInTheDocument();
  });

  it('acknowledges with the user ack timeout, shelves with theirs, and reloads', async () => {
    const requests = recordRequests();
    const alert = makeAlert({ resource: 'acker', status: 'open' });
    answerAlerts([alert]);
    server.use(
      http.get(`${API}/user/me/attributes`, () =>
        HttpResponse.json({ status: 'ok', attributes: { prefs: { ackTimeout: 600, shelveTimeout: 3600 } } }),
      ),
    );
    const { user } = renderApp('/alerts', { token: makeToken() });
    const row = await pointAt(user, /acker/);
    const listLoads = () => requests.filter((r) => r.url.pathname === '/alerts').length;
    const loadsBefore = listLoads();
    await user.click(within(row).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(listLoads()).toBeGreaterThan(loadsBefore));
    await user.click(within(row).getByRole('button', { name: 'Shelve' }));
    await user.click(within(row).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(writes(requests)).toHaveLength(3));
    expect(writes(requests).map((r) => [r.method, r.url.pathname, r.body])).toEqual([
      ['PUT', `/alert/${alert.id}/action`, { action: 'ack', text: '', timeout: 600 }],
      ['PUT', `/alert/${alert.id}/action`, { action: 'shelve', text: '', timeout: 3600 }],
      ['PUT', `/alert/${alert.id}/action`, { action: 'close', text: '' }],
    ]);
  });

  it('ignores a second click within 200 ms', async () => {
    // On the fake clock: the clicks are 150 ms apart however long the machine takes to handle the first.
    startFakeClock();
    try {
      const requests = recordRequests();
      answerAlerts([makeAlert({ resource: 'twice' })]);
      renderApp('/alerts', { token: makeToken(), config: { refresh_interval: 60_000 } });
      await until(() => expect(screen.getByRole('row', { name: /twice/ })).toBeInTheDocument());
      const row = screen.getByRole('row', { name: /twice/ });
      fireEvent.focus(row);
      await until(() => expect(within(row).getByRole('button', { name: 'Close' })).toBeInTheDocument());
      const button = within(row).getByRole('button', { name: 'Close' });
      fireEvent.click(button);
      await advance(150);
      fireEvent.click(button);
      await until(() => expect(writes(requests)).toHaveLength(1));
      await advance(1000);
      expect(writes(requests)).toHaveLength(1);
    } finally {
      stopFakeClock();
    }
  });

  it('watches with the user tag and sends custom actions', async () => {
    const requests = recordRequests();
    const alert = makeAlert({ resource: 'custom' });
    answerAlerts([alert]);
    const { user } = renderApp('/alerts', { token: makeToken(), config: { actions: ['createTicket'] } });
    const row = await pointAt(user, /custom/);
    await user.click(within(row).getByRole('button', { name: 'Watch' }));
    await user.click(within(row).getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Create Ticket' }));
    await waitFor(() => expect(writes(requests)).toHaveLength(2));
    expect(writes(requests).map((r) => [r.url.pathname, r.body])).toEqual([
      [`/alert/${alert.id}/tag`, { tags: ['watch:alice@example.com'] }],
      [`/alert/${alert.id}/action`, { action: 'createTicket', text: '' }],
    ]);
  });

  it('deletes only after confirmation', async () => {
    const requests = recordRequests();
    const alert = makeAlert({ resource: 'doomed' });
    answerAlerts([alert]);
    const { user } = renderApp('/alerts', { token: makeToken() });
    const row = await pointAt(user, /doomed/);
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(requests)).toHaveLength(0);
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete' });
    expect(dialog).toHaveTextContent('Delete for good? This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(writes(requests).map((r) => [r.method, r.url.pathname])).toEqual([['DELETE', `/alert/${alert.id}`]]),
    );
  });

  it('shows the server message and code when an action fails', async () => {
    answerAlerts([makeAlert({ resource: 'stuck' })]);
    server.use(
      http.put(`${API}/alert/:id/action`, () =>
        HttpResponse.json(
          { status: 'error', message: 'alert is already in closed status', code: 409, errors: null, requestId: 'x' },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderApp('/alerts', { token: makeToken() });
    const row = await pointAt(user, /stuck/);
    await user.click(within(row).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(
        screen.getAllByRole('status').some((s) => s.textContent?.includes('Alert is already in closed status (409)')),
      ).toBe(true),
    );
  });
});

describe('selection and bulk actions', () => {
  it('selects with the row checkbox, extends with shift-click, and clears with Escape', async () => {
    const alerts = ['a1', 'a2', 'a3', 'a4'].map((resource) => makeAlert({ resource }));
    answerAlerts(alerts);
    const { user, location } = renderApp('/alerts', { token: makeToken() });
    const first = await screen.findByRole('row', { name: /a1/ });
    // The trend arrow is a picture now, not a control.
    expect(within(first).queryByRole('button', { name: /Select/ })).not.toBeInTheDocument();
    await user.click(within(first).getByRole('checkbox', { name: /Select a1/ }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    expect(screen.getByText('Refreshing paused while alerts are selected')).toBeInTheDocument();
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('checkbox', { name: /Select a3/ }));
    await user.keyboard('{/Shift}');
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    // A row click now selects instead of opening.
    await user.click(screen.getByText('a4'));
    expect(screen.getByText('4 selected')).toBeInTheDocument();
    expect(location().pathname).toBe('/alerts');
    await user.keyboard('{Escape}');
    expect(screen.queryByText(/selected$/)).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search alerts' })).toBeInTheDocument();
  });

  it('acks only the selected alerts that can be acked, then clears the selection', async () => {
    const requests = recordRequests();
    const open = makeAlert({ resource: 'b-open', status: 'open' });
    const acked = makeAlert({ resource: 'b-ack', status: 'ack' });
    answerAlerts([open, acked]);
    const { user } = renderApp('/alerts', { token: makeToken() });
    await user.click(
      within(await screen.findByRole('row', { name: /b-open/ })).getByRole('checkbox', { name: /Select/ }),
    );
    await user.click(screen.getByRole('checkbox', { name: /Select b-ack/ }));
    const bar = screen.getByRole('banner');
    await user.click(within(bar).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(writes(requests)).toHaveLength(1));
    expect(writes(requests)[0]?.url.pathname).toBe(`/alert/${open.id}/action`);
    expect(writes(requests)[0]?.body).toEqual({ action: 'ack', text: '' });
    expect(screen.queryByText(/selected$/)).not.toBeInTheDocument();
  });

  it('watches all when any is unwatched, unwatches all otherwise, and deletes after confirmation', async () => {
    const requests = recordRequests();
    const watched = makeAlert({ resource: 'w1', tags: ['watch:alice@example.com'] });
    const unwatched = makeAlert({ resource: 'w2' });
    answerAlerts([watched, unwatched]);
    const { user } = renderApp('/alerts', { token: makeToken() });
    await user.click(within(await screen.findByRole('row', { name: /w1/ })).getByRole('checkbox', { name: /Select/ }));
    await user.click(screen.getByRole('checkbox', { name: /Select w2/ }));
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Watch or stop watching' }));
    await waitFor(() => expect(writes(requests)).toHaveLength(2));
    expect(
      writes(requests)
        .map((r) => r.url.pathname)
        .sort(),
    ).toEqual([`/alert/${watched.id}/tag`, `/alert/${unwatched.id}/tag`].sort());

    await user.click(within(screen.getByRole('row', { name: /w1/ })).getByRole('checkbox', { name: /Select/ }));
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Watch or stop watching' }));
    await waitFor(() => expect(writes(requests)).toHaveLength(3));
    expect(writes(requests)[2]?.url.pathname).toBe(`/alert/${watched.id}/untag`);

    await user.click(within(screen.getByRole('row', { name: /w2/ })).getByRole('checkbox', { name: /Select/ }));
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(writes(requests)).toHaveLength(4));
    expect(writes(requests)[3]).toMatchObject({ method: 'DELETE', url: new URL(`${API}/alert/${unwatched.id}`) });
  });

  it('moves between rows with the arrow keys and opens one with Enter', async () => {
    const alerts = ['k1', 'k2'].map((resource) => makeAlert({ resource }));
    answerAlerts(alerts);
    const { user, location } = renderApp('/alerts', { token: makeToken() });
    const first = await screen.findByRole('row', { name: /k1/ });
    first.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('row', { name: /k2/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location().pathname).toBe(`/alert/${alerts[1]?.id}`));
  });

  it('lets the user pause and resume auto-refresh', async () => {
    startFakeClock();
    try {
      answerAlerts([makeAlert({ resource: 'p1' })]);
      const { apiCalls } = renderApp('/alerts', { token: makeToken(), config: { refresh_interval: 100 } });
      await until(() => expect(screen.getByRole('row', { name: /p1/ })).toBeInTheDocument());
      fireEvent.click(screen.getByRole('button', { name: 'Pause refreshing' }));
      expect(screen.getByText('Refreshing paused')).toBeInTheDocument();
      // A load that is due calls the API client at once, so the calls counted here are all there are.
      const count = apiCalls.paths().length;
      await advance(350);
      expect(apiCalls.paths()).toHaveLength(count);
      fireEvent.click(screen.getByRole('button', { name: 'Resume refreshing' }));
      await until(() => expect(apiCalls.paths().length).toBeGreaterThan(count + 1), 100);
    } finally {
      stopFakeClock();
    }
  });

  it('limits the list to watched alerts with the watch switch', async () => {
    const requests = recordRequests();
    answerAlerts([makeAlert()]);
    const { user } = renderApp('/alerts?q=severity:major', { token: makeToken() });
    await user.click(await screen.findByRole('switch', { name: 'Watched only' }));
    await waitFor(() =>
      expect(
        requests
          .filter((r) => r.url.pathname === '/alerts')
          .at(-1)
          ?.url.searchParams.get('q'),
      ).toBe('(severity:major) AND tags:"watch:alice@example.com"'),
    );
  });

  it('shows the last note icon when the user wants it', async () => {
    const requests = recordRequests();
    const alert = makeAlert({
      resource: 'noted',
      history: [
        {
          id: 'n1',
          href: '',
          event: 'NodeDown',
          severity: 'major',
          status: 'open',
          value: null,
          text: 'first look',
          type: 'note',
          updateTime: '2026-11-20T10:01:00.000Z',
          user: 'bob',
          timeout: null,
        },
        {
          id: 'n2',
          href: '',
          event: 'NodeDown',
          severity: 'major',
          status: 'open',
          value: null,
          text: 'rebooting it',
          type: 'note',
          updateTime: '2026-11-20T10:02:00.000Z',
          user: 'bob',
          timeout: null,
        },
      ],
    });
    answerAlerts([alert]);
    server.use(
      http.get(`${API}/user/me/attributes`, () =>
        HttpResponse.json({ status: 'ok', attributes: { prefs: { showNotesIcon: true } } }),
      ),
    );
    renderApp('/alerts', { token: makeToken() });
    const row = await screen.findByRole('row', { name: /noted/ });
    expect(within(row).getByRole('img', { name: 'Last note: rebooting it' })).toBeInTheDocument();
    expect(requests.find((r) => r.url.pathname === '/alerts')?.url.searchParams.get('show-history')).toBe('true');
  });
});
