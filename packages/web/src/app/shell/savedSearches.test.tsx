import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, errorEnvelope, makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { recordRequests, server } from '../../test/server';
import { alertsScenario } from '../../test/mocks';

interface Saved {
  text: string;
  q: string;
}

/** A server that keeps the user's attributes and replaces lists on PUT, as docs/api/identity.md's deep merge does. */
function attributesServer(initial: Saved[]) {
  let attributes: Record<string, unknown> = { prefs: { rowsPerPage: 20 }, queries: initial };
  alertsScenario.list([]);
  server.use(
    http.get(`${API}/user/me/attributes`, () => HttpResponse.json({ status: 'ok', total: 1, attributes })),
    http.put(`${API}/user/me/attributes`, async ({ request }) => {
      const body = (await request.json()) as { attributes: Record<string, unknown> };
      attributes = { ...attributes, ...body.attributes };
      return HttpResponse.json({ status: 'ok', attributes });
    }),
  );
}

const puts = (requests: ReturnType<typeof recordRequests>) =>
  requests.filter((r) => r.method === 'PUT' && r.url.pathname === '/user/me/attributes');

async function openSearches() {
  const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
  const group = await within(nav).findByRole('button', { name: 'Saved searches' });
  return { nav, group };
}

describe('saved searches', () => {
  it('saves the current search under the name given, keeping the others', async () => {
    const requests = recordRequests();
    attributesServer([{ text: 'Old', q: 'severity:major' }]);
    const { user } = renderApp('/alerts?q=resource%3Adb01', { token: makeToken() });
    await screen.findByText(/Nothing matches/);

    await user.click(screen.getByRole('button', { name: 'Save this search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save search' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    expect(name).toHaveValue('resource:db01');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Give the search a name')).toBeInTheDocument();
    expect(puts(requests)).toEqual([]);

    await user.type(name, 'Databases');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Save search' })).not.toBeInTheDocument());
    expect(puts(requests).map((r) => r.body)).toEqual([
      {
        attributes: {
          queries: [
            { text: 'Old', q: 'severity:major' },
            { text: 'Databases', q: 'resource:db01' },
          ],
        },
      },
    ]);
    expect(await screen.findByText('Search “Databases” saved.', {})).toBeInTheDocument();
    // docs/console/shell.md#top-bar: then the attributes are read again.
    const putAt = requests.findIndex((r) => r.method === 'PUT');
    await waitFor(() =>
      expect(requests.slice(putAt).some((r) => r.method === 'GET' && r.url.pathname === '/user/me/attributes')).toBe(
        true,
      ),
    );

    // The drawer lists it.
    const { nav, group } = await openSearches();
    await user.click(group);
    expect(group).toHaveAttribute('aria-expanded', 'true');
    const list = within(nav).getByRole('list', { name: 'Saved searches' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Old', 'Databases']);
  });

  it('replaces a saved search of the same name', async () => {
    const requests = recordRequests();
    attributesServer([
      { text: 'Mine', q: 'old' },
      { text: 'Other', q: 'x' },
    ]);
    const { user } = renderApp('/alerts?q=new', { token: makeToken() });
    await screen.findByText(/Nothing matches/);
    await user.click(screen.getByRole('button', { name: 'Save this search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save search' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'Mine');
    expect(within(dialog).getByText('The saved search with this name will be replaced')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(puts(requests)[0]?.body).toEqual({
      attributes: {
        queries: [
          { text: 'Other', q: 'x' },
          { text: 'Mine', q: 'new' },
        ],
      },
    });
  });

  it('applies a saved search from the drawer, keeping the filter', async () => {
    const requests = recordRequests();
    attributesServer([{ text: 'Web servers', q: 'resource:web*' }]);
    const { user, location } = renderApp('/alerts#environment:Production;asi:0', { token: makeToken() });
    await screen.findByText('No data available');
    const { nav, group } = await openSearches();
    await user.click(group);
    await user.click(within(nav).getByRole('link', { name: 'Web servers' }));
    await waitFor(() => expect(location().search).toBe('?q=resource%3Aweb*'));
    expect(location().hash).toContain('environment:Production');
    await waitFor(() =>
      expect(
        requests.some((r) => r.url.pathname === '/alerts' && r.url.searchParams.get('q') === 'resource:web*'),
      ).toBe(true),
    );
    expect(screen.getByRole('searchbox', { name: 'Search alerts' })).toHaveValue('resource:web*');
    expect(within(nav).getByRole('link', { name: 'Web servers' })).toHaveAttribute('data-active');
  });

  it('deletes a saved search and hides the group once none is left', async () => {
    const requests = recordRequests();
    attributesServer([
      { text: 'One', q: 'a' },
      { text: 'Two', q: 'b' },
    ]);
    const { user } = renderApp('/alerts', { token: makeToken() });
    const { nav, group } = await openSearches();
    await user.click(group);

    await user.click(within(nav).getByRole('button', { name: 'Delete saved search One' }));
    await waitFor(() => expect(within(nav).queryByRole('link', { name: 'One' })).not.toBeInTheDocument());
    expect(puts(requests)[0]?.body).toEqual({ attributes: { queries: [{ text: 'Two', q: 'b' }] } });
    expect(await screen.findByText('Search “One” deleted.', {})).toBeInTheDocument();

    await user.click(within(nav).getByRole('button', { name: 'Delete saved search Two' }));
    await waitFor(() => expect(within(nav).queryByRole('button', { name: 'Saved searches' })).not.toBeInTheDocument());
    expect(puts(requests)[1]?.body).toEqual({ attributes: { queries: [] } });
  });

  it('says why a search could not be saved and keeps the dialog open', async () => {
    attributesServer([]);
    server.use(
      http.put(`${API}/user/me/attributes`, () =>
        HttpResponse.json(errorEnvelope(403, 'Missing required scope'), { status: 403 }),
      ),
    );
    const { user } = renderApp('/alerts?q=x', { token: makeToken() });
    await screen.findByText(/Nothing matches/);
    await user.click(screen.getByRole('button', { name: 'Save this search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save search' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Missing required scope (403)', {})).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Save search' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Saved searches' })).not.toBeInTheDocument();
  });

  it('offers saving only to logged-in users, and only with something to save', async () => {
    attributesServer([]);
    const { user } = renderApp('/alerts', { token: makeToken() });
    const pin = await screen.findByRole('button', { name: 'Save this search' });
    expect(pin).toBeDisabled();
    await user.type(screen.getByRole('searchbox', { name: 'Search alerts' }), 'severity:critical');
    expect(pin).toBeEnabled();
  });

  it('has no pin for visitors', async () => {
    alertsScenario.list([]);
    renderApp('/alerts?q=x', { config: { auth_required: false } });
    await screen.findByText(/Nothing matches/);
    expect(screen.queryByRole('button', { name: 'Save this search' })).not.toBeInTheDocument();
  });
});
