import { BUILTIN_SCOPES } from '@alerta/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { recordRequests, server } from '../../test/server';
import { permsScenario } from '../../test/mocks';

/** The first wait of a test covers the screen's chunk and texts arriving, slow on a busy machine. */
const LOADED = { timeout: 10_000 };

const ADMIN = makeToken({ scope: 'admin read write' });
/** May change permissions but holds only a few scopes, so it may grant only those. */
const PERMS_ADMIN = makeToken({ scope: 'admin:perms read:alerts write:heartbeats' });
const READER = makeToken({ scope: 'read:perms read:alerts' });

type Row = { id: string; match: string; scopes: string[] };

const SYSTEM: Row[] = [
  { id: 's1', match: 'admin', scopes: ['admin', 'read', 'write'] },
  { id: 's2', match: 'user', scopes: ['read', 'write'] },
  { id: 's3', match: 'guest', scopes: ['read:alerts'] },
];
const OPS: Row = { id: 'p1', match: 'ops', scopes: ['read:alerts', 'write:heartbeats'] };

function permsAnswer(rows: Row[], total = rows.length) {
  return { status: 'ok', permissions: rows, total, page: 1, pageSize: 20, pages: 1, more: false };
}

function answerScopes() {
  return http.get(`${API}/scopes`, () =>
    HttpResponse.json({ status: 'ok', scopes: [...BUILTIN_SCOPES, 'read:custom'], total: 30 }),
  );
}

function answerPerms(rows: Row[] = [...SYSTEM, OPS]) {
  return http.get(`${API}/perms`, () => HttpResponse.json(permsAnswer(rows)));
}

const permsRequests = (requests: ReturnType<typeof recordRequests>) =>
  requests.filter((r) => r.url.pathname === '/perms');

