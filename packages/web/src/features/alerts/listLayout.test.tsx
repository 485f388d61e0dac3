import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API, makeAlert, makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { recordRequests, server } from '../../test/server';
import { alertsScenario } from '../../test/mocks';
import { filterChips } from './filterChips';
import { DEFAULT_VIEW } from './alertsView';

describe('selection column (docs/console/alert-screens.md#selection)', () => {
  it('selects the page from the header checkbox, then unselects it', async () => {
    alertsScenario.list(['s1', 's2', 's3'].map((resource) => makeAlert({ resource })));
    const { user } = renderApp('/alerts', { token: makeToken() });
    const table = await screen.findByRole('table', { name: 'Alert list' });
    await within(table).findByRole('row', { name: /s3/ });
    const all = within(table).getByRole('checkbox', { name: 'Select every alert on this page' });
    await user.click(all);
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    for (const name of ['s1', 's2', 's3']) {
      expect(within(table).getByRole('checkbox', { name: `Select ${name} NodeDown` })).toBeChecked();
    }
    await user.click(all);
    expect(screen.queryByText(/selected$/)).not.toBeInTheDocument();
  });

  it('shows the header checkbox as mixed while only some rows are selected', async () => {
    alertsScenario.list(['m1', 'm2'].map((resource) => makeAlert({ resource })));
    const { user } = renderApp('/alerts', { token: makeToken() });
    await user.click(await screen.findByRole('checkbox', { name: 'Select m1 NodeDown' }));
    const all = screen.getByRole('checkbox', { name: 'Select every alert on this page' });
    expect(all).not.toBeChecked();
    expect(all).toHaveAttribute('data-indeterminate', 'true');
  });

  it('gives the row buttons a cell of their own after the data', async () => {
    alertsScenario.list([makeAlert({ resource: 'own-cell', text: 'a long description' })]);
    const { user } = renderApp('/alerts', { token: makeToken(), config: { columns: ['resource', 'text'] } });
    const row = await screen.findByRole('row', { name: /own-cell/ });
    await user.hover(row);
    const cells = within(row).getAllByRole('cell');
    const last = cells.at(-1);
    expect(last).toBeDefined();
    expect(within(last!).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    for (const cell of cells.slice(0, -1)) expect(within(cell).queryByRole('button')).not.toBeInTheDocument();
    // The description is cut to its column with the whole text in the tooltip.
    expect(within(row).getByTitle('a long description')).toBeInTheDocument();
  });
});

describe('filter chips (docs/console/alert-screens.md#filter-chips)', () => {
  it('lists one chip per active filter value, none for the defaults', () => {
    expect(filterChips(DEFAULT_VIEW, null, ['open', 'ack'])).toEqual([]);
    expect(filterChips({ ...DEFAULT_VIEW, status: ['ack', 'open'] }, '', ['open', 'ack'])).toEqual([]);
    const chips = filterChips(
      {
        ...DEFAULT_VIEW,
        environment: 'Production',
        text: 'disk',
        status: ['closed'],
        service: ['Web', 'DB'],
        group: ['Ops'],
        customer: ['Acme'],
        dateRange: [-3600, null],
      },
      'severity:critical',
      ['open', 'ack'],
    );
    expect(chips.map((chip) => chip.key)).toEqual([
      'q',
      'environment',
      'text',
      'status:closed',
      'customer:Acme',
      'service:Web',
      'service:DB',
      'group:Ops',
      'dateRange',
    ]);
    expect(chips.find((chip) => chip.key === 'service:Web')?.remove).toEqual({ patch: { service: ['DB'] } });
    expect(chips.find((chip) => chip.key === 'status:closed')?.remove).toEqual({ patch: { status: null } });
    expect(chips.find((chip) => chip.key === 'dateRange')?.value).toEqual({ preset: 'alerts.filter.hour1' });
    expect(chips.find((chip) => chip.key === 'q')?.remove).toEqual({ clearSearch: true });
  });

  it('shows a custom range by its bounds and "every status" as a chip', () => {
    const chips = filterChips({ ...DEFAULT_VIEW, status: [], dateRange: [1_700_000_000, 1_700_003_600] }, null, [
      'open',
    ]);
    expect(chips.map((chip) => chip.value)).toEqual([
      { preset: 'alerts.filter.allStatuses' },
      { from: 1_700_000_000, to: 1_700_003_600 },
    ]);
  });

  it('shows the URL filters above the list; removing a chip rewrites the URL', async () => {
    alertsScenario.list([makeAlert({ resource: 'chipped' })]);
    const { user, location } = renderApp('/alerts?q=severity:critical#service:Web,DB;dateRange:-3600,;sb:default', {
      token: makeToken(),
    });
    const chips = await screen.findByRole('list', { name: 'Active filters' });
    const texts = within(chips)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(texts).toEqual(['Search: severity:critical', 'Service: Web', 'Service: DB', 'Time: Last hour', 'Clear all']);

    await user.click(within(chips).getByRole('button', { name: 'Remove filter Service: Web' }));
    await waitFor(() => expect(location().hash).toContain('service:DB;'));
    expect(location().hash).not.toContain('Web');
    expect(location().search).toBe('?q=severity:critical');

    await user.click(within(chips).getByRole('button', { name: 'Remove filter Search: severity:critical' }));
    await waitFor(() => expect(location().search).toBe(''));
    expect(location().hash).toContain('service:DB');

    await user.click(screen.getByRole('button', { name: 'Remove filter Time: Last hour' }));
    await waitFor(() => expect(location().hash).toContain('dateRange:,;'));
    expect(screen.getAllByRole('button', { name: /^Remove filter/ })).toHaveLength(1);
  });

  it('clears every filter at once, keeping the sort', async () => {
    alertsScenario.list([makeAlert({ resource: 'cleared' })]);
    const { user, location } = renderApp(
      '/alerts?q=foo#environment:Production;group:Ops;dateRange:,;sb:resource;sd:1',
      {
        token: makeToken(),
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(location().search).toBe(''));
    expect(location().hash).not.toMatch(/environment|group/);
    expect(location().hash).toContain('sb:resource;sd:1');
    expect(screen.queryByRole('list', { name: 'Active filters' })).not.toBeInTheDocument();
  });
});

describe('phone cards (docs/console/alert-screens.md#phone-cards)', () => {
  const wide = window.matchMedia.bind(window);
  beforeEach(() => {
    // A phone: narrower than 768 px, and no hover.
    window.matchMedia = (query: string) => ({
      ...wide(query),
      matches: query.includes('max-width') || query.includes('hover: none'),
    });
  });
  afterEach(() => {
    window.matchMedia = wide;
  });

  it('shows each alert as a card that opens the alert, selects from its box and acts from its menu', async () => {
    const requests = recordRequests();
    const acked = makeAlert({ resource: 'card-ack', status: 'ack', text: 'someone is on it' });
    const open = makeAlert({
      resource: 'card-open',
      environment: 'Production',
      service: ['Web'],
      text: 'disk full',
      tags: ['watch:alice@example.com'],
    });
    alertsScenario.list([open, acked]);
    server.use(http.put(`${API}/alert/:id/action`, () => HttpResponse.json({ status: 'ok' })));
    const { user, location } = renderApp('/alerts', { token: makeToken() });
    const list = await screen.findByRole('grid', { name: 'Alert list' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = await within(list).findByRole('row', { name: /card-open/ });
    expect(card).toHaveTextContent('card-open · NodeDown');
    expect(card).toHaveTextContent('disk full');
    expect(card).toHaveTextContent('Production / Web');
    expect(within(card).getByRole('img', { name: 'Watched by you' })).toBeInTheDocument();
    expect(within(list).getByRole('row', { name: /card-ack/ })).toHaveAttribute('data-acked');

    // The menu offers the row's actions.
    await user.click(within(card).getByRole('button', { name: 'Actions for card-open NodeDown' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Acknowledge' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'PUT')?.url.pathname).toBe(`/alert/${open.id}/action`);

    // The box selects; the select-all box takes the page.
    await user.click(within(card).getByRole('checkbox', { name: 'Select card-open NodeDown' }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select every alert on this page' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByText(/selected$/)).not.toBeInTheDocument();

    // A tap elsewhere on the card opens the alert.
    await user.click(within(card).getByText('disk full'));
    await waitFor(() => expect(location().pathname).toBe(`/alert/${open.id}`));
  });
});
