import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { recordRequests } from '../../test/server';

/** The profile's fields as term → text, in order. */
async function fields(): Promise<[string, string][]> {
  await screen.findByRole('heading', { name: 'Profile', level: 1 });
  const [first] = await screen.findAllByRole('term');
  const list = first?.closest('dl');
  if (list === null || list === undefined) throw new Error('no field list');
  return within(list)
    .getAllByRole('term')
    .map((term) => [term.textContent ?? '', term.nextElementSibling?.textContent ?? '']);
}

describe('profile screen', () => {
  it('shows a basic login: name, username, provider, id, verified email and the lists from the token', async () => {
    const token = makeToken({
      sub: 'u-123',
      name: 'Alice Example',
      preferred_username: 'alice@example.com',
      email: 'alice@example.com',
      email_verified: true,
      provider: 'basic',
      roles: ['admin'],
      groups: [],
      scope: 'admin read write',
    });
    const requests = recordRequests();
    renderApp('/profile', { token });
    expect(await fields()).toEqual([
      ['Full name', 'Alice Example'],
      ['Username', 'alice@example.com'],
      ['Signed in through', 'BasicAuth'],
      ['User ID', 'u-123'],
      ['Email', 'alice@example.comEmail verified'],
      ['Organizations', '(none)'],
      ['Groups', '(none)'],
      ['Roles', 'admin'],
      ['Scopes', 'adminreadwrite'],
    ]);
    // The heading of the card and the full name field.
    expect(screen.getAllByText('Alice Example')).toHaveLength(2);
    // Read only: nothing to press, and nothing sent.
    expect(within(screen.getByRole('main')).queryByRole('button')).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('shows an OpenID Connect login: @username, provider name, primary id, unverified email, customers', async () => {
    const token = makeToken({
      sub: 'oidc|42',
      oid: 'a1b2-c3',
      name: 'Bob Builder',
      preferred_username: 'bob',
      email: 'bob@corp.example',
      email_verified: false,
      provider: 'openid',
      orgs: ['corp'],
      groups: ['ops', 'dev'],
      roles: ['user'],
      customers: [],
      picture: 'https://images.example/bob.png',
      scope: 'read write:alerts',
    });
    renderApp('/profile', { token, config: { customer_views: true } });
    expect(await fields()).toEqual([
      ['Full name', 'Bob Builder'],
      ['Username', 'bob'],
      ['Signed in through', 'OpenID Connect'],
      ['User ID', 'oidc|42'],
      ['Primary user ID', 'a1b2-c3'],
      ['Email', 'bob@corp.exampleEmail not verified'],
      ['Customers', 'ALL (*)'],
      ['Organizations', 'corp'],
      ['Groups', 'opsdev'],
      ['Roles', 'user'],
      ['Scopes', 'readwrite:alerts'],
    ]);
    expect(screen.getByText('@bob')).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(main.querySelector('img[src="https://images.example/bob.png"]')).not.toBeNull();
  });

  it("lists the user's customers when customer views are on", async () => {
    renderApp('/profile', { token: makeToken({ customers: ['Acme', 'Globex'] }), config: { customer_views: true } });
    expect(await fields()).toContainEqual(['Customers', 'AcmeGlobex']);
  });

  it('tells a visitor that nobody is logged in', async () => {
    renderApp('/profile', { config: { auth_required: false } });
    expect(await screen.findByText('Nobody is logged in')).toBeInTheDocument();
    expect(screen.queryByRole('term')).not.toBeInTheDocument();
  });
});
