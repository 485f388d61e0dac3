import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, errorEnvelope, makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { recordRequests, server } from '../../test/server';
import { TOKEN_STORAGE_KEY } from './token';

const posts = (requests: ReturnType<typeof recordRequests>) => requests.filter((r) => r.method === 'POST');

describe('sign up', () => {
  const ui = {
    name: () => screen.getByLabelText(/^Full name/),
    email: () => screen.getByLabelText(/^Email/),
    password: () => screen.getByLabelText(/^Password/),
    confirm: () => screen.getByLabelText(/^Confirm password/),
    text: () => screen.getByLabelText(/^Description/),
    submit: () => screen.getByRole('button', { name: 'Sign up' }),
  };

  it('checks every field before sending anything', async () => {
    const requests = recordRequests();
    const { user } = renderApp('/signup');
    await user.click(await screen.findByRole('button', { name: 'Sign up' }));

    expect(ui.name()).toHaveAccessibleDescription('Required');
    expect(ui.email()).toHaveAccessibleDescription('Required');
    expect(ui.password()).toHaveAccessibleDescription(/Required/);
    expect(ui.confirm()).toHaveAccessibleDescription('Required');
    expect(ui.text()).not.toBeInvalid();

    await user.type(ui.name(), 'Alice');
    await user.type(ui.email(), 'alice@example');
    await user.type(ui.password(), 'short');
    await user.type(ui.confirm(), 'shorter');
    await user.click(ui.submit());

    expect(ui.name()).not.toBeInvalid();
    expect(ui.email()).toHaveAccessibleDescription('Enter a valid email address, such as name@example.com');
    expect(ui.password()).toHaveAccessibleDescription(/Min 8 characters/);
    expect(ui.confirm()).toHaveAccessibleDescription("Passwords entered don't match");
    expect(posts(requests)).toEqual([]);
  });

  it('posts name, email, password and description, logs in and goes on', async () => {
    const token = makeToken({ preferred_username: 'alice@example.com' });
    const requests = recordRequests();
    server.use(http.post(`${API}/auth/signup`, () => HttpResponse.json({ token })));
    const { user, location } = renderApp('/signup?redirect=%2Fheartbeats');

    await user.type(await screen.findByLabelText(/^Full name/), '  Alice Example ');
    await user.type(ui.email(), ' alice@example.com ');
    await user.type(ui.password(), 'correct horse');
    await user.type(ui.confirm(), 'correct horse');
    await user.type(ui.text(), 'On call for the web team');
    await user.click(ui.submit());

    await waitFor(() => expect(location().pathname).toBe('/heartbeats'));
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    const [signup] = posts(requests);
    expect(signup?.url.pathname).toBe('/auth/signup');
    await waitFor(() =>
      expect(signup?.body).toEqual({
        name: 'Alice Example',
        email: 'alice@example.com',
        password: 'correct horse',
        text: 'On call for the web team',
      }),
    );
  });

  it('sends an empty description when none is given', async () => {
    const requests = recordRequests();
    server.use(http.post(`${API}/auth/signup`, () => HttpResponse.json({ token: makeToken() })));
    const { user, location } = renderApp('/signup');
    await user.type(await screen.findByLabelText(/^Full name/), 'Bob');
    await user.type(ui.email(), 'bob@example.com');
    await user.type(ui.password(), '12345678');
    await user.type(ui.confirm(), '12345678');
    await user.click(ui.submit());
    await waitFor(() => expect(location().pathname).toBe('/alerts'));
    await waitFor(() =>
      expect(posts(requests)[0]?.body).toEqual({
        name: 'Bob',
        email: 'bob@example.com',
        password: '12345678',
        text: '',
      }),
    );
  });

  it('tells the user to read the confirmation mail when the server wants the address confirmed', async () => {
    server.use(
      http.post(`${API}/auth/signup`, () =>
        HttpResponse.json(errorEnvelope(403, 'email not verified'), { status: 403 }),
      ),
    );
    const { user, location } = renderApp('/signup', { config: { email_verification: true } });
    await user.type(await screen.findByLabelText(/^Full name/), 'Carol');
    await user.type(ui.email(), 'carol@example.com');
    await user.type(ui.password(), 'long enough');
    await user.type(ui.confirm(), 'long enough');
    await user.click(ui.submit());

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText(/sent a confirmation link to carol@example\.com/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the login page' })).toHaveAttribute('href', '/login');
    expect(location().pathname).toBe('/signup');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it("shows the server's refusal inside the form", async () => {
    server.use(
      http.post(`${API}/auth/signup`, () =>
        HttpResponse.json(errorEnvelope(409, 'username already exists'), { status: 409 }),
      ),
    );
    const { user } = renderApp('/signup');
    await user.type(await screen.findByLabelText(/^Full name/), 'Dan');
    await user.type(ui.email(), 'dan@example.com');
    await user.type(ui.password(), 'long enough');
    await user.type(ui.confirm(), 'long enough');
    await user.click(ui.submit());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sign up failed');
    expect(alert).toHaveTextContent('username already exists');
  });

  it('is closed, every field disabled, when sign-up is off', async () => {
    const requests = recordRequests();
    renderApp('/signup', { config: { signup_enabled: false } });
    expect(
      await screen.findByRole('heading', { name: 'Sorry, sign up is not currently available' }),
    ).toBeInTheDocument();
    for (const field of [ui.name(), ui.email(), ui.password(), ui.confirm(), ui.text()]) expect(field).toBeDisabled();
    expect(ui.submit()).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Already have an account? Log in' })).toHaveAttribute('href', '/login');
    expect(posts(requests)).toEqual([]);
  });

  it('is reached from the login screen, and leads back to it', async () => {
    const { user, location } = renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'Create an account' }));
    expect(await screen.findByRole('heading', { name: 'Create your Alerta account' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Already have an account? Log in' }));
    expect(location().pathname).toBe('/login');
  });

  it('is not offered on the login screen when sign-up is off', async () => {
    renderApp('/login', { config: { signup_enabled: false } });
    expect(await screen.findByRole('link', { name: 'Forgot your password?' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create an account' })).not.toBeInTheDocument();
  });
});

describe('confirm email', () => {
  it('confirms on arrival, once, and shows the server message', async () => {
    const requests = recordRequests();
    server.use(
      http.post(`${API}/auth/confirm/:token`, () =>
        HttpResponse.json({ status: 'ok', message: 'email address carol@example.com confirmed' }),
      ),
    );
    renderApp('/confirm/tok.en-1');

    expect(await screen.findByRole('heading', { name: 'Thanks!' })).toBeInTheDocument();
    expect(screen.getByText('email address carol@example.com confirmed')).toBeInTheDocument();
    expect(screen.getByText('You can now log in.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the login page' })).toHaveAttribute('href', '/login');
    expect(posts(requests).map((r) => r.url.pathname)).toEqual(['/auth/confirm/tok.en-1']);
  });

  it('says what went wrong and how to try again, without leaving for the login screen', async () => {
    server.use(
      http.post(`${API}/auth/confirm/:token`, () =>
        HttpResponse.json(errorEnvelope(401, 'confirmation link expired'), { status: 401 }),
      ),
    );
    const { location } = renderApp('/confirm/old');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sorry, there was a problem confirming your email address');
    expect(alert).toHaveTextContent('confirmation link expired');
    expect(screen.getByRole('link', { name: 'Please try again' })).toHaveAttribute('href', '/login');
    expect(location().pathname).toBe('/confirm/old');
  });
});

describe('forgot password', () => {
  const email = () => screen.getByLabelText(/^Email/);

  it('checks the address, posts it, then says where the link went', async () => {
    const requests = recordRequests();
    server.use(
      http.post(`${API}/auth/forgot`, () => HttpResponse.json({ status: 'ok', message: 'password reset sent' })),
    );
    const { user } = renderApp('/forgot');
    const send = await screen.findByRole('button', { name: 'Send reset link' });

    await user.click(send);
    expect(email()).toHaveAccessibleDescription('Required');
    await user.type(email(), 'not-an-address');
    await user.click(send);
    expect(email()).toHaveAccessibleDescription('Enter a valid email address, such as name@example.com');
    expect(posts(requests)).toEqual([]);

    await user.clear(email());
    await user.type(email(), ' alice@example.com ');
    await user.click(send);

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('alice@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/login');
    expect(await screen.findByText('Reset email sent')).toBeInTheDocument();
    expect(posts(requests)[0]?.url.pathname).toBe('/auth/forgot');
    await waitFor(() => expect(posts(requests)[0]?.body).toEqual({ email: 'alice@example.com' }));
  });

  it('shows a refusal in the form', async () => {
    server.use(
      http.post(`${API}/auth/forgot`, () =>
        HttpResponse.json(errorEnvelope(400, 'invalid email address'), { status: 400 }),
      ),
    );
    const { user } = renderApp('/forgot');
    await user.type(await screen.findByLabelText(/^Email/), 'a@b.example');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The reset link could not be sent');
    expect(alert).toHaveTextContent('invalid email address');
  });

  it('is reached from the login screen', async () => {
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
  });
});

describe('reset password', () => {
  const ui = {
    password: () => screen.getByLabelText(/^New password/),
    confirm: () => screen.getByLabelText(/^Confirm password/),
    submit: () => screen.getByRole('button', { name: 'Reset password' }),
  };

  it('asks for a long enough password typed twice the same, posts it, then points to the login', async () => {
    const requests = recordRequests();
    server.use(
      http.post(`${API}/auth/reset/:token`, () =>
        HttpResponse.json({ status: 'ok', message: 'password reset successful' }),
      ),
    );
    const { user } = renderApp('/reset/reset-token-1');
    await user.click(await screen.findByRole('button', { name: 'Reset password' }));
    expect(ui.password()).toHaveAccessibleDescription(/Required/);
    expect(ui.confirm()).toHaveAccessibleDescription('Required');

    await user.type(ui.password(), 'seven77');
    await user.type(ui.confirm(), 'seven77');
    await user.click(ui.submit());
    expect(ui.password()).toHaveAccessibleDescription(/Min 8 characters/);

    await user.clear(ui.password());
    await user.type(ui.password(), 'new password 1');
    await user.clear(ui.confirm());
    await user.type(ui.confirm(), 'new password 2');
    await user.click(ui.submit());
    expect(ui.confirm()).toHaveAccessibleDescription("Passwords entered don't match");
    expect(posts(requests)).toEqual([]);

    await user.clear(ui.confirm());
    await user.type(ui.confirm(), 'new password 1');
    await user.click(ui.submit());

    expect(await screen.findByText('Your password has been reset. Log in with the new one.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the login page' })).toHaveAttribute('href', '/login');
    expect(posts(requests)[0]?.url.pathname).toBe('/auth/reset/reset-token-1');
    await waitFor(() => expect(posts(requests)[0]?.body).toEqual({ password: 'new password 1' }));
  });

  it('shows why the link did not work', async () => {
    server.use(
      http.post(`${API}/auth/reset/:token`, () =>
        HttpResponse.json(errorEnvelope(400, 'invalid token'), { status: 400 }),
      ),
    );
    const { user } = renderApp('/reset/used');
    await user.type(await screen.findByLabelText(/^New password/), 'long enough');
    await user.type(ui.confirm(), 'long enough');
    await user.click(ui.submit());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The password could not be reset');
    expect(alert).toHaveTextContent('invalid token');
    expect(screen.queryByText(/Your password has been reset/)).not.toBeInTheDocument();
  });
});
