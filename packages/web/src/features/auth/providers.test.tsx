import type { ClientConfig } from '@alerta/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, errorEnvelope, makeToken, testConfig } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { recordRequests, server } from '../../test/server';
import { authorizationUrl, backendPath, OAUTH_PROVIDERS, type OAuthProvider } from './oauthProviders';
import { handOffSignInResult, POPUP_RESULT } from './popupReturn';
import { popupFeatures } from './signInPopup';
import { TOKEN_STORAGE_KEY } from './token';
import { alertsScenario } from '../../test/mocks';

const ORIGIN = window.location.origin;
const REDIRECT = `${ORIGIN}/`;
const enc = encodeURIComponent;

/** The query every provider gets, in order, for client `console` and state `s1`. */
const standard = (scope: string) =>
  `response_type=code&client_id=console&redirect_uri=${enc(REDIRECT)}&scope=${enc(scope)}&state=s1`;

const PROVIDER_CONFIG: ClientConfig = {
  client_id: 'console',
  azure_tenant: 'contoso',
  cognito_domain: 'ops-login',
  aws_region: 'eu-west-1',
  github_url: 'https://github.example.com/',
  gitlab_url: 'https://gitlab.example.com',
  keycloak_url: 'https://sso.example.com',
  keycloak_realm: 'ops',
  oidc_auth_url: 'https://idp.example.com/oauth2/authorize',
  pingfederate_url: 'https://ping.example.com/as/authorization.oauth2',
};

describe('authorization addresses (docs/console/plumbing.md#sign-in-providers)', () => {
  const expected: Record<OAuthProvider, string> = {
    azure: `https://login.microsoftonline.com/contoso/oauth2/v2.0/authorize?${standard('openid profile email')}`,
    cognito: `https://ops-login.auth.eu-west-1.amazoncognito.com/login?${standard('openid profile email')}`,
    github: `https://github.example.com/login/oauth/authorize?${standard('user:email read:org')}`,
    gitlab: `https://gitlab.example.com/oauth/authorize?${standard('openid')}`,
    google: `https://accounts.google.com/o/oauth2/auth?${standard('openid profile email')}`,
    keycloak: `https://sso.example.com/realms/ops/protocol/openid-connect/auth?${standard('openid profile email')}`,
    openid: `https://idp.example.com/oauth2/authorize?${standard('openid profile email')}`,
    pingfederate: `https://ping.example.com/as/authorization.oauth2?${standard('openid profile email')}&pfidpadapterid=kerberos`,
  };

  it.each(OAUTH_PROVIDERS)('%s', (provider) => {
    const config = testConfig({ ...PROVIDER_CONFIG, provider });
    expect(authorizationUrl(provider, config, { redirectUri: REDIRECT, state: 's1' })).toEqual({
      url: expected[provider],
      clientId: 'console',
    });
  });

  it('the exact strings spelled out', () => {
    const config = testConfig(PROVIDER_CONFIG);
    const url = (provider: OAuthProvider) => {
      const built = authorizationUrl(provider, config, { redirectUri: 'https://alerta.example.com/', state: 'xyz' });
      return 'url' in built ? built.url : built.missing;
    };
    expect(url('keycloak')).toBe(
      'https://sso.example.com/realms/ops/protocol/openid-connect/auth?response_type=code&client_id=console' +
        '&redirect_uri=https%3A%2F%2Falerta.example.com%2F&scope=openid%20profile%20email&state=xyz',
    );
    expect(url('github')).toBe(
      'https://github.example.com/login/oauth/authorize?response_type=code&client_id=console' +
        '&redirect_uri=https%3A%2F%2Falerta.example.com%2F&scope=user%3Aemail%20read%3Aorg&state=xyz',
    );
    expect(url('pingfederate')).toBe(
      'https://ping.example.com/as/authorization.oauth2?response_type=code&client_id=console' +
        '&redirect_uri=https%3A%2F%2Falerta.example.com%2F&scope=openid%20profile%20email&state=xyz' +
        '&pfidpadapterid=kerberos',
    );
  });

  it('names what the config lacks, and never builds a non-http address', () => {
    const at = (config: ClientConfig, provider: OAuthProvider) =>
      authorizationUrl(provider, testConfig(config), { redirectUri: REDIRECT, state: 's' });
    expect(at({ ...PROVIDER_CONFIG, client_id: null }, 'github')).toEqual({ missing: 'client_id' });
    expect(at({ ...PROVIDER_CONFIG, keycloak_realm: null }, 'keycloak')).toEqual({ missing: 'keycloak_realm' });
    expect(at({ ...PROVIDER_CONFIG, oidc_auth_url: null }, 'openid')).toEqual({ missing: 'oidc_auth_url' });
    expect(at({ ...PROVIDER_CONFIG, aws_region: '' }, 'cognito')).toEqual({ missing: 'aws_region' });
    expect(at({ ...PROVIDER_CONFIG, oidc_auth_url: 'javascript:alert(1)' }, 'openid')).toEqual({
      missing: 'oidc_auth_url',
    });
  });

  it('adds to a query the endpoint already has', () => {
    const built = authorizationUrl(
      'openid',
      testConfig({ ...PROVIDER_CONFIG, oidc_auth_url: 'https://i.test/a?x=1' }),
      {
        redirectUri: REDIRECT,
        state: 's1',
      },
    );
    expect(built).toEqual({ url: `https://i.test/a?x=1&${standard('openid profile email')}`, clientId: 'console' });
  });

  it('posts Cognito codes to the generic OpenID route', () => {
    expect(OAUTH_PROVIDERS.map(backendPath)).toEqual([
      '/auth/azure',
      '/auth/openid',
      '/auth/github',
      '/auth/gitlab',
      '/auth/google',
      '/auth/keycloak',
      '/auth/openid',
      '/auth/pingfederate',
    ]);
  });
});

