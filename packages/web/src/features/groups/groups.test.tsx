import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, makeToken } from '../../test/fixtures';
import { groupsScenario, membershipScenario, refusal, usersScenario } from '../../test/mocks';
import { renderApp } from '../../test/renderApp';
import { recordRequests, server, type RecordedRequest } from '../../test/server';
import { GROUPS, makeUser } from '../users/usersTestData';

const ADMIN = makeToken({ scope: 'admin read write' });
const READER = makeToken({ scope: 'read:groups read:alerts' });

const changes = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method !== 'GET').map((r) => ({ method: r.method, path: r.url.pathname, body: r.body }));
const listRequests = (requests: RecordedRequest[], path: string) =>
  requests.filter((r) => r.method === 'GET' && r.url.pathname === path);

describe('groups screen', () => {
  it('asks the server for one page by name and searches names there', async () => {
    const requests = recordRequests();
    groupsScenario.list(GROUPS, 23);
    const { user } = renderApp('/groups', { token: ADMIN });
    expect(await screen.findByRole('cell', { name: 'Night shift' })).toBeInTheDocument();
    const first = listRequests(requests, '/groups')[0];
    expect(first?.url.searchParams.get('page')).toBe('1');
    expect(first?.url.searchParams.get('page-size')).toBe('20');
    expect(first?.url.searchParams.get('sort-by')).toBe('name');
    expect(screen.getByRole('cell', { name: 'After hours' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '3' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(listRequests(requests, '/groups').at(-1)?.url.searchParams.get('page')).toBe('2'));
    await user.click(screen.getByRole('button', { name: /^Description/ }));
    await waitFor(() => expect(listRequests(requests, '/groups').at(-1)?.url.searchParams.get('sort-by')).toBe('text'));

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'zzz');
    expect(await screen.findByText('Your search for "zzz" found no results.')).toBeInTheDocument();
    expect(listRequests(requests, '/groups').at(-1)?.url.searchParams.get('name')).toBe('~zzz');
    expect(listRequests(requests, '/groups').at(-1)?.url.searchParams.get('page')).toBe('1');
  });

  it('checks the form, then creates a group with its name and description', async () => {
    const requests = recordRequests();
    groupsScenario.list(GROUPS);
    groupsScenario.nextId('g9');
    const { user } = renderApp('/groups', { token: ADMIN });
    await user.click(await screen.findByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New group' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Required')).toBeInTheDocument();
    expect(changes(requests)).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), ' Database team ');
    expect(within(dialog).getByText('Database team (group)')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'DBAs');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Group Database team created.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(changes(requests)).toEqual([
      { method: 'POST', path: '/group', body: { name: 'Database team', text: 'DBAs' } },
    ]);
    expect(groupsScenario.rows().at(-1)).toEqual({ id: 'g9', name: 'Database team', text: 'DBAs' });
  });

  it('edits a group, shows a refusal in the form, and deletes after confirmation', async () => {
    const requests = recordRequests();
    groupsScenario.list(GROUPS);
    // The first save is refused; the one after it goes through.
    server.use(http.put(`${API}/group/g2`, () => refusal(409, "group 'Night shift' already exists"), { once: true }));
    const { user } = renderApp('/groups', { token: ADMIN });
    await user.click(await screen.findByRole('button', { name: 'Edit Networks' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit group' });
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Night shift');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('already exists');
    await user.clear(name);
    await user.type(name, 'Network team');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Routers');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Group Network team saved.')).toBeInTheDocument();
    expect(changes(requests).at(-1)).toEqual({
      method: 'PUT',
      path: '/group/g2',
      body: { name: 'Network team', text: 'Routers' },
    });

    // The list shows the group under its new name once saved.
    await user.click(await screen.findByRole('button', { name: 'Delete Network team' }));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(changes(requests).at(-1)).toEqual({ method: 'DELETE', path: '/group/g2', body: undefined }),
    );
    expect(groupsScenario.rows().map((group) => group.id)).toEqual(['g1']);
  });

  it('adds a member found by the server, lists members with inactive ones marked, and removes one', async () => {
    const requests = recordRequests();
    groupsScenario.list(GROUPS);
    usersScenario.list([
      makeUser(),
      makeUser({ id: 'u2', name: 'Dave Old', login: 'dave', email: 'dave@example.com', status: 'inactive' }),
      makeUser({ id: 'u3', name: 'Carol Jones', login: 'carol', email: 'carol@example.com' }),
    ]);
    membershipScenario.members({ g1: ['u1', 'u2'] });
    const { user } = renderApp('/groups', { token: ADMIN });
    await user.click(await screen.findByRole('button', { name: 'Members of Night shift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Members of Night shift' });
    const members = await within(dialog).findByRole('list', { name: 'Users in this group' });
    expect(
      within(members)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Bob Builder bob ', 'Dave Old dave inactive']);

    await user.type(within(dialog).getByRole('combobox', { name: 'Add a user' }), 'car');
    await waitFor(() => {
      const asked = listRequests(requests, '/users').map((r) => r.url.search);
      expect(asked).toEqual(
        expect.arrayContaining(['?name=%7Ecar&sort-by=name&page-size=20', '?login=%7Ecar&sort-by=name&page-size=20']),
      );
    });
    await user.click(await within(dialog).findByRole('option', { name: /^Carol Jones/, hidden: true }));
    expect(await screen.findByText('User added to the group.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Remove Dave Old from the group' }));
    await waitFor(() =>
      expect(changes(requests)).toEqual([
        { method: 'PUT', path: '/group/g1/user/u3', body: {} },
        { method: 'DELETE', path: '/group/g1/user/u2', body: undefined },
      ]),
    );
    expect(membershipScenario.current()).toEqual({ g1: ['u1', 'u3'] });

    const closes = within(dialog).getAllByRole('button', { name: 'Close' });
    expect(closes).toHaveLength(2); // the corner cross and the button under the list
    await user.click(closes[1] ?? dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a reader the groups without any way to change them', async () => {
    groupsScenario.list(GROUPS);
    renderApp('/groups', { token: READER });
    expect(await screen.findByRole('cell', { name: 'Night shift' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New group' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Night shift' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Members of Night shift' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('offers no new group without basic login', async () => {
    groupsScenario.list(GROUPS);
    renderApp('/groups', { token: ADMIN, config: { provider: 'gitlab' } });
    expect(await screen.findByRole('button', { name: 'Edit Night shift' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New group' })).not.toBeInTheDocument();
  });
});
