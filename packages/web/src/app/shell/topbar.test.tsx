import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { alertsScenario } from '../../test/mocks';

describe('top bar', () => {
  it('offers Refresh on every screen (docs/console/shell.md#top-bar)', async () => {
    alertsScenario.list([]);
    const { user } = renderApp('/alerts', { token: makeToken() });
    expect(await screen.findByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Heartbeats' }));
    await screen.findByRole('heading', { name: 'Heartbeats' });
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });

  it('shows Sign up and Log in to visitors when auth is off, and no account menu', async () => {
    alertsScenario.list([]);
    renderApp('/alerts', { config: { auth_required: false } });
    expect(await screen.findByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(screen.queryByRole('button', { name: /Account menu/ })).not.toBeInTheDocument();
  });

  it('hides Sign up when sign-up is disabled', async () => {
    alertsScenario.list([]);
    renderApp('/alerts', { config: { auth_required: false, signup_enabled: false } });
    await screen.findByRole('link', { name: 'Log in' });
    expect(screen.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
  });

  it('closes the profile card with Escape and gives focus back to its button', async () => {
    alertsScenario.list([]);
    const { user } = renderApp('/alerts', { token: makeToken({ preferred_username: 'dave' }) });
    const button = await screen.findByRole('button', { name: 'Account menu for dave' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Account menu for dave' })).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('shows who is logged in, with at most three chips per list', async () => {
    alertsScenario.list([]);
    const { user } = renderApp('/alerts', {
      token: makeToken({
        name: 'Erin Ops',
        preferred_username: 'erin',
        provider: 'basic',
        email_verified: true,
        roles: ['ops'],
        scope: 'read write:alerts admin:keys read:perms write:blackouts',
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Account menu for erin' }));
    const card = screen.getByRole('dialog');
    expect(card).toHaveTextContent('Erin Ops');
    expect(card).toHaveTextContent('@erin');
    expect(card).toHaveTextContent('Email verified');
    expect(card).toHaveTextContent('Rolesops');
    expect(card).toHaveTextContent('Scopesreadwrite:alertsadmin:keys(+2 others)');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
