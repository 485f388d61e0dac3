import { describe, expect, it } from 'vitest';
import { testConfig, makeToken } from '../../test/fixtures';
import { AuthStore } from './authStore';
import { isAllowed } from './permissions';
import { decodeTokenClaims, sessionFromToken, TOKEN_STORAGE_KEY } from './token';

const now = Date.now();

describe('token', () => {
  it('reads the claims and the scopes of a token', () => {
    const session = sessionFromToken(makeToken({ scope: 'read:alerts write:alerts', preferred_username: 'ann' }), now);
    expect(session?.claims.preferred_username).toBe('ann');
    expect(session?.scopes).toEqual(['read:alerts', 'write:alerts']);
  });

  it('counts an expired, malformed or mistyped token as no session', () => {
    expect(sessionFromToken(makeToken({ exp: Math.floor(now / 1000) - 1 }), now)).toBeNull();
    expect(sessionFromToken('not-a-jwt', now)).toBeNull();
    expect(sessionFromToken(`x.${btoa('{"scope": 42}')}.y`, now)).toBeNull();
    expect(decodeTokenClaims('a.!!!.b')).toBeNull();
  });

  it('decodes non-ASCII names', () => {
    const payload = btoa(String.fromCharCode(...new TextEncoder().encode('{"name":"Zoë Ünal"}')));
    expect(decodeTokenClaims(`h.${payload.replace(/=+$/, '')}.s`)?.name).toBe('Zoë Ünal');
  });
});

describe('AuthStore', () => {
  it('keeps the token in localStorage under auth.token', () => {
    const token = makeToken();
    const store = new AuthStore(window.localStorage);
    store.login(token);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    expect(new AuthStore(window.localStorage).getToken()).toBe(token);
    store.logout();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(store.getSession()).toBeNull();
  });

  it('follows a login or logout made in another tab', () => {
    const store = new AuthStore(window.localStorage);
    let changes = 0;
    store.subscribe(() => changes++);
    window.localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
    store.syncFromStorage();
    expect(store.isLoggedIn()).toBe(true);
    expect(changes).toBe(1);
  });
});

describe('isAllowed', () => {
  const user = sessionFromToken(makeToken({ scope: 'write:alerts read:heartbeats' }), now);

  it('allows everything when auth is not required', () => {
    expect(isAllowed(testConfig({ auth_required: false }), null, 'admin:users')).toBe(true);
  });

  it('checks the scope of a logged-in user, with write implying read', () => {
    const config = testConfig();
    expect(isAllowed(config, user, 'read:alerts')).toBe(true);
    expect(isAllowed(config, user, 'read:heartbeats')).toBe(true);
    expect(isAllowed(config, user, 'write:heartbeats')).toBe(false);
    expect(isAllowed(config, user, 'admin:users')).toBe(false);
  });

  it('gives read-only scopes to anonymous visitors only when read-only access is allowed', () => {
    expect(isAllowed(testConfig(), null, 'read:alerts')).toBe(false);
    const readonly = testConfig({ allow_readonly: true });
    expect(isAllowed(readonly, null, 'read:alerts')).toBe(true);
    expect(isAllowed(readonly, null, 'write:alerts')).toBe(false);
  });
});
