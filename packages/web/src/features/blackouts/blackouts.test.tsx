import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { recordRequests, server } from '../../test/server';
import { blackoutAnswer, makeBlackout } from './testData';
import { blackoutsScenario } from '../../test/mocks';

const ADMIN = makeToken({ scope: 'admin read write' });
const READER = makeToken({ scope: 'read:blackouts read:alerts' });
const HOUR = 3600_000;

// The screen, its texts and its first page arrive one after the other; on a busy machine that takes a while.
const SLOW = { timeout: 15_000 };

const listRequests = (requests: ReturnType<typeof recordRequests>) =>
  requests.filter((r) => r.url.pathname === '/blackouts');

describe('blackouts screen', () => {
  it('asks the server for one page by status, order and search', async () => {
    const requests = recordRequests();
    blackoutsScenario.list([makeBlackout({ resource: 'web01' })], 45);
    const { user } = renderApp('/blackouts', { token: ADMIN });
    expect(await screen.findByRole('cell', { name: 'web01' }, SLOW)).toBeInTheDocument();
    const first = listRequests(requests)[0]?.url.searchParams;
    expect(first?.getAll('status')).toEqual(['active', 'pending', 'expired']);
    expect(first?.get('sort-by')).toBe('startTime');
    expect(first?.get('page')).toBe('1');
    expect(first?.get('page-size')).toBe('20');
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Expired' }));
    await waitFor(() =>
      expect(listRequests(requests).at(-1)?.url.searchParams.getAll('status')).toEqual(['active', 'pending']),
    );
    // The last status cannot be turned off as well: the list would be empty for no reason.
    await user.click(screen.getByRole('checkbox', { name: 'Pending' }));
    await user.click(screen.getByRole('checkbox', { name: 'Active' }));
    expect(screen.getByRole('checkbox', { name: 'Active' })).toBeChecked();
    await waitFor(() => expect(listRequests(requests).at(-1)?.url.searchParams.getAll('status')).toEqual(['active']));

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(listRequests(requests).at(-1)?.url.searchParams.get('page')).toBe('2'));
    // Start sorts newest first at first; a click asks for the oldest first.
    expect(screen.getByRole('columnheader', { name: /^Start/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: /^Start/ }));
    await waitFor(() => expect(listRequests(requests).at(-1)?.url.searchParams.get('sort-by')).toBe('-startTime'));
    expect(listRequests(requests).at(-1)?.url.searchParams.get('page')).toBe('1');
    await user.click(screen.getByRole('button', { name: /^Resource/ }));
    await waitFor(() => expect(listRequests(requests).at(-1)?.url.searchParams.get('sort-by')).toBe('resource'));

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'web');
    await waitFor(() =>
      expect(listRequests(requests).at(-1)?.url.searchParams.get('q')).toBe(
        '((((((((environment:web OR resource:web) OR event:web) OR group:web) OR origin:web) OR text:web) OR user:web) OR service:web) OR tags:web)',
      ),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Search in' }), 'Resource');
    await waitFor(() => expect(listRequests(requests).at(-1)?.url.searchParams.get('resource')).toBe('~web'));
    expect(listRequests(requests).at(-1)?.url.searchParams.has('q')).toBe(false);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Search in' }), 'Tags');
    await waitFor(() => expect(listRequests(requests).at(-1)?.url.searchParams.get('q')).toBe('tags:"web"'));
    expect(listRequests(requests).at(-1)?.url.searchParams.has('tag')).toBe(false);
  });

  it('shows each column, warns of blackouts that cover a whole environment or origin', async () => {
    const now = Date.now();
    server.use(
      http.get(`${API}/blackouts`, () =>
        HttpResponse.json(
          blackoutAnswer([
            makeBlackout({
              id: 'b1',
              environment: 'Production',
              service: ['Web', 'Shop'],
              resource: 'web01',
              tags: ['linux'],
              user: 'alice',
              text: 'Kernel upgrade',
              startTime: new Date(now - HOUR).toISOString(),
              endTime: new Date(now + 2 * HOUR + 60_000).toISOString(),
              status: 'active',
            }),
            makeBlackout({ id: 'b2', environment: 'Staging', status: 'pending', customer: 'Acme' }),
            makeBlackout({
              id: 'b3',
              environment: 'Development',
              origin: 'nagios',
              status: 'expired',
              startTime: new Date(now - 4 * 24 * HOUR).toISOString(),
              endTime: new Date(now - 3 * 24 * HOUR).toISOString(),
            }),
          ]),
        ),
      ),
    );
    renderApp('/blackouts', { token: ADMIN });
    await screen.findByRole('cell', { name: 'Kernel upgrade' }, SLOW);
    const table = screen.getByRole('table', { name: /Blackout periods/ });
    const [, first, second, third] = within(table).getAllByRole('row');
    if (first === undefined || second === undefined || third === undefined) throw new Error('three rows expected');
    expect(within(first).getByText('Web')).toBeInTheDocument();
    // Once in the Scope cell and once in the Tags column.
    expect(within(first).getAllByText('linux')).toHaveLength(2);
    expect(within(first).getByText('Active')).toBeInTheDocument();
    expect(within(first).getByText('in 2 hours')).toBeInTheDocument();
    expect(within(first).getByText('Kernel upgrade')).toBeInTheDocument();
    expect(within(first).queryByText('Covers the whole environment')).not.toBeInTheDocument();
    expect(within(second).getByText('Covers the whole environment')).toBeInTheDocument();
    expect(within(second).getByText('Pending')).toBeInTheDocument();
    expect(within(third).getByText('Covers every alert from this origin')).toBeInTheDocument();
    expect(within(third).getByText('Expired')).toBeInTheDocument();
    expect(within(third).getByText('3 days ago')).toBeInTheDocument();
    // Customers are a column only with customer views.
    expect(screen.queryByRole('columnheader', { name: /Customer/ })).not.toBeInTheDocument();
    expect(
      within(first).getByRole('button', { name: 'Edit blackout Production / Web / Shop / web01 / linux' }),
    ).toBeInTheDocument();
  });

  it('works out the status from the times when the server leaves it out', async () => {
    const later = makeBlackout({
      resource: 'later01',
      startTime: new Date(Date.now() + HOUR).toISOString(),
      endTime: new Date(Date.now() + 2 * HOUR).toISOString(),
    });
    const withoutStatus = Object.fromEntries(Object.entries(later).filter(([key]) => key !== 'status'));
    blackoutsScenario.list([withoutStatus]);
    renderApp('/blackouts', { token: ADMIN });
    const cell = await screen.findByRole('cell', { name: 'later01' }, SLOW);
    expect(within(cell.closest('tr') ?? cell).getByText('Pending')).toBeInTheDocument();
  });

  it('adds a customer column with customer views', async () => {
    blackoutsScenario.list([makeBlackout({ environment: 'Staging', customer: 'Acme' })]);
    renderApp('/blackouts', { token: ADMIN, config: { customer_views: true } });
    expect(await screen.findByRole('cell', { name: 'Acme' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Customer/ })).toBeInTheDocument();
  });

  it('deletes after confirmation', async () => {
    const requests = recordRequests();
    blackoutsScenario.list([makeBlackout({ id: 'b1', resource: 'db01' })]);
    const { user } = renderApp('/blackouts', { token: ADMIN });
    await user.click(await screen.findByRole('button', { name: /^Delete blackout Production \/ db01/ }, SLOW));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Blackout deleted.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual(['/blackout/b1']);
  });

  it('reports a failed delete', async () => {
    blackoutsScenario.list([makeBlackout({ id: 'b1', resource: 'db01' })]);
    server.use(
      http.delete(`${API}/blackout/b1`, () =>
        HttpResponse.json({ status: 'error', code: 404, message: 'not found', errors: null }, { status: 404 }),
      ),
    );
    const { user } = renderApp('/blackouts', { token: ADMIN });
    await user.click(await screen.findByRole('button', { name: /^Delete blackout/ }, SLOW));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/not found/i)).toBeInTheDocument();
  });

  it('shows a reader the list without any way to change it', async () => {
    blackoutsScenario.list([makeBlackout({ resource: 'web01' })]);
    renderApp('/blackouts', { token: READER });
    expect(await screen.findByRole('cell', { name: 'web01' }, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New blackout' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit blackout/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Copy blackout/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete blackout/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('gives write:blackouts the buttons without any admin scope', async () => {
    blackoutsScenario.list([makeBlackout({ resource: 'web01' })]);
    renderApp('/blackouts', { token: makeToken({ scope: 'write:blackouts read:alerts' }) });
    expect(await screen.findByRole('button', { name: /^Copy blackout/ }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New blackout' })).toBeInTheDocument();
  });
});
