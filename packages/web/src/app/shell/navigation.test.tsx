import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeToken } from '../../test/fixtures';
import { renderApp, type RenderAppOptions } from '../../test/renderApp';
import { alertsScenario } from '../../test/mocks';

async function drawerEntries(options: RenderAppOptions) {
  alertsScenario.list([]);
  const result = renderApp('/alerts', options);
  const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
  const names = within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
  return { ...result, nav, names };
}

describe('navigation drawer', () => {
  it('shows only what a read:alerts user may open', async () => {
    const { names } = await drawerEntries({ token: makeToken({ scope: 'read:alerts' }) });
    expect(names).toEqual(['Alerts', 'Reports', 'Profile', 'Settings', 'Help (opens in a new tab)']);
  });

  it('shows every entry to an admin, Groups only with basic login, Customers only with customer views', async () => {
    const { names } = await drawerEntries({ token: makeToken({ scope: 'admin read write' }) });
    expect(names).toEqual([
      'Alerts',
      'Heartbeats',
      'Users',
      'Groups',
      'Blackouts',
      'Permissions',
      'API Keys',
      'Reports',
      'Profile',
      'Settings',
      'Help (opens in a new tab)',
      'About',
    ]);
  });

  it('adds Customers with customer views and drops Groups for other providers', async () => {
    const { names } = await drawerEntries({
      token: makeToken({ scope: 'admin' }),
      config: { customer_views: true, provider: 'github' },
    });
    expect(names).toContain('Customers');
    expect(names).not.toContain('Groups');
  });

  it('allows everything without auth, but keeps the personal entries for logged-in users', async () => {
    const { names } = await drawerEntries({ config: { auth_required: false } });
    expect(names).toEqual([
      'Alerts',
      'Heartbeats',
      'Users',
      'Groups',
      'Blackouts',
      'Permissions',
      'API Keys',
      'Reports',
      'Help (opens in a new tab)',
      'About',
    ]);
  });

  it('gives anonymous read-only visitors the read-only scopes', async () => {
    const { names } = await drawerEntries({ config: { allow_readonly: true, readonly_scopes: ['read:alerts'] } });
    expect(names).toEqual(['Alerts', 'Reports', 'Help (opens in a new tab)']);
  });

  it('links Help to the documentation in a new tab and marks the current page', async () => {
    const { nav } = await drawerEntries({ token: makeToken({ scope: 'read' }) });
    const help = within(nav).getByRole('link', { name: /Help/ });
    expect(help).toHaveAttribute('href', 'https://docs.alerta.io/?utm_source=app');
    expect(help).toHaveAttribute('target', '_blank');
    expect(within(nav).getByRole('link', { name: 'Alerts' })).toHaveAttribute('aria-current', 'page');
  });

  it('is toggled by the menu button', async () => {
    const { user } = await drawerEntries({ token: makeToken() });
    const toggle = screen.getByRole('button', { name: 'Show or hide navigation' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('hides the drawer and the top bar in kiosk mode', async () => {
    alertsScenario.list([]);
    renderApp('/alerts?kiosk=1', { token: makeToken() });
    expect(await screen.findByText('No data available')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });
});
