import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, makeToken } from '../../test/fixtures';
import { membershipScenario, refusal, usersScenario } from '../../test/mocks';
import { renderApp } from '../../test/renderApp';
import { recordRequests, server, type RecordedRequest } from '../../test/server';
import { makeUser, serveUserLists } from './usersTestData';

const ADMIN = makeToken({ scope: 'admin read write' });

// "Email", not "Email address verified".
const EMAIL = /^Email\W*$/;

const changes = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method !== 'GET').map((r) => ({ method: r.method, path: r.url.pathname, body: r.body }));

function field(dialog: HTMLElement, name: string | RegExp) {
  return within(dialog).getByLabelText(name, { selector: 'input' });
}

async function openNewUser() {
  const rendered = renderApp('/users', { token: ADMIN });
  await rendered.user.click(await screen.findByRole('button', { name: 'New user' }));
  const dialog = await screen.findByRole('dialog', { name: 'New user' });
  return { ...rendered, dialog };
}

describe('user dialog', () => {
  it('says what is missing or wrong before sending anything', async () => {
    const requests = recordRequests();
    serveUserLists([]);
    const { user, dialog } = await openNewUser();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Name, login, email and a first password are required.
    expect(within(dialog).getAllByText('Required')).toHaveLength(4);

    await user.type(field(dialog, EMAIL), 'not an address');
    await user.type(field(dialog, /^Password/), 'short');
    await user.type(field(dialog, /^Confirm password/), 'shorter');
    expect(within(dialog).getByText('Enter an address such as name@example.com')).toBeInTheDocument();
    expect(within(dialog).getByText('Min 8 characters')).toBeInTheDocument();
    expect(within(dialog).getByText("Passwords entered don't match")).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(changes(requests)).toEqual([]);
  });

  it('shows the password on request', async () => {
    serveUserLists([]);
    const { user, dialog } = await openNewUser();
    const password = field(dialog, /^Password/);
    expect(password).toHaveAttribute('type', 'password');
    await user.click(within(dialog).getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(field(dialog, /^Confirm password/)).toHaveAttribute('type', 'text');
  });

  it('creates a user with exactly the form fields, then puts them in the chosen group', async () => {
    const requests = recordRequests();
    serveUserLists([]);
    usersScenario.nextId('u9');
    const { user, dialog } = await openNewUser();
    expect(within(dialog).getByRole('switch', { name: 'Active' })).toBeChecked();
    await user.type(field(dialog, /^Name/), ' Carol Jones ');
    await user.type(field(dialog, /^Login/), 'carol');
    await user.type(field(dialog, EMAIL), 'carol@example.com');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Email address verified' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await user.type(field(dialog, /^Password/), 'correct horse');
    await user.type(field(dialog, /^Confirm password/), 'correct horse');
    await user.click(within(dialog).getByRole('combobox', { name: 'Groups' }));
    await user.click(await within(dialog).findByRole('option', { name: 'Networks', hidden: true }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Roles' }));
    await user.click(await within(dialog).findByRole('option', { name: 'viewer', hidden: true }));
    await user.type(field(dialog, 'Comment'), 'on call');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('User Carol Jones created.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(changes(requests)).toEqual([
      {
        method: 'POST',
        path: '/user',
        body: {
          name: 'Carol Jones',
          status: 'inactive',
          login: 'carol',
          email: 'carol@example.com',
          email_verified: true,
          password: 'correct horse',
          roles: ['viewer'],
          text: 'on call',
        },
      },
      { method: 'PUT', path: '/group/g2/user/u9', body: {} },
    ]);
    expect(usersScenario.rows()).toMatchObject([{ id: 'u9', login: 'carol' }]);
    expect(membershipScenario.current()).toEqual({ g2: ['u9'] });
  });

  it('after a failed group call, saves the created user again instead of creating it twice', async () => {
    const requests = recordRequests();
    serveUserLists([]);
    usersScenario.nextId('u9');
    // The first group call fails; the one after it goes through.
    server.use(http.put(`${API}/group/g1/user/u9`, () => refusal(500, 'database is busy'), { once: true }));
    const { user, dialog } = await openNewUser();
    await user.type(field(dialog, /^Name/), 'Carol');
    await user.type(field(dialog, /^Login/), 'carol');
    await user.type(field(dialog, EMAIL), 'carol@example.com');
    await user.type(field(dialog, /^Password/), 'correct horse');
    await user.type(field(dialog, /^Confirm password/), 'correct horse');
    await user.click(within(dialog).getByRole('combobox', { name: 'Groups' }));
    await user.click(await within(dialog).findByRole('option', { name: 'Night shift', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('database is busy');
    expect(membershipScenario.current()).toEqual({});

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(changes(requests).map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /user',
      'PUT /group/g1/user/u9',
      'PUT /user/u9',
      'PUT /group/g1/user/u9',
    ]);
    expect(usersScenario.rows().map((row) => row.id)).toEqual(['u9']);
    expect(membershipScenario.current()).toEqual({ g1: ['u9'] });
  });

  it('shows the server refusal inside the form', async () => {
    serveUserLists([]);
    usersScenario.writesFailing(409, 'A user with this login or email already exists', 'POST');
    const { user, dialog } = await openNewUser();
    await user.type(field(dialog, /^Name/), 'Bob');
    await user.type(field(dialog, /^Login/), 'bob');
    await user.type(field(dialog, EMAIL), 'bob@example.com');
    await user.type(field(dialog, /^Password/), 'correct horse');
    await user.type(field(dialog, /^Confirm password/), 'correct horse');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('already exists');
  });

  it('edits a user: no login, no password unless typed, and only the group changes', async () => {
    const requests = recordRequests();
    serveUserLists([makeUser()]);
    membershipScenario.members({ g1: ['u1'] });
    const { user } = renderApp('/users', { token: ADMIN });
    await user.click(await screen.findByRole('button', { name: 'Edit Bob Builder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit user' });
    expect(field(dialog, /^Login/)).toBeDisabled();
    expect(field(dialog, /^Name/)).toHaveValue('Bob Builder');
    // The membership loaded: Night shift is chosen.
    expect(
      await within(dialog).findByRole('option', { name: 'Night shift', hidden: true, selected: true }),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: 'Groups' }));
    await user.click(await within(dialog).findByRole('option', { name: 'Networks', hidden: true }));
    await user.click(within(dialog).getByRole('option', { name: 'Night shift', hidden: true }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Roles' }));
    await user.click(await within(dialog).findByRole('option', { name: 'ops', hidden: true }));
    await user.click(within(dialog).getByRole('option', { name: 'viewer', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('User Bob Builder saved.')).toBeInTheDocument();
    expect(changes(requests)).toEqual([
      {
        method: 'PUT',
        path: '/user/u1',
        body: {
          name: 'Bob Builder',
          email: 'bob@example.com',
          status: 'active',
          roles: ['viewer'],
          text: 'night shift',
          email_verified: false,
        },
      },
      { method: 'PUT', path: '/group/g2/user/u1', body: {} },
      { method: 'DELETE', path: '/group/g1/user/u1', body: undefined },
    ]);
    expect(membershipScenario.current()).toEqual({ g2: ['u1'] });
    expect(usersScenario.rows()).toMatchObject([{ id: 'u1', roles: ['viewer'] }]);
  });

  it('sends a new password when one is typed, and checks it', async () => {
    const requests = recordRequests();
    serveUserLists([makeUser()]);
    const { user } = renderApp('/users', { token: ADMIN });
    await user.click(await screen.findByRole('button', { name: 'Edit Bob Builder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit user' });
    await user.type(field(dialog, /^Password/), 'new secret');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText("Passwords entered don't match")).toBeInTheDocument();
    await user.type(field(dialog, /^Confirm password/), 'new secret');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User Bob Builder saved.')).toBeInTheDocument();
    expect(changes(requests)).toEqual([
      {
        method: 'PUT',
        path: '/user/u1',
        body: {
          name: 'Bob Builder',
          email: 'bob@example.com',
          status: 'active',
          roles: ['ops'],
          text: 'night shift',
          email_verified: false,
          password: 'new secret',
        },
      },
    ]);
  });

  it('leaves the identity to another provider: fields disabled, no password, not sent', async () => {
    const requests = recordRequests();
    serveUserLists([makeUser({ email: null, email_verified: true })]);
    const { user } = renderApp('/users', { token: ADMIN, config: { provider: 'github' } });
    await user.click(await screen.findByRole('button', { name: 'Edit Bob Builder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit user' });
    expect(field(dialog, /^Name/)).toBeDisabled();
    expect(field(dialog, /^Login/)).toBeDisabled();
    expect(field(dialog, EMAIL)).toBeDisabled();
    expect(within(dialog).queryByLabelText(/Password/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User Bob Builder saved.')).toBeInTheDocument();
    expect(changes(requests)).toEqual([
      {
        method: 'PUT',
        path: '/user/u1',
        body: { status: 'inactive', roles: ['ops'], text: 'night shift', email_verified: true },
      },
    ]);
  });
});
