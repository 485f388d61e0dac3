import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { alertsScenario } from '../../test/mocks';

describe('top bar on a phone (docs/console/shell.md#phone-top-bar)', () => {
  const wide = window.matchMedia.bind(window);
  beforeEach(() => {
    // Narrower than 768 px: min-width queries fail, max-width ones match.
    window.matchMedia = (query: string) => ({ ...wide(query), matches: query.includes('max-width') });
  });
  afterEach(() => {
    window.matchMedia = wide;
  });

  it('keeps every control in one menu, which Escape closes', async () => {
    alertsScenario.list([]);
    const { user } = renderApp('/alerts', { token: makeToken({ preferred_username: 'dave' }) });
    const bar = await screen.findByRole('banner');
    const menuButton = within(bar).getByRole('button', { name: 'Menu' });
    // Only the drawer's button, the name and the menu are in the bar itself.
    expect(within(bar).queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
    expect(within(bar).queryByRole('searchbox')).not.toBeInTheDocument();

    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('group', { name: 'Menu' });
    expect(within(panel).getByRole('searchbox', { name: 'Search alerts' })).toBeInTheDocument();
    expect(within(panel).getByRole('switch', { name: 'Watched only' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Refresh' })).toHaveTextContent('Refresh');
    await user.click(within(panel).getByRole('button', { name: 'Account menu for dave' }));
    expect(await within(panel).findByRole('button', { name: 'Log out' })).toBeInTheDocument();

    // Escape closes the account card first, then the menu.
    await user.keyboard('{Escape}');
    expect(within(panel).queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Refresh' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Menu' })).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
  });

  it('closes the menu once a search is sent from it', async () => {
    alertsScenario.list([]);
    const { user, location } = renderApp('/alerts', { token: makeToken() });
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search alerts' }), 'disk{Enter}');
    await waitFor(() => expect(location().search).toBe('?q=disk'));
    expect(screen.queryByRole('group', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('offers Log in and Sign up inside the menu to visitors', async () => {
    alertsScenario.list([]);
    const { user } = renderApp('/alerts', { config: { auth_required: false } });
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    const panel = screen.getByRole('group', { name: 'Menu' });
    expect(within(panel).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(within(panel).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it('closes the navigation drawer from the backdrop beside it', async () => {
    alertsScenario.list([]);
    const { user } = renderApp('/alerts', { token: makeToken() });
    await user.click(await screen.findByRole('button', { name: 'Show or hide navigation' }));
    const drawer = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(drawer).toBeInTheDocument();
    const backdrop = drawer.previousElementSibling;
    expect(backdrop).toHaveAttribute('aria-hidden', 'true');
    await user.click(backdrop as HTMLElement);
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });
});
