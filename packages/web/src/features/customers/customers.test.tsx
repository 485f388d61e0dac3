import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { recordRequests, server } from '../../test/server';
import { customersScenario } from '../../test/mocks';

const ADMIN = makeToken({ scope: 'admin read write' });
const READER = makeToken({ scope: 'read:customers read:alerts' });
const CONFIG = { customer_views: true };

function customersAnswer(rows: { id: string; match: string; customer: string }[], total = rows.length) {
  return { status: 'ok', customers: rows, total, page: 1, pageSize: 20, pages: 1, more: false };
}

describe('customers screen', () => {
  it('asks the server for one sorted page and searches there', async () => {
    const requests = recordRequests();
    server.use(
      http.get(`${API}/customers`, ({ request }) => {
        const match = new URL(request.url).searchParams.get('customer');
        const rows = [{ id: 'c1', match: 'example.com', customer: 'Example' }];
        return HttpResponse.json(customersAnswer(match === '~zzz' ? [] : rows, match === '~zzz' ? 0 : 41));
      }),
    );
    const { user } = renderApp('/customers', { token: ADMIN, config: CONFIG });
    expect(await screen.findByRole('cell', { name: 'example.com' })).toBeInTheDocument();
    const first = requests.find((r) => r.url.pathname === '/customers');
    expect(first?.url.searchParams.get('page')).toBe('1');
    expect(first?.url.searchParams.get('page-size')).toBe('20');
    expect(first?.url.searchParams.get('sort-by')).toBe('customer');
    expect(screen.getByText('1–20 of 41')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(requests.at(-1)?.url.searchParams.get('page')).toBe('2'));

    await user.click(screen.getByRole('button', { name: /^Look Up/ }));
    await waitFor(() => expect(requests.at(-1)?.url.searchParams.get('sort-by')).toBe('match'));
    expect(requests.at(-1)?.url.searchParams.get('page')).toBe('1');
    await user.click(screen.getByRole('button', { name: /^Look Up/ }));
    await waitFor(() => expect(requests.at(-1)?.url.searchParams.get('sort-by')).toBe('-match'));

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'zzz');
    expect(await screen.findByText('Your search for "zzz" found no results.')).toBeInTheDocument();
    expect(requests.at(-1)?.url.searchParams.get('customer')).toBe('~zzz');
  });

  it('checks the form, then creates a customer with exactly the two fields', async () => {
    const requests = recordRequests();
    customersScenario.list([]);
    server.use(http.post(`${API}/customer`, () => HttpResponse.json({ status: 'ok', id: 'c9' }, { status: 201 })));
    const { user } = renderApp('/customers', { token: ADMIN, config: CONFIG });
    await user.click(await screen.findByRole('button', { name: 'New customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'New customer' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getAllByText('Required')).toHaveLength(2);
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: /Look Up/ }), ' acme.example ');
    await user.type(within(dialog).getByRole('textbox', { name: /^Customer/ }), 'Acme');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Customer Acme created.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ match: 'acme.example', customer: 'Acme' });
  });

  it('shows the server refusal inside the form', async () => {
    customersScenario.list([]);
    server.use(
      http.post(`${API}/customer`, () =>
        HttpResponse.json(
          { status: 'error', code: 409, message: 'customer already exists', errors: [] },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderApp('/customers', { token: ADMIN, config: CONFIG });
    await user.click(await screen.findByRole('button', { name: 'New customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'New customer' });
    await user.type(within(dialog).getByRole('textbox', { name: /Look Up/ }), 'acme.example');
    await user.type(within(dialog).getByRole('textbox', { name: /^Customer/ }), 'Acme');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('customer already exists');
  });

  it('edits and deletes after confirmation', async () => {
    const requests = recordRequests();
    customersScenario.list([{ id: 'c1', match: 'example.com', customer: 'Example' }]);
    const { user } = renderApp('/customers', { token: ADMIN, config: CONFIG });
    await user.click(await screen.findByRole('button', { name: 'Edit Example' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit customer' });
    const name = within(dialog).getByRole('textbox', { name: /^Customer/ });
    await user.clear(name);
    await user.type(name, 'Example Ltd');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Customer Example Ltd saved.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ match: 'example.com', customer: 'Example Ltd' });

    // The list comes back with the change saved.
    await user.click(await screen.findByRole('button', { name: 'Delete Example Ltd' }));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE')).toBe(true));
  });

  it('shows a reader the list without any way to change it', async () => {
    customersScenario.list([{ id: 'c1', match: 'example.com', customer: 'Example' }]);
    renderApp('/customers', { token: READER, config: CONFIG });
    expect(await screen.findByRole('cell', { name: 'example.com' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New customer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Example' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });
});
