import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { advance, startFakeClock, stopFakeClock, until } from '../../test/fakeClock';
import { API, makeAlert, makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { recordRequests, server, type RecordedRequest } from '../../test/server';
import { alertsScenario } from '../../test/mocks';

// docs/console/behaviour.md#states-and-actions, docs/console/behaviour.md#constants: Refresh reloads what the screen
// shows and says so for 300 ms; the alert detail follows it.

let requests: RecordedRequest[] = [];
const calls = (path: string, method = 'GET') =>
  requests.filter((r) => r.method === method && r.url.pathname === path).length;

function serveDetail(alert: ReturnType<typeof makeAlert>) {
  alertsScenario.list([]);
  server.use(
    http.get(`${API}/alert/${alert.id}`, () => HttpResponse.json({ status: 'ok', total: 1, alert })),
    http.get(`${API}/alert/${alert.id}/notes`, () => HttpResponse.json({ status: 'ok', notes: [], total: 0 })),
    http.put(`${API}/alert/${alert.id}/note`, () => HttpResponse.json({ status: 'ok', id: 'n9' }, { status: 201 })),
  );
}

beforeEach(() => {
  startFakeClock();
  requests = recordRequests();
});
afterEach(stopFakeClock);

describe('Refresh', () => {
  it('shows that it is refreshing for 300 ms and reloads the list', async () => {
    alertsScenario.list([]);
    renderApp('/alerts', { token: makeToken(), config: { refresh_interval: 60_000 } });
    await until(() => expect(screen.getByText('No data available')).toBeInTheDocument());
    expect(calls('/alerts')).toBe(1);
    const button = screen.getByRole('button', { name: 'Refresh' });
    expect(button).toHaveAttribute('aria-busy', 'false');

    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-busy', 'true');
    await until(() => expect(calls('/alerts')).toBe(2));
    await until(() => expect(calls('/environments')).toBe(2));
    await advance(299);
    expect(button).toHaveAttribute('aria-busy', 'true');
    await advance(1);
    expect(button).toHaveAttribute('aria-busy', 'false');
  });

  it('reloads the alert detail and its notes', async () => {
    const alert = makeAlert({ resource: 'detail01' });
    serveDetail(alert);
    renderApp(`/alert/${alert.id}`, { token: makeToken() });
    await until(() => expect(screen.getByRole('heading', { name: 'detail01 · NodeDown' })).toBeInTheDocument());
    expect(calls(`/alert/${alert.id}`)).toBe(1);
    expect(calls(`/alert/${alert.id}/notes`)).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await until(() => expect(calls(`/alert/${alert.id}`)).toBe(2));
    await until(() => expect(calls(`/alert/${alert.id}/notes`)).toBe(2));
    // The user's preferences are not screen data.
    expect(calls('/user/me/attributes')).toBe(1);
  });
});

describe('add note', () => {
  it('ignores a second click within 200 ms', async () => {
    const alert = makeAlert({ resource: 'noted01' });
    serveDetail(alert);
    server.use(
      // A slow answer keeps the form open for the second click.
      http.put(`${API}/alert/${alert.id}/note`, async () => {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        return HttpResponse.json({ status: 'ok', id: 'n9' }, { status: 201 });
      }),
    );
    renderApp(`/alert/${alert.id}`, { token: makeToken() });
    await until(() => expect(screen.getByRole('heading', { name: 'noted01 · NodeDown' })).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Note' }), { target: { value: 'rebooted' } });
    const add = screen.getByRole('button', { name: 'Add note' });
    fireEvent.click(add);
    await until(() => expect(calls(`/alert/${alert.id}/note`, 'PUT')).toBe(1));
    await advance(150);
    fireEvent.click(add);
    await advance(1000);
    await until(() => expect(screen.queryByRole('textbox', { name: 'Note' })).not.toBeInTheDocument());
    expect(calls(`/alert/${alert.id}/note`, 'PUT')).toBe(1);
  });

  it('sends the same note again after 200 ms', async () => {
    const alert = makeAlert({ resource: 'noted02' });
    serveDetail(alert);
    server.use(
      // The first attempt fails, so the form stays open for a second one.
      http.put(
        `${API}/alert/${alert.id}/note`,
        () => HttpResponse.json({ status: 'error', message: 'try later', code: 503 }, { status: 503 }),
        { once: true },
      ),
    );
    renderApp(`/alert/${alert.id}`, { token: makeToken() });
    await until(() => expect(screen.getByRole('heading', { name: 'noted02 · NodeDown' })).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Note' }), { target: { value: 'rebooted' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await until(() => expect(screen.getByRole('status')).toHaveTextContent('Try later (503)'));
    await advance(200);
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await until(() => expect(calls(`/alert/${alert.id}/note`, 'PUT')).toBe(2));
  });
});
