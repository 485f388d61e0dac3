import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Adapter, type AdapterPayload } from 'oidc-provider';

export interface IdpAccount {
  sub: string;
  claims: Record<string, unknown>;
}

export interface Idp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Signs the account in through the real authorisation endpoint and returns the code the browser would get. */
  authorize(account: IdpAccount): Promise<string>;
  /** An account a person can sign in as on the login form (see {@link IdpOptions.loginForm}), by its `sub`. */
  addAccount(account: IdpAccount): void;
  /** Lets the client be sent back to `uri` too (a browser test's console, whose port is known only later). */
  allowRedirectUri(uri: string): void;
  close(): Promise<void>;
}

/** The provider's storage, in memory; one map per model shared by every adapter instance of a provider. */
function memoryAdapter() {
  const rows = new Map<string, AdapterPayload>();
  return class MemoryAdapter implements Adapter {
    constructor(private readonly model: string) {}
    private key = (id: string) => `${this.model}:${id}`;
    upsert(id: string, payload: AdapterPayload): Promise<void> {
      rows.set(this.key(id), payload);
      return Promise.resolve();
    }
    find(id: string): Promise<AdapterPayload | undefined> {
      return Promise.resolve(rows.get(this.key(id)));
    }
    findByUserCode(code: string): Promise<AdapterPayload | undefined> {
      return Promise.resolve([...rows.values()].find((p) => p.userCode === code));
    }
    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return Promise.resolve([...rows.values()].find((p) => p.uid === uid));
    }
    consume(id: string): Promise<void> {
      const row = rows.get(this.key(id));
      if (row !== undefined) row.consumed = Math.floor(Date.now() / 1000);
      return Promise.resolve();
    }
    destroy(id: string): Promise<void> {
      rows.delete(this.key(id));
      return Promise.resolve();
    }
    revokeByGrantId(grantId: string): Promise<void> {
      for (const [key, row] of rows) if (row.grantId === grantId) rows.delete(key);
      return Promise.resolve();
    }
  };
}

export interface IdpOptions {
  /** false leaves the end-session endpoint out of discovery, as some providers do. */
  endSession?: boolean;
  /**
   * Ask who signs in with a login form in the browser (a username field and a Sign in button) instead of answering
   * the interaction for {@link Idp.authorize}.
   */
  loginForm?: boolean;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The login form of {@link IdpOptions.loginForm}. */
function loginPage(uid: string, failed: boolean): string {
  const action = `/interaction/${encodeURIComponent(uid)}/login`;
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title></head><body>' +
    '<main><h1>Sign in to the test identity provider</h1>' +
    (failed ? '<p role="alert">No such user.</p>' : '') +
    `<form method="post" action="${escapeHtml(action)}">` +
    '<label>Username <input name="username" autocomplete="username"></label> ' +
    '<button type="submit">Sign in</button></form></main></body></html>'
  );
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return new URLSearchParams(text);
}

/**
 * A real OpenID Connect provider (oidc-provider) on a free local port, with one confidential client. Sign-in
 * interactions are answered by the test itself: whoever `authorize` names is logged in and consents.
 */
export async function startIdp(options: IdpOptions = {}): Promise<Idp> {
  const clientId = 'alerta-console';
  const clientSecret = 'idp-client-secret-value';
  const redirectUri = 'http://console.test/callback';
  const redirectUris = [redirectUri];
  // Made once the server listens, since the issuer URL holds its port.
  const made: { provider?: Provider; build?: () => Provider } = {};
  let pending: IdpAccount | undefined;
  const accounts = new Map<string, IdpAccount>();

  async function signIn(req: IncomingMessage, res: ServerResponse, idp: Provider, account: IdpAccount) {
    const details = await idp.interactionDetails(req, res);
    const grant = new idp.Grant({ accountId: account.sub, clientId });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await idp.interactionFinished(req, res, { login: { accountId: account.sub }, consent: { grantId } });
  }

  async function interaction(req: IncomingMessage, res: ServerResponse, idp: Provider) {
    if (options.loginForm === true) {
      const [, , uid = '', step] = (req.url ?? '').split('?')[0]?.split('/') ?? [];
      if (req.method === 'POST' && step === 'login') {
        const account = accounts.get((await formBody(req)).get('username') ?? '');
        if (account !== undefined) return signIn(req, res, idp, account);
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(loginPage(uid, true));
        return;
      }
      await idp.interactionDetails(req, res);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(loginPage(uid, false));
      return;
    }
    const account = pending;
    if (account === undefined) throw new Error('no sign-in expected');
    await signIn(req, res, idp, account);
  }

  const server = createServer((req, res) => {
    const provider = made.provider;
    if (provider === undefined) return void res.writeHead(503).end();
    if (req.url?.startsWith('/interaction/') === true) {
      interaction(req, res, provider).catch((error: unknown) => res.writeHead(500).end(String(error)));
      return;
    }
    void provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  const adapter = memoryAdapter();
  made.build = () =>
    new Provider(issuer, {
      adapter,
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: [...redirectUris],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      jwks: { keys: [{ ...jwk, kid: 'test', alg: 'RS256', use: 'sig' }] },
      cookies: { keys: ['test-cookie-signing-key'] },
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified'],
        profile: ['name', 'preferred_username', 'picture'],
        // Keycloak nests roles inside objects; these reach the server through dotted claim names.
        alerta: ['roles', 'groups', 'realm_access', 'resource_access'],
      },
      scopes: ['openid', 'email', 'profile', 'alerta'],
      features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: options.endSession ?? true } },
      interactions: { url: (_ctx, i) => `/interaction/${i.uid}` },
      pkce: { required: () => false },
      ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
      findAccount: (_ctx, sub) => {
        const account = accounts.get(sub);
        return account === undefined ? undefined : { accountId: sub, claims: () => ({ sub, ...account.claims }) };
      },
    });
  made.provider = made.build();

  async function authorize(account: IdpAccount): Promise<string> {
    accounts.set(account.sub, account);
    pending = account;
    const cookies = new Map<string, string>();
    const query = new URLSearchParams({
      client_id: clientId,
      response_type: 'code',
      scope: 'openid email profile alerta',
      redirect_uri: redirectUri,
      state: 'test-state',
      nonce: 'test-nonce',
    });
    let url = `${issuer}/auth?${query.toString()}`;
    for (let hop = 0; hop < 10; hop += 1) {
      const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const response = await fetch(url, { redirect: 'manual', headers: { cookie } });
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
      const location = response.headers.get('location');
      if (location === null) throw new Error(`sign-in stopped at ${response.status}: ${await response.text()}`);
      const next = new URL(location, url);
      if (next.href.startsWith(redirectUri)) {
        const code = next.searchParams.get('code');
        if (code === null) throw new Error(`no code in ${next.href}`);
        return code;
      }
      url = next.href;
    }
    throw new Error('too many redirects');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    redirectUri,
    authorize,
    addAccount: (account) => {
      accounts.set(account.sub, account);
    },
    allowRedirectUri: (uri) => {
      if (redirectUris.includes(uri)) return;
      redirectUris.push(uri);
      // Clients are fixed when a provider is made; sessions and codes live in the shared adapter.
      if (made.build !== undefined) made.provider = made.build();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
