import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeToken } from '../../test/fixtures';
import { usersScenario } from '../../test/mocks';
import { renderApp } from '../../test/renderApp';
import { recordRequests } from '../../test/server';
import { makeUser, serveUserLists } from './usersTestData';

const ADMIN = makeToken({ scope: 'admin read write' });
// Someone who may read the permissions but not manage users.
const VIEWER = makeToken({ scope: 'read:perms read:alerts' });

const usersRequests = (requests: ReturnType<typeof recordRequests>) =>
  requests.filter((r) => r.method === 'GET' && r.url.pathname === '/users');

describe('users screen', () => {
  it('asks the server for one page by name, with both statuses, and filters and searches there', async () => {
    const requests = recordRequests();
    serveUserLists([makeUser()], 45);
    const { user } = renderApp('/users', { token: ADMIN });
    // The first test also waits for the screen's code to compile.
    expect(await screen.findByRole('cell', { name: 'Bob Builder' })).toBeInTheDocument();
    const first = usersRequests(requests)[0];
    expect(first?.url.searchParams.get('page')).toBe('1');
    expect(first?.url.searchParams.get('page-size')).toBe('20');
    expect(first?.url.searchParams.get('sort-by')).toBe('name');
    expect(first?.url.searchParams.getAll('status')).toEqual(['active', 'inactive']);
    expect(first?.url.searchParams.has('role')).toBe(false);
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(usersRequests(requests).at(-1)?.url.searchParams.get('page')).toBe('2'));

    await user.click(screen.getByRole('button', { name: /^Last login/ }));
    await waitFor(() => expect(usersRequests(requests).at(-1)?.url.searchParams.get('sort-by')).toBe('lastLogin'));
    expect(usersRequests(requests).at(-1)?.url.searchParams.get('page')).toBe('1');

    await user.click(screen.getByRole('checkbox', { name: 'Inactive' }));
    await waitFor(() => expect(usersRequests(requests).at(-1)?.url.searchParams.getAll('status')).toEqual(['active']));

    await user.click(screen.getByRole('combobox', { name: 'Roles' }));
    await user.click(await screen.findByRole('option', { name: 'ops', hidden: true }));
    await user.click(screen.getByRole('option', { name: 'viewer', hidden: true }));
    await waitFor(() =>
      expect(usersRequests(requests).at(-1)?.url.searchParams.getAll('role')).toEqual(['ops', 'viewer']),
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Search in' }), 'email');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'example.org');
    await waitFor(() => expect(usersRequests(requests).at(-1)?.url.searchParams.get('email')).toBe('~example.org'));
    const last = usersRequests(requests).at(-1);
    expect(last?.url.searchParams.getAll('status')).toEqual(['active']);
    expect(last?.url.searchParams.getAll('role')).toEqual(['ops', 'viewer']);
    expect(last?.url.searchParams.has('name')).toBe(false);
  });

  it('asks nothing and says why when neither status is chosen', async () => {
    const requests = recordRequests();
    serveUserLists([makeUser()]);
    const { user } = renderApp('/users', { token: ADMIN });
    expect(await screen.findByRole('cell', { name: 'Bob Builder' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Active' }));
    await user.click(screen.getByRole('checkbox', { name: 'Inactive' }));
    expect(await screen.findByText('Choose Active, Inactive or both to list users.')).toBeInTheDocument();
    expect(usersRequests(requests).every((r) => r.url.searchParams.getAll('status').length > 0)).toBe(true);
  });

  it('shows the row: roles as chips, dates, comment, and the toggles for an administrator', async () => {
    serveUserLists([makeUser({ roles: ['ops', 'viewer'] })]);
    renderApp('/users', { token: ADMIN });
    const row = (await screen.findByRole('cell', { name: 'Bob Builder' })).closest('tr');
    if (row === null) throw new Error('no row');
    expect(within(row).getByText('ops (role)')).toBeInTheDocument();
    expect(within(row).getByText('viewer (role)')).toBeInTheDocument();
    expect(within(row).getByText('night shift')).toBeInTheDocument();
    expect(within(row).getAllByRole('time')).toHaveLength(2);
    expect(within(row).getByRole('switch', { name: 'Bob Builder is active' })).toBeChecked();
    expect(within(row).getByRole('checkbox', { name: 'Email of Bob Builder verified' })).not.toBeChecked();
  });

  it('flips the status at once, and says so', async () => {
    const requests = recordRequests();
    serveUserLists([makeUser()]);
    const answer = usersScenario.holdWrites();
    const { user } = renderApp('/users', { token: ADMIN });
    const toggle = await screen.findByRole('switch', { name: 'Bob Builder is active' });
    await user.click(toggle);
    // Shown before the server answers.
    await waitFor(() => expect(toggle).not.toBeChecked());
    answer();
    expect(await screen.findByText('User status saved.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Bob Builder is active' })).not.toBeChecked();
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ status: 'inactive' }]);
    expect(usersScenario.rows()).toEqual([makeUser({ status: 'inactive' })]);
  });

  it('marks an email verified at once, and says so', async () => {
    const requests = recordRequests();
    serveUserLists([makeUser()]);
    const { user } = renderApp('/users', { token: ADMIN });
    await user.click(await screen.findByRole('checkbox', { name: 'Email of Bob Builder verified' }));
    expect(await screen.findByText('Email verification saved.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ email_verified: true }]);
    expect(usersScenario.rows()).toEqual([makeUser({ email_verified: true })]);
  });

  it('reports a refused toggle in the snackbar', async () => {
    serveUserLists([makeUser()]);
    usersScenario.writesFailing(403, "User 'bob' holds scope 'admin'", 'PUT');
    const { user } = renderApp('/users', { token: ADMIN });
    await user.click(await screen.findByRole('switch', { name: 'Bob Builder is active' }));
    expect(await screen.findByText(/User 'bob' holds scope 'admin'/)).toBeInTheDocument();
    expect(usersScenario.rows()).toEqual([makeUser()]);
  });

  it('deletes a user after confirmation', async () => {
    const requests = recordRequests();
    serveUserLists([makeUser()]);
    const { user } = renderApp('/users', { token: ADMIN });
    await user.click(await screen.findByRole('button', { name: 'Delete Bob Builder' }));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual(['/user/u1']);
    expect(usersScenario.rows()).toEqual([]);
  });

  it('shows someone without admin:users the list without any way to change it', async () => {
    serveUserLists([makeUser()]);
    renderApp('/users', { token: VIEWER });
    const row = (await screen.findByRole('cell', { name: 'Bob Builder' })).closest('tr');
    if (row === null) throw new Error('no row');
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText('No')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(within(row).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New user' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Bob Builder' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('offers no new user when another provider brings the users', async () => {
    serveUserLists([makeUser()]);
    renderApp('/users', { token: ADMIN, config: { provider: 'github' } });
    expect(await screen.findByRole('button', { name: 'Edit Bob Builder' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New user' })).not.toBeInTheDocument();
  });
});
