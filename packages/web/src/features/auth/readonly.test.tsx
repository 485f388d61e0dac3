import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, makeAlert, makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { recordRequests, server } from '../../test/server';
import { accountLinkFrom } from '../../app/redirects';
import { alertsScenario } from '../../test/mocks';

// docs/console/behaviour.md#screens-and-routes, docs/console/behaviour.md#roles-and-permissions: with allow_readonly,
// anonymous visitors see the screens that need a login, with the read-only scopes only, and the top bar offers to log
// in (and to sign up when sign-up is on).

function answerAlerts() {
  alertsScenario.list([makeAlert({ resource: 'ro-web' })]);
}

const rowButtons = (row: HTMLElement) =>
  within(row)
    .queryAllByRole('button')
    .map((b) => b.getAttribute('aria-label'));

describe('read-only access for anonymous visitors', () => {
  it('shows the alerts without write controls, and offers to log in or sign up', async () => {
    answerAlerts();
    const requests = recordRequests();
    const { user, location } = renderApp('/alerts', { config: { allow_readonly: true } });

    const row = await screen.findByRole('row', { name: /ro-web/ });
    await user.hover(row);
    expect(rowButtons(row)).not.toContain('Acknowledge');
    expect(rowButtons(row)).not.toContain('Delete');
    expect(location().pathname).toBe('/alerts');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    // No session, so no Authorization header and no user attributes to load.
    expect(requests.every((r) => !r.headers.has('Authorization'))).toBe(true);
    expect(requests.some((r) => r.url.pathname === '/user/me/attributes')).toBe(false);
  });

  it('hides the sign-up button when sign-up is off', async () => {
    answerAlerts();
    renderApp('/alerts', { config: { allow_readonly: true, signup_enabled: false } });
    await screen.findByRole('row', { name: /ro-web/ });
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
  });

  it('still gives a logged-in writer the write controls', async () => {
    answerAlerts();
    const { user } = renderApp('/alerts', {
      config: { allow_readonly: true },
      token: makeToken({ scope: 'read write' }),
    });
    const row = await screen.findByRole('row', { name: /ro-web/ });
    await user.hover(row);
    expect(rowButtons(row)).toContain('Acknowledge');
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('lets the visitor log in from the top bar and come back', async () => {
    answerAlerts();
    server.use(http.post(`${API}/auth/login`, () => HttpResponse.json({ token: makeToken() })));
    const { user, location } = renderApp('/alerts', { config: { allow_readonly: true } });
    await screen.findByRole('row', { name: /ro-web/ });
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    expect(location().pathname).toBe('/login');
    await user.type(await screen.findByLabelText('Username or email'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('button', { name: /Account menu/ })).toBeInTheDocument();
    expect(location().pathname).toBe('/alerts');
  });
});

describe('the top bar log-in and sign-up links', () => {
  it('come back to where the visitor was, except from the account screens', () => {
    expect(accountLinkFrom('/login', '/alerts')).toBe('/login');
    expect(accountLinkFrom('/login', '/alert/abc?x=1#y')).toBe('/login?redirect=%2Falert%2Fabc%3Fx%3D1%23y');
    expect(accountLinkFrom('/signup', '/heartbeats')).toBe('/signup?redirect=%2Fheartbeats');
    for (const path of ['/logout', '/forgot', '/reset/t', '/confirm/t', '/login?redirect=%2Fx', '/signup']) {
      expect(accountLinkFrom('/login', path)).toBe('/login');
    }
  });
});