/** A stand-in for the popup window: its address can be set as if it had come back to the console. */
interface FakePopup {
  closed: boolean;
  location: { origin: string; pathname: string; search: string };
  close: () => void;
  focus: () => void;
}

function fakePopup(): FakePopup {
  const popup: FakePopup = {
    closed: false,
    // Still at the identity provider: reading the address throws, as it does across origins.
    get location(): FakePopup['location'] {
      throw new DOMException('Blocked a frame with origin', 'SecurityError');
    },
    close: () => {
      popup.closed = true;
    },
    focus: () => undefined,
  };
  return popup;
}

function returnTo(popup: FakePopup, search: string) {
  Object.defineProperty(popup, 'location', { value: { origin: ORIGIN, pathname: '/', search } });
}

/** Mocks window.open with `popups` in turn (null for a blocked one) and returns the spy. */
function openReturns(...popups: (FakePopup | null)[]) {
  const open = vi.spyOn(window, 'open');
  for (const popup of popups) open.mockImplementationOnce(() => popup as unknown as Window);
  return open;
}

function openedState(open: ReturnType<typeof openReturns>, call = 0): string {
  const url = new URL(String(open.mock.calls[call]?.[0]));
  return url.searchParams.get('state') ?? '';
}

function postFrom(popup: FakePopup, data: unknown, origin: string) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: popup as unknown as Window }));
  });
}

const OPENID: ClientConfig = {
  provider: 'openid',
  client_id: 'console',
  oidc_auth_url: 'https://idp.example.com/authorize',
};

afterEach(() => {
  vi.useRealTimers();
});

