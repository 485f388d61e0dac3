import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DOCS_URL } from '../config/defaults';
import { TOKEN_STORAGE_KEY } from '../features/auth/token';
import { http, HttpResponse } from 'msw';
import { API, makeToken } from '../test/fixtures';
import { renderApp } from '../test/renderApp';
import { recordRequests, server } from '../test/server';
import { rewriteLegacyHashUrl } from './redirects';
import { alertsScenario } from '../test/mocks';

function serveNoAlerts() {
  alertsScenario.list([]);
}

const fullPath = (location: { pathname: string; search: string }) => `${location.pathname}${location.search}`;

describe('routes and guard', () => {
  it('sends a visitor who is not logged in to /login with the original path and query', async () => {
    const { location } = renderApp('/heartbeats?x=1');
    await screen.findByRole('button', { name: 'Log in' });
    expect(fullPath(location())).toBe('/login?redirect=%2Fheartbeats%3Fx%3D1');
    await waitFor(() => expect(document.title).toBe('Log In | Alerta'));
  });

  it('lets anonymous visitors in when read-only access is allowed', async () => {
    serveNoAlerts();
    const { location } = renderApp('/alerts', { config: { allow_readonly: true } });
    expect(await screen.findByText('No data available')).toBeInTheDocument();
    expect(location().pathname).toBe('/alerts');
  });

  it('lets anyone in when auth is not required', async () => {
    serveNoAlerts();
    const { location } = renderApp('/alerts', { config: { auth_required: false } });
    expect(await screen.findByText('No data available')).toBeInTheDocument();
    expect(location().pathname).toBe('/alerts');
  });

  it('treats an expired token as logged out', async () => {
    const { location } = renderApp('/alerts', { token: makeToken({ exp: Math.floor(Date.now() / 1000) - 10 }) });
    await screen.findByRole('button', { name: 'Log in' });
    expect(fullPath(location())).toBe('/login?redirect=%2Falerts');
  });

  it('rewrites an old-style /#/ address', async () => {
    serveNoAlerts();
    const { location } = renderApp('/#/alerts', { token: makeToken() });
    await screen.findByText('No data available');
    expect(location().pathname).toBe('/alerts');
    expect(location().hash).toBe('');
  });

  it('says an unknown path is not found, shows it as text and links back to the list', async () => {
    serveNoAlerts();
    const { user, location } = renderApp('/docs/<b>x</b>?a=1#top', { token: makeToken() });
    expect(await screen.findByRole('heading', { name: 'Page not found', level: 1 })).toBeInTheDocument();
    // The address as text, never as markup, and the address bar keeps it.
    expect(screen.getByTestId('unknown-address')).toHaveTextContent('/docs/<b>x</b>?a=1#top');
    expect(screen.getByTestId('unknown-address').querySelector('b')).toBeNull();
    expect(fullPath(location())).toBe('/docs/<b>x</b>?a=1');
    await waitFor(() => expect(document.title).toBe('Not Found | Alerta'));
    await user.click(screen.getByRole('link', { name: 'Go to the alert list' }));
    await waitFor(() => expect(location().pathname).toBe('/alerts'));
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });

  it('says an unknown path is not found to a visitor who is not logged in too', async () => {
    const { location } = renderApp('/docs');
    expect(await screen.findByRole('heading', { name: 'Page not found', level: 1 })).toBeInTheDocument();
    expect(location().pathname).toBe('/docs');
  });

  it('sends / to /alerts (and from there to login)', async () => {
    const { location } = renderApp('/');
    await screen.findByRole('button', { name: 'Log in' });
    expect(fullPath(location())).toBe('/login?redirect=%2Falerts');
  });

  it('still follows an old /#/ link that reaches the router on an unknown path', async () => {
    serveNoAlerts();
    const { location } = renderApp('/old/#/alerts', { token: makeToken() });
    await screen.findByText('No data available');
    expect(location().pathname).toBe('/alerts');
  });

  it('loads a screen of its own chunk under its translated title', async () => {
    renderApp('/heartbeats', { token: makeToken() });
    expect(await screen.findByRole('heading', { name: 'Heartbeats' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Heartbeats | Alerta'));
  });

  it.each([
    ['/alerts', 'Alerts | Alerta'],
    ['/perms', 'Permissions | Alerta'],
    ['/keys', 'API Keys | Alerta'],
    ['/reset/abc', 'Reset Password | Alerta'],
  ])('titles %s as "%s"', async (path, title) => {
    serveNoAlerts();
    renderApp(path, { token: makeToken() });
    // A screen of its own chunk, with its texts: up to five seconds on a busy machine.
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('titles /confirm/abc as "Confirm Email | Alerta" while it confirms the address', async () => {
    server.use(
      http.post(`${API}/auth/confirm/:token`, () =>
        HttpResponse.json({ status: 'ok', message: 'email address confirmed' }),
      ),
    );
    const requests = recordRequests();
    renderApp('/confirm/abc', { token: makeToken() });
    await waitFor(() => expect(document.title).toBe('Confirm Email | Alerta'));
    // The screen confirms on arrival: the test ends once that call has been answered, not while it is under way.
    await requests.next({ method: 'POST', path: '/auth/confirm/abc' });
    expect(await screen.findByText('email address confirmed')).toBeInTheDocument();
  });

  it('opens /help in a new tab and does not stay on it', async () => {
    serveNoAlerts();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { location } = renderApp('/help', { token: makeToken() });
    await waitFor(() => expect(open).toHaveBeenCalledWith(DOCS_URL, '_blank', 'noopener,noreferrer'));
    await waitFor(() => expect(location().pathname).toBe('/alerts'));
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('opens a path that is an absolute address in a new window', async () => {
    serveNoAlerts();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderApp('/https://example.com/runbook', { token: makeToken() });
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('https://example.com/runbook', '_blank', 'noopener,noreferrer'),
    );
  });

  it('logs out and goes to /login with the current path when the API answers 401', async () => {
    alertsScenario.failing(401, 'Token has expired');
    const { location } = renderApp('/alerts?q=db', { token: makeToken() });
    await waitFor(() => expect(fullPath(location())).toBe('/login?redirect=%2Falerts%3Fq%3Ddb'));
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });
});

describe('rewriteLegacyHashUrl', () => {
  it('replaces /#/x with /x before the router starts', () => {
    const replaceState = vi.fn();
    rewriteLegacyHashUrl({ location: { hash: '#/alert/123?x=1' } as Location, history: { replaceState } as never });
    expect(replaceState).toHaveBeenCalledWith(null, '', '/alert/123?x=1');
  });

  it('leaves filter hashes of the alerts screen alone', () => {
    const replaceState = vi.fn();
    rewriteLegacyHashUrl({ location: { hash: '#status:open' } as Location, history: { replaceState } as never });
    expect(replaceState).not.toHaveBeenCalled();
  });
});