describe('permissions screen', () => {
  it('pages, sorts, searches and filters by scope on the server', async () => {
    const requests = recordRequests();
    server.use(
      answerScopes(),
      http.get(`${API}/perms`, ({ request }) => {
        const match = new URL(request.url).searchParams.get('match');
        return HttpResponse.json(match === '~zzz' ? permsAnswer([]) : permsAnswer([...SYSTEM, OPS], 45));
      }),
    );
    const { user } = renderApp('/perms', { token: ADMIN });
    expect(await screen.findByText('ops (role)', {}, LOADED)).toBeInTheDocument();
    const first = permsRequests(requests)[0];
    expect(first?.url.searchParams.get('page')).toBe('1');
    expect(first?.url.searchParams.get('page-size')).toBe('20');
    expect(first?.url.searchParams.get('sort-by')).toBe('match');
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(permsRequests(requests).at(-1)?.url.searchParams.get('page')).toBe('2'));
    await user.click(screen.getByRole('button', { name: /^Role/ }));
    await waitFor(() => expect(permsRequests(requests).at(-1)?.url.searchParams.get('sort-by')).toBe('-match'));
    expect(permsRequests(requests).at(-1)?.url.searchParams.get('page')).toBe('1');

    const filter = screen.getByRole('combobox', { name: 'Scopes' });
    await user.click(filter);
    await user.click(await screen.findByRole('option', { name: 'read:alerts', hidden: true }));
    await user.click(await screen.findByRole('option', { name: 'read:custom', hidden: true }));
    await waitFor(() =>
      expect(permsRequests(requests).at(-1)?.url.searchParams.getAll('scope')).toEqual(['read:alerts', 'read:custom']),
    );
    await user.keyboard('{Escape}');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'zzz');
    expect(await screen.findByText('Your search for "zzz" found no results.', {}, LOADED)).toBeInTheDocument();
    const last = permsRequests(requests).at(-1);
    expect(last?.url.searchParams.get('match')).toBe('~zzz');
    expect(last?.url.searchParams.getAll('scope')).toEqual(['read:alerts', 'read:custom']);
  });

  it('locks the system roles: marked, and their buttons disabled with the reason', async () => {
    server.use(answerScopes(), answerPerms());
    const { user } = renderApp('/perms', { token: ADMIN });
    const adminRow = (await screen.findByText('admin (role)', {}, LOADED)).closest('tr');
    if (adminRow === null) throw new Error('no row for admin');
    expect(within(adminRow).getByRole('img', { name: 'System role' })).toBeInTheDocument();
    const edit = within(adminRow).getByRole('button', { name: 'Edit admin' });
    const remove = within(adminRow).getByRole('button', { name: 'Delete admin' });
    for (const button of [edit, remove]) {
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAccessibleDescription(/set in the server's configuration/);
    }
    await user.click(edit);
    await user.click(remove);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    for (const role of ['user', 'guest']) {
      expect(screen.getByRole('button', { name: `Edit ${role}` })).toHaveAttribute('aria-disabled', 'true');
    }

    const opsRow = screen.getByText('ops (role)').closest('tr');
    if (opsRow === null) throw new Error('no row for ops');
    expect(within(opsRow).queryByRole('img', { name: 'System role' })).not.toBeInTheDocument();
    expect(within(opsRow).getByRole('button', { name: 'Edit ops' })).not.toHaveAttribute('aria-disabled');
    expect(within(opsRow).getByText('write:heartbeats')).toBeInTheDocument();
  });

  it('checks the role, offers only the scopes the user may grant, and creates the permission', async () => {
    const requests = recordRequests();
    server.use(
      answerScopes(),
      answerPerms(),
      http.post(`${API}/perm`, () => HttpResponse.json({ status: 'ok', id: 'p9' }, { status: 201 })),
    );
    const { user } = renderApp('/perms', { token: PERMS_ADMIN });
    await user.click(await screen.findByRole('button', { name: 'New permission' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: 'New permission' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Required')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: /^Role/ }), ' oncall ');
    expect(within(dialog).getByText('oncall (role)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: /^Scopes/ }));
    const options = await within(dialog).findAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual([
      'admin:perms',
      'read:alerts',
      'read:heartbeats',
      'read:perms',
      'write:heartbeats',
    ]);
    await user.click(within(dialog).getByRole('option', { name: 'write:heartbeats', hidden: true }));
    await user.click(within(dialog).getByRole('option', { name: 'read:alerts', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Permission for oncall created.', {}, LOADED)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      match: 'oncall',
      scopes: ['write:heartbeats', 'read:alerts'],
    });
  });

  it('edits the scopes (cleared at once) and deletes after confirmation', async () => {
    const requests = recordRequests();
    server.use(answerScopes(), answerPerms());
    const { user } = renderApp('/perms', { token: ADMIN });
    await user.click(await screen.findByRole('button', { name: 'Edit ops' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: 'Edit permission' });
    const role = within(dialog).getByRole('textbox', { name: /^Role/ });
    expect(role).toHaveValue('ops');
    await user.clear(role);
    await user.type(role, 'operations');
    await user.click(within(dialog).getByLabelText('Clear scopes'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Permission for operations saved.', {}, LOADED)).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ match: 'operations', scopes: [] });

    await user.click(screen.getByRole('button', { name: 'Delete ops' }));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual(['/perm/p1']),
    );
  });

  it('shows the server refusal inside the form', async () => {
    permsScenario.writesFailing(409, 'oncall role already exists', 'POST');
    server.use(answerScopes(), answerPerms());
    const { user } = renderApp('/perms', { token: ADMIN });
    await user.click(await screen.findByRole('button', { name: 'New permission' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: 'New permission' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Role/ }), 'oncall');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('oncall role already exists');
  });

  it('shows a reader the list without any way to change it', async () => {
    server.use(answerScopes(), answerPerms());
    renderApp('/perms', { token: READER });
    expect(await screen.findByText('ops (role)', {}, LOADED)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New permission' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit ops' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });
});