describe('login through an OAuth2 provider', () => {
  it('opens a centred 1020×618 popup, then posts the returned code and logs in', async () => {
    const token = makeToken({ preferred_username: 'oidc-user', provider: 'openid' });
    const requests = recordRequests();
    server.use(http.post(`${API}/auth/openid`, () => HttpResponse.json({ token })));
    const popup = fakePopup();
    const open = openReturns(popup);
    const { location } = renderApp('/login?redirect=%2Fheartbeats', { config: OPENID });

    expect(await screen.findByText('Authenticating with OpenID Connect …')).toBeInTheDocument();
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    const [url, , features] = open.mock.calls[0] ?? [];
    expect(String(url)).toMatch(/^https:\/\/idp\.example\.com\/authorize\?response_type=code&client_id=console&/);
    expect(features).toBe(popupFeatures(window));
    expect(features).toMatch(/^width=1020,height=618,left=\d+,top=\d+/);

    postFrom(popup, { type: POPUP_RESULT, search: `?code=abc123&state=${openedState(open)}` }, ORIGIN);

    await waitFor(() => expect(location().pathname).toBe('/heartbeats'));
    expect(popup.closed).toBe(true);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    const post = requests.find((r) => r.url.pathname === '/auth/openid');
    expect(post?.method).toBe('POST');
    await waitFor(() => expect(post?.body).toEqual({ code: 'abc123', clientId: 'console', redirectUri: REDIRECT }));
  });

  it("reads the answer from the popup's address once it is back on this site", async () => {
    const token = makeToken({ provider: 'keycloak' });
    server.use(http.post(`${API}/auth/keycloak`, () => HttpResponse.json({ token })));
    const popup = fakePopup();
    const open = openReturns(popup);
    const { location } = renderApp('/login', {
      config: { provider: 'keycloak', client_id: 'console', keycloak_url: 'https://sso.test', keycloak_realm: 'r' },
    });
    expect(await screen.findByText('Authenticating with Keycloak …')).toBeInTheDocument();
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(String(open.mock.calls[0]?.[0])).toMatch(
      /^https:\/\/sso\.test\/realms\/r\/protocol\/openid-connect\/auth\?/,
    );

    returnTo(popup, `?state=${openedState(open)}&code=from-address`);

    await waitFor(() => expect(location().pathname).toBe('/alerts'));
    expect(popup.closed).toBe(true);
  });

  it('rejects an answer whose state is not the one sent, and posts nothing', async () => {
    const requests = recordRequests();
    const popup = fakePopup();
    const open = openReturns(popup);
    renderApp('/login', { config: OPENID });
    await screen.findByText('Authenticating with OpenID Connect …');
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));

    postFrom(popup, { type: POPUP_RESULT, search: '?code=stolen&state=not-ours' }, ORIGIN);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sorry, there was a problem');
    expect(alert).toHaveTextContent('did not belong to this sign-in');
    expect(screen.getByRole('button', { name: 'Please try again' })).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('ignores messages from another origin or another window', async () => {
    const requests = recordRequests();
    const popup = fakePopup();
    const open = openReturns(popup);
    const { location } = renderApp('/login', { config: OPENID });
    await screen.findByText('Authenticating with OpenID Connect …');
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    const search = `?code=abc&state=${openedState(open)}`;

    postFrom(popup, { type: POPUP_RESULT, search }, 'https://evil.example');
    postFrom(fakePopup(), { type: POPUP_RESULT, search }, ORIGIN);
    expect(screen.getByText('Authenticating with OpenID Connect …')).toBeInTheDocument();

    // The answer from the right window and origin is heard: its code is the first one posted, and the only one.
    server.use(http.post(`${API}/auth/openid`, () => HttpResponse.json({ token: makeToken({ provider: 'openid' }) })));
    postFrom(popup, { type: POPUP_RESULT, search: `?code=heard&state=${openedState(open)}` }, ORIGIN);
    const post = await requests.next({ method: 'POST' });
    expect(post.url.pathname).toBe('/auth/openid');
    expect(post.body).toMatchObject({ code: 'heard' });
    await waitFor(() => expect(location().pathname).toBe('/alerts'));
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it("shows the provider's refusal and the API's error, each with a way to try again", async () => {
    server.use(
      http.post(`${API}/auth/openid`, () =>
        HttpResponse.json(errorEnvelope(403, 'User mallory is not authorized'), { status: 403 }),
      ),
    );
    const first = fakePopup();
    const second = fakePopup();
    const open = openReturns(first, second);
    const { user, location } = renderApp('/login', { config: OPENID });
    await screen.findByText('Authenticating with OpenID Connect …');
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));

    postFrom(
      first,
      {
        type: POPUP_RESULT,
        search: `?error=access_denied&error_description=Denied+by+user&state=${openedState(open)}`,
      },
      ORIGIN,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The identity provider refused: Denied by user');

    await user.click(screen.getByRole('button', { name: 'Please try again' }));
    expect(open).toHaveBeenCalledTimes(2);
    expect(openedState(open, 1)).not.toBe(openedState(open, 0));
    postFrom(second, { type: POPUP_RESULT, search: `?code=c2&state=${openedState(open, 1)}` }, ORIGIN);

    expect(await screen.findByRole('alert')).toHaveTextContent('User mallory is not authorized');
    expect(location().pathname).toBe('/login');
  });

  it('offers to open the window again when the browser blocked it', async () => {
    const token = makeToken({ provider: 'github' });
    server.use(http.post(`${API}/auth/github`, () => HttpResponse.json({ token })));
    const popup = fakePopup();
    const open = openReturns(null, popup);
    const { user, location } = renderApp('/login', { config: { provider: 'github', client_id: 'gh-client' } });

    expect(await screen.findByRole('alert')).toHaveTextContent('Allow pop-ups for this site');
    await user.click(screen.getByRole('button', { name: 'Open the sign-in window' }));
    expect(String(open.mock.calls[1]?.[0])).toMatch(/^https:\/\/github\.com\/login\/oauth\/authorize\?/);
    postFrom(popup, { type: POPUP_RESULT, search: `?code=gh&state=${openedState(open, 1)}` }, ORIGIN);
    await waitFor(() => expect(location().pathname).toBe('/alerts'));
  });

  it('says so when the popup is closed before signing in finished', async () => {
    const popup = fakePopup();
    const open = openReturns(popup);
    renderApp('/login', { config: OPENID });
    await screen.findByText('Authenticating with OpenID Connect …');
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    popup.closed = true;
    expect(await screen.findByRole('alert', {})).toHaveTextContent(
      'The sign-in window was closed before signing in was finished.',
    );
  });

  it('names the missing setting instead of opening a popup', async () => {
    const open = vi.spyOn(window, 'open');
    renderApp('/login', { config: { provider: 'keycloak', client_id: 'console', keycloak_url: 'https://sso.test' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('lacks the setting keycloak_realm');
    expect(open).not.toHaveBeenCalled();
  });

  it('says an unknown provider cannot sign anyone in', async () => {
    renderApp('/login', { config: { provider: 'kerberos5' } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sorry, it is not possible to authenticate');
    expect(alert).toHaveTextContent('Unknown authentication provider (kerberos5)');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('keeps the password form for basic and LDAP', async () => {
    renderApp('/login', { config: { provider: 'ldap' } });
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
  });
});

describe('login through SAML 2', () => {
  // The API is on another origin than the console (http://api.test).
  const SAML: ClientConfig = { provider: 'saml2' };

  it("opens the API's SAML page and takes the token only from the API's origin", async () => {
    const token = makeToken({ preferred_username: 'saml-user', provider: 'saml2' });
    alertsScenario.list([]);
    const popup = fakePopup();
    const open = openReturns(popup);
    const { location } = renderApp('/login', { config: SAML });

    expect(await screen.findByText(/allow pop-ups for http:\/\/api\.test in/i)).toBeInTheDocument();
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(open.mock.calls[0]?.[0]).toBe(`${API}/auth/saml?usePostMessage`);

    postFrom(popup, { status: 'ok', token: makeToken({ preferred_username: 'forged' }) }, ORIGIN);
    postFrom(popup, { status: 'ok', token: 'x' }, 'https://evil.example');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    // What follows shows they were not taken later either: the token kept is the one from the API's origin.

    postFrom(popup, { status: 'ok', token }, API);
    await waitFor(() => expect(location().pathname).toBe('/alerts'));
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    expect(popup.closed).toBe(true);
  });

  it("shows the API's refusal", async () => {
    const popup = fakePopup();
    const open = openReturns(popup);
    renderApp('/login', { config: SAML });
    await screen.findByText(/Authenticating with SAML/);
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    postFrom(popup, { status: 'error', message: 'User bob@example.com is not authorized' }, API);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sorry, there was a problem');
    expect(alert).toHaveTextContent('User bob@example.com is not authorized');
  });
});

describe('the popup on its way back', () => {
  /** A window whose address and opener are given. */
  function windowAt(search: string, opener: unknown): Window {
    return { location: { search, origin: ORIGIN }, opener } as unknown as Window;
  }

  it('hands ?code&state to a same-site opener and starts no console', () => {
    const postMessage = vi.fn();
    const opener = { location: { origin: ORIGIN }, postMessage };
    expect(handOffSignInResult(windowAt('?code=c&state=s', opener))).toBe(true);
    expect(postMessage).toHaveBeenCalledWith({ type: POPUP_RESULT, search: '?code=c&state=s' }, ORIGIN);
  });

  it('does nothing without an answer, without an opener, or for an opener on another site', () => {
    const postMessage = vi.fn();
    const foreign = {
      get location(): never {
        throw new DOMException('cross-origin', 'SecurityError');
      },
      postMessage,
    };
    expect(handOffSignInResult(windowAt('?q=x', { location: { origin: ORIGIN }, postMessage }))).toBe(false);
    expect(handOffSignInResult(windowAt('?code=c&state=s', null))).toBe(false);
    expect(handOffSignInResult(windowAt('?code=c&state=s', foreign))).toBe(false);
    expect(postMessage).not.toHaveBeenCalled();
  });
});
