import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeToken } from '../../test/fixtures';
import { authScenario } from '../../test/mocks';
import { renderApp } from '../../test/renderApp';
import { recordRequests } from '../../test/server';
import { browser, providerLogoutUrl } from './authApi';
import { consoleRedirectUri, logoutReturnUri } from './consoleAddress';
import { TOKEN_STORAGE_KEY } from './token';

// docs/console/behaviour.md#states-and-actions: when the server names the identity provider's end-session address, the
// browser signs out there too and is sent back to /logout.

const RETURN_TO = `${window.location.origin}/logout`;

describe('logout at the identity provider', () => {
  it('goes on to the end-session address, asking to come back to /logout', async () => {
    const leaveTo = vi.spyOn(browser, 'leaveTo').mockImplementation(() => undefined);
    authScenario.logout({ logoutUrl: 'https://sso.example.com/session/end?client=console' });
    renderApp('/logout', { token: makeToken({ provider: 'openid' }), config: { provider: 'openid' } });

    expect(await screen.findByText('You have been logged out.')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    await waitFor(() => expect(leaveTo).toHaveBeenCalledTimes(1));
    const target = new URL(leaveTo.mock.calls[0]?.[0] ?? '');
    expect(target.origin + target.pathname).toBe('https://sso.example.com/session/end');
    expect(target.searchParams.get('client')).toBe('console');
    expect(target.searchParams.get('post_logout_redirect_url')).toBe(RETURN_TO);
  });

  it('uses redirect_uri for Keycloak', async () => {
    const leaveTo = vi.spyOn(browser, 'leaveTo').mockImplementation(() => undefined);
    authScenario.logout({ logoutUrl: 'https://keycloak.example.com/realms/ops/protocol/openid-connect/logout' });
    renderApp('/logout', { token: makeToken({ provider: 'keycloak' }), config: { provider: 'keycloak' } });

    await waitFor(() => expect(leaveTo).toHaveBeenCalledTimes(1));
    expect(leaveTo).toHaveBeenCalledWith(
      `https://keycloak.example.com/realms/ops/protocol/openid-connect/logout?redirect_uri=${encodeURIComponent(RETURN_TO)}`,
    );
  });

  it("comes back under the console's configured base path", async () => {
    const leaveTo = vi.spyOn(browser, 'leaveTo').mockImplementation(() => undefined);
    authScenario.logout({ logoutUrl: 'https://sso.example.com/end' });
    renderApp('/logout', {
      token: makeToken({ provider: 'azure' }),
      config: { provider: 'azure', base_path: '/console/' },
    });
    await waitFor(() => expect(leaveTo).toHaveBeenCalledTimes(1));
    expect(leaveTo).toHaveBeenCalledWith(
      `https://sso.example.com/end?post_logout_redirect_url=${encodeURIComponent(`${window.location.origin}/console/logout`)}`,
    );
  });

  it('stays on the logout screen when the server names no address', async () => {
    const leaveTo = vi.spyOn(browser, 'leaveTo').mockImplementation(() => undefined);
    const requests = recordRequests();
    authScenario.logout({ message: 'OIDC end_session_endpoint not configured' });
    const { apiCalls } = renderApp('/logout', { token: makeToken() });

    expect(await screen.findByText('You have been logged out.')).toBeInTheDocument();
    await requests.nth(1, { method: 'POST', path: '/auth/logout' });
    // The answer has come and the screen has done all it does with it.
    await apiCalls.settled();
    expect(apiCalls.paths()).toContain('/auth/logout');
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('does not ask the server again when the provider sends the browser back', async () => {
    const leaveTo = vi.spyOn(browser, 'leaveTo').mockImplementation(() => undefined);
    const requests = recordRequests();
    authScenario.logout({ logoutUrl: 'https://sso.example.com/session/end' });
    const { apiCalls } = renderApp('/logout');

    expect(await screen.findByText('You have been logged out.')).toBeInTheDocument();
    // The screen calls the server, if at all, in the effect of its first render: that has run, and made no call.
    expect(apiCalls.paths()).toEqual([]);
    await apiCalls.settled();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('only follows http and https addresses', () => {
    expect(providerLogoutUrl('javascript:alert(1)', 'openid', RETURN_TO)).toBeNull();
    expect(providerLogoutUrl('not a url', 'openid', RETURN_TO)).toBeNull();
    expect(providerLogoutUrl('http://sso.test/logout', 'github', RETURN_TO)).toBe(
      `http://sso.test/logout?post_logout_redirect_url=${encodeURIComponent(RETURN_TO)}`,
    );
  });
});

describe('the addresses providers send the browser back to', () => {
  it('is this origin and the base path, and that plus /logout', () => {
    const origin = 'https://alerta.example.com';
    expect(consoleRedirectUri({}, origin)).toBe(`${origin}/`);
    expect(logoutReturnUri({}, origin)).toBe(`${origin}/logout`);
    expect(consoleRedirectUri({ base_path: '/ops/' }, origin)).toBe(`${origin}/ops/`);
    expect(logoutReturnUri({ base_path: '/ops/' }, origin)).toBe(`${origin}/ops/logout`);
    expect(logoutReturnUri({ base_path: 'ops' }, origin)).toBe(`${origin}/ops/logout`);
  });
});
