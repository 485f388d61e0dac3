import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createI18n } from '../i18n';
import { advance, startFakeClock, stopFakeClock, until } from '../test/fakeClock';
import { API, errorEnvelope, makeAlert, makeToken } from '../test/fixtures';
import { renderApp } from '../test/renderApp';
import { server } from '../test/server';
import { expectConsoleMessage } from '../test/setup';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, lazyChunk, loadChunk } from './lazyChunk';
import { NotificationStore } from './notifications/notificationStore';
import { NotificationProvider, Snackbar } from './notifications/Snackbar';
import { RouteError } from './RouteError';
import { alertsScenario } from '../test/mocks';

// docs/console/behaviour.md#errors: what the console says when loading something fails.

describe('failed loads', () => {
  it("says when the user's preferences cannot be loaded, and still lists the alerts", async () => {
    alertsScenario.list([makeAlert({ resource: 'still-here' })]);
    server.use(
      http.get(`${API}/user/me/attributes`, () =>
        HttpResponse.json(errorEnvelope(500, 'database is down'), { status: 500 }),
      ),
    );
    renderApp('/alerts', { token: makeToken() });
    const status = screen.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Your preferences could not be loaded.'));
    expect(status.firstElementChild).toHaveAttribute('data-kind', 'error');
    expect(await screen.findByRole('row', { name: /still-here/ })).toBeInTheDocument();
  });

  it("shows the server's message and code when the alert list cannot be loaded", async () => {
    alertsScenario.failing(400, 'syntax error in query');
    renderApp('/alerts', { token: makeToken(), config: { refresh_interval: 60_000 } });
    const status = screen.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Syntax error in query (400)'));
    // The screen says so in place as well.
    expect(screen.getByText('The alerts could not be loaded.')).toBeInTheDocument();
  });

  it('reports a failed alert detail load in the snackbar too', async () => {
    server.use(
      http.get(`${API}/alert/:id`, () => HttpResponse.json(errorEnvelope(404, 'alert not found'), { status: 404 })),
      http.get(`${API}/alert/:id/notes`, () => HttpResponse.json({ status: 'ok', notes: [], total: 0 })),
    );
    renderApp('/alert/nope', { token: makeToken() });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Alert not found (404)'));
  });
});

describe('code chunks', () => {
  beforeEach(startFakeClock);
  afterEach(stopFakeClock);

  it('gives a chunk 120 s to arrive', async () => {
    const outcome = loadChunk(() => new Promise<never>(() => undefined)).catch((error: unknown) => error);
    await advance(CHUNK_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await advance(0);
    expect(settled).toBe(false);
    await advance(1);
    expect(await outcome).toBeInstanceOf(ChunkLoadError);
  });

  it('passes a chunk through, or its failure as a ChunkLoadError', async () => {
    await expect(loadChunk(() => Promise.resolve('module'))).resolves.toBe('module');
    await expect(loadChunk(() => Promise.reject(new TypeError('Failed to fetch')))).rejects.toMatchObject({
      name: 'ChunkLoadError',
      message: 'Failed to fetch',
    });
  });

  it('shows the error in place of a screen whose chunk never comes, and in the snackbar', async () => {
    // React and React Router report the error they caught while developing.
    expectConsoleMessage(/timed out after 120 s/);
    const Hanging = lazyChunk<object>(() => new Promise<never>(() => undefined));
    const router = createMemoryRouter([
      {
        errorElement: <RouteError />,
        children: [
          {
            path: '/',
            element: (
              <Suspense fallback={<p>Loading the screen</p>}>
                <Hanging />
              </Suspense>
            ),
          },
        ],
      },
    ]);
    render(
      <MantineProvider>
        <I18nextProvider i18n={createI18n('en')}>
          <NotificationProvider store={new NotificationStore()}>
            <RouterProvider router={router} />
            <Snackbar />
          </NotificationProvider>
        </I18nextProvider>
      </MantineProvider>,
    );
    expect(screen.getByText('Loading the screen')).toBeInTheDocument();
    await advance(CHUNK_TIMEOUT_MS - 1000);
    expect(screen.getByText('Loading the screen')).toBeInTheDocument();
    await advance(1000);
    await until(() => expect(screen.getByText('Something went wrong on this screen.')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Part of the console could not be loaded. Check your connection and reload the page.',
    );
  });
});
