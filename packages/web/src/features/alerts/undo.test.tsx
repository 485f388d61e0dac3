import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { advance, startFakeClock, stopFakeClock, until } from '../../test/fakeClock';
import { API, makeAlert, makeToken } from '../../test/fixtures';
import { alertsScenario, refusal } from '../../test/mocks';
import { renderApp } from '../../test/renderApp';
import { recordRequests, server, type RecordedRequest } from '../../test/server';

// docs/console/behaviour.md#undo

const actionsSent = (requests: RecordedRequest[]) =>
  requests
    .filter((r) => r.method === 'PUT' && r.url.pathname.endsWith('/action'))
    .map((r) => [decodeURIComponent(r.url.pathname.split('/')[2] ?? ''), (r.body as { action?: string }).action]);

const statusOf = (id: string) => alertsScenario.alerts().find((a) => a.id === id)?.status;

async function pointAt(user: UserEvent, name: RegExp): Promise<HTMLElement> {
  const row = await screen.findByRole('row', { name });
  await user.hover(row);
  return row;
}

describe('undo after an action', () => {
  it('shelves, says so with Undo, and unshelves exactly that alert', async () => {
    const requests = recordRequests();
    const target = makeAlert({ resource: 'to-shelve', status: 'open' });
    alertsScenario.list([target, makeAlert({ resource: 'other', status: 'open' })]);
    const { user } = renderApp('/alerts', { token: makeToken() });
    const row = await pointAt(user, /to-shelve/);
    await user.click(within(row).getByRole('button', { name: 'Shelve' }));

    const status = screen.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('1 alert shelved'));
    expect(statusOf(target.id)).toBe('shelved');
    await user.click(within(status).getByRole('button', { name: 'Undo' }));

    await waitFor(() => expect(statusOf(target.id)).toBe('open'));
    expect(actionsSent(requests)).toEqual([
      [target.id, 'shelve'],
      [target.id, 'unshelve'],
    ]);
    await waitFor(() => expect(status).toHaveTextContent(/Undone for 1 alert(?!s)/));
  });

  it('undoes an ack with unack and a close with open', async () => {
    const requests = recordRequests();
    const acked = makeAlert({ resource: 'acker', status: 'open' });
    const closed = makeAlert({ resource: 'closer', status: 'open' });
    alertsScenario.list([acked, closed]);
    const { user } = renderApp('/alerts', { token: makeToken() });
    const status = screen.getByRole('status');

    await user.click(within(await pointAt(user, /acker/)).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(status).toHaveTextContent('1 alert acknowledged'));
    await user.click(within(status).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(statusOf(acked.id)).toBe('open'));

    await user.click(within(await pointAt(user, /closer/)).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(status).toHaveTextContent('1 alert closed'));
    await user.click(within(status).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(statusOf(closed.id)).toBe('open'));

    expect(actionsSent(requests)).toEqual([
      [acked.id, 'ack'],
      [acked.id, 'unack'],
      [closed.id, 'close'],
      [closed.id, 'open'],
    ]);
  });

  it('offers Undo for 8 s, then takes the message away', async () => {
    startFakeClock();
    try {
      alertsScenario.list([makeAlert({ resource: 'timed', status: 'open' })]);
      renderApp('/alerts', { token: makeToken(), config: { refresh_interval: 60_000 } });
      await until(() => expect(screen.getByRole('row', { name: /timed/ })).toBeInTheDocument());
      const row = screen.getByRole('row', { name: /timed/ });
      fireEvent.focus(row);
      await until(() => expect(within(row).getByRole('button', { name: 'Acknowledge' })).toBeInTheDocument());
      fireEvent.click(within(row).getByRole('button', { name: 'Acknowledge' }));
      const status = screen.getByRole('status');
      await until(() => expect(within(status).getByRole('button', { name: 'Undo' })).toBeInTheDocument());
      await advance(7900);
      expect(within(status).getByRole('button', { name: 'Undo' })).toBeInTheDocument();
      await advance(200);
      expect(within(status).queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    } finally {
      stopFakeClock();
    }
  });

  it('sends one message for a bulk action and undoes only the alerts it changed', async () => {
    const requests = recordRequests();
    const first = makeAlert({ resource: 'bulk-1', status: 'open' });
    const second = makeAlert({ resource: 'bulk-2', status: 'open' });
    const refused = makeAlert({ resource: 'bulk-3', status: 'open' });
    alertsScenario.list([first, second, refused]);
    server.use(
      http.put(`${API}/alert/:id/action`, ({ params }) =>
        params.id === refused.id ? refusal(409, 'alert is locked') : undefined,
      ),
    );
    const { user } = renderApp('/alerts', { token: makeToken() });
    for (const name of [/bulk-1/, /bulk-2/, /bulk-3/]) {
      await user.click(within(await screen.findByRole('row', { name })).getByRole('checkbox'));
    }
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Close' }));

    const status = screen.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('2 alerts closed'));
    await user.click(within(status).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(statusOf(second.id)).toBe('open'));
    expect(statusOf(first.id)).toBe('open');
    const undone = actionsSent(requests).filter(([, action]) => action === 'open');
    expect(undone.map(([id]) => id).sort()).toEqual([first.id, second.id].sort());
    // The refusal of the third is said after the Undo message.
    await waitFor(() => expect(status).toHaveTextContent('Alert is locked (409)'));
  });

  it('sends a large batch and its Undo six requests at a time', async () => {
    const alerts = Array.from({ length: 14 }, (_, n) => makeAlert({ resource: `many-${String(n)}`, status: 'open' }));
    alertsScenario.list(alerts);
    let inFlight = 0;
    let most = 0;
    server.use(
      http.put(`${API}/alert/:id/action`, async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 20));
        inFlight -= 1;
        return undefined;
      }),
    );
    const { user } = renderApp('/alerts', { token: makeToken() });
    await screen.findByRole('row', { name: /many-13/ });
    await user.click(screen.getByRole('checkbox', { name: 'Select every alert on this page' }));
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Acknowledge' }));

    const status = screen.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('14 alerts acknowledged'));
    expect(most).toBe(6);
    most = 0;
    await user.click(within(status).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(status).toHaveTextContent('Undone for 14 alerts'));
    expect(most).toBe(6);
    expect(alerts.every((alert) => statusOf(alert.id) === 'open')).toBe(true);
  });

  it('replaces the message with the next action and says when an undo fails', async () => {
    const requests = recordRequests();
    const one = makeAlert({ resource: 'one', status: 'open' });
    const two = makeAlert({ resource: 'two', status: 'open' });
    alertsScenario.list([one, two]);
    server.use(
      http.put(`${API}/alert/:id/action`, async ({ request }) => {
        const { action } = (await request.clone().json()) as { action?: string };
        return action === 'unack' ? refusal(409, 'alert is not in ack status') : undefined;
      }),
    );
    const { user } = renderApp('/alerts', { token: makeToken() });
    const status = screen.getByRole('status');
    await user.click(within(await pointAt(user, /one/)).getByRole('button', { name: 'Shelve' }));
    await waitFor(() => expect(status).toHaveTextContent('1 alert shelved'));
    await user.click(within(await pointAt(user, /two/)).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(status).toHaveTextContent('1 alert acknowledged'));
    expect(within(status).getAllByRole('button', { name: 'Undo' })).toHaveLength(1);

    await user.click(within(status).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(actionsSent(requests)).toHaveLength(3));
    await waitFor(() => expect(status).toHaveTextContent('Undo failed for 1 alert: alert is not in ack status (409)'));
    expect(actionsSent(requests)).toEqual([
      [one.id, 'shelve'],
      [two.id, 'ack'],
      [two.id, 'unack'],
    ]);
    // The first message is gone for good: nothing offers to unshelve the first alert any more.
    await user.click(within(status).getByRole('button', { name: 'Close' }));
    expect(within(status).queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });

  it('still asks before deleting, and says how many were deleted, with no Undo', async () => {
    const gone = makeAlert({ resource: 'doomed' });
    alertsScenario.list([gone]);
    const { user } = renderApp('/alerts', { token: makeToken() });
    await user.click(within(await pointAt(user, /doomed/)).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const status = screen.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('1 alert deleted'));
    expect(within(status).queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    expect(alertsScenario.alerts()).toEqual([]);
  });
});
