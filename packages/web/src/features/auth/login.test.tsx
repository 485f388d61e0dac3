import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, errorEnvelope, makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { recordRequests, server } from '../../test/server';
import { TOKEN_STORAGE_KEY } from './token';
import { alertsScenario } from '../../test/mocks';

const ui = {
  username: () => screen.getByLabelText('Username or email'),
  password: () => screen.getByLabelText('Password'),
  submit: () => screen.getByRole('button', { name: 'Log in' }),
};

describe('login screen', () => {
  it('posts the credentials, stores the token and follows the redirect', async () => {
    const token = makeToken({ preferred_username: 'bob', scope: 'read' });
    const requests = recordRequests();
    server.use(http.post(`${API}/auth/login`, () => HttpResponse.json({ token })));
    const { user, location } = renderApp('/login?redirect=%2Fheartbeats%3Fsort%3Dnew');
    await screen.findByRole('button', { name: 'Log in' });

    await user.type(ui.username(), '  bob@example.com ');
    await user.type(ui.password(), 's3cret!');
    await user.click(ui.submit());

    await waitFor(() => expect(`${location().pathname}${location().search}`).toBe('/heartbeats?sort=new'));
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    const login = requests.find((r) => r.url.pathname === '/auth/login');
    expect(login?.method).toBe('POST');
    await waitFor(() => expect(login?.body).toEqual({ username: 'bob@example.com', password: 's3cret!' }));
    expect(await screen.findByRole('button', { name: 'Account menu for bob' })).toBeInTheDocument();
  });

  it('goes to /alerts without a redirect, and never to another site', async () => {
    alertsScenario.list([]);
    server.use(http.post(`${API}/auth/login`, () => HttpResponse.json({ token: makeToken() })));
    const { user, location } = renderApp('/login?redirect=%2F%2Fevil.example%2F');
    await screen.findByRole('button', { name: 'Log in' });
    await user.type(ui.username(), 'alice');
    await user.type(ui.password(), 'pw');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location().pathname).toBe('/alerts'));
  });

  it("shows the server's message when the login is refused", async () => {
    server.use(
      http.post(`${API}/auth/login`, () =>
        HttpResponse.json(errorEnvelope(401, 'Invalid username or password'), { status: 401 }),
      ),
    );
    const { user, location } = renderApp('/login');
    await screen.findByRole('button', { name: 'Log in' });
    await user.type(ui.username(), 'alice');
    await user.type(ui.password(), 'wrong');
    await user.click(ui.submit());

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(location().pathname).toBe('/login');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('shows a 403 message such as an unverified email', async () => {
    server.use(
      http.post(`${API}/auth/login`, () =>
        HttpResponse.json(errorEnvelope(403, 'email not verified'), { status: 403 }),
      ),
    );
    const { user } = renderApp('/login');
    await screen.findByRole('button', { name: 'Log in' });
    await user.type(ui.username(), 'alice');
    await user.type(ui.password(), 'pw');
    await user.click(ui.submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('email not verified');
  });

  it('asks for both fields before sending anything', async () => {
    const requests = recordRequests();
    const { user } = renderApp('/login');
    await screen.findByRole('button', { name: 'Log in' });

    await user.click(ui.submit());

    expect(ui.username()).toHaveAccessibleDescription('Please fill in this field');
    expect(ui.password()).toHaveAccessibleDescription('Please fill in this field');
    expect(ui.username()).toBeInvalid();
    await user.type(ui.username(), 'alice');
    await user.click(ui.submit());
    expect(ui.username()).not.toHaveAccessibleDescription('Please fill in this field');
    expect(ui.password()).toHaveAccessibleDescription('Please fill in this field');
    expect(requests).toHaveLength(0);
  });
});

describe('logout', () => {
  it('forgets the token, tells the server, and says so', async () => {
    const requests = recordRequests();
    server.use(http.post(`${API}/auth/logout`, () => HttpResponse.json({ status: 'ok' })));
    renderApp('/logout', { token: makeToken() });

    expect(await screen.findByText('You have been logged out.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in again' })).toHaveAttribute('href', '/login');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    const posts = () => requests.filter((r) => r.method === 'POST');
    await waitFor(() => expect(posts().map((r) => r.url.pathname)).toEqual(['/auth/logout']));
    expect(posts()[0]?.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('still logs out when the server call fails', async () => {
    server.use(http.post(`${API}/auth/logout`, () => HttpResponse.error()));
    renderApp('/logout', { token: makeToken() });
    expect(await screen.findByText('You have been logged out.')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('is reached from the account menu', async () => {
    alertsScenario.list([]);
    server.use(http.post(`${API}/auth/logout`, () => HttpResponse.json({ status: 'ok' })));
    const { user, location } = renderApp('/alerts', { token: makeToken({ preferred_username: 'carol' }) });

    await user.click(await screen.findByRole('button', { name: 'Account menu for carol' }));
    await user.click(await screen.findByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(location().pathname).toBe('/logout'));
    expect(await screen.findByText('You have been logged out.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Account menu/ })).not.toBeInTheDocument();
  });
});
