import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, makeAlert, makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { recordRequests, server, type RecordedRequest } from '../../test/server';
import { alertsScenario } from '../../test/mocks';

const alertRequests = (requests: RecordedRequest[]) => requests.filter((r) => r.url.pathname === '/alerts');
const lastAlertRequest = (requests: RecordedRequest[]) => alertRequests(requests).at(-1);

function answerAlerts(alerts = [makeAlert({ resource: 'web01' })]) {
  alertsScenario.list(alerts);
}

describe('alerts screen URL state', () => {
  it('restores filter, sort and search from the URL on load', async () => {
    const requests = recordRequests();
    answerAlerts();
    const before = Date.now();
    renderApp(
      '/alerts?q=resource:web*#environment:Production;status:closed,shelved;service:Web,Shop;group:Misc;dateRange:-3600,;sb:resource;sd:1;asi:0',
      {
        token: makeToken(),
      },
    );
    await screen.findByRole('row', { name: /web01/ });
    const params = lastAlertRequest(requests)?.url.searchParams;
    expect(params?.get('q')).toBe('resource:web*');
    expect(params?.get('environment')).toBe('Production');
    expect(params?.getAll('status')).toEqual(['closed', 'shelved']);
    expect(params?.getAll('service')).toEqual(['Web', 'Shop']);
    expect(params?.getAll('group')).toEqual(['Misc']);
    expect(params?.getAll('sort-by')).toEqual(['-resource']);
    const from = Date.parse(params?.get('from-date') ?? '');
    expect(from).toBeGreaterThanOrEqual(before - 3_600_000 - 1000);
    expect(from).toBeLessThanOrEqual(Date.now() - 3_600_000 + 1000);
    const environments = requests.find((r) => r.url.pathname === '/environments');
    expect(environments?.url.searchParams.has('environment')).toBe(false);
    expect(environments?.url.searchParams.getAll('status')).toEqual(['closed', 'shelved']);
  });

  it('shows a tab per environment with its count and filters by the chosen one', async () => {
    const requests = recordRequests();
    answerAlerts();
    server.use(
      http.get(`${API}/environments`, () =>
        HttpResponse.json({
          status: 'ok',
          environments: [
            { environment: 'Production', count: 3 },
            { environment: 'Development', count: 2 },
          ],
          total: 2,
        }),
      ),
    );
    const { user, location } = renderApp('/alerts', { token: makeToken() });
    const tabs = await screen.findAllByRole('tab');
    await waitFor(() =>
      expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
        'ALL (5)',
        'Development (2)',
        'Production (3)',
      ]),
    );
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Development (2)' }));
    await waitFor(() => expect(lastAlertRequest(requests)?.url.searchParams.get('environment')).toBe('Development'));
    expect(location().hash).toBe('#environment:Development;dateRange:,;sb:default;sd:0;asi:0');
  });

  it('reads the tab counts with the page from a server that answers them there, in one request', async () => {
    const requests = recordRequests();
    const alerts = [makeAlert({ resource: 'web01' })];
    const counted = (production: number) => ({
      environments: [
        { environment: 'Development', count: 2, severityCounts: {}, statusCounts: {} },
        { environment: 'Production', count: production, severityCounts: {}, statusCounts: {} },
      ],
    });
    alertsScenario.list(alerts, counted(3));
    const { user } = renderApp('/alerts', { token: makeToken(), config: { list_environments: true } });
    const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
    await waitFor(() => expect(tabNames()).toEqual(['ALL (5)', 'Development (2)', 'Production (3)']));
    expect(lastAlertRequest(requests)?.url.searchParams.get('show-environments')).toBe('true');

    alertsScenario.list(alerts, counted(7));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(tabNames()).toEqual(['ALL (9)', 'Development (2)', 'Production (7)']));
    await user.click(screen.getByRole('tab', { name: 'Development (2)' }));
    await waitFor(() => expect(lastAlertRequest(requests)?.url.searchParams.get('environment')).toBe('Development'));
    expect(lastAlertRequest(requests)?.url.searchParams.get('show-environments')).toBe('true');
    expect(tabNames()).toEqual(['ALL (9)', 'Development (2)', 'Production (7)']);
    expect(requests.filter((r) => r.url.pathname === '/environments')).toEqual([]);
  });

  it('adds the configured environments as tabs when the user asks for them', async () => {
    answerAlerts();
    server.use(
      http.get(`${API}/user/me/attributes`, () =>
        HttpResponse.json({ status: 'ok', attributes: { prefs: { showAllowedEnvs: true } } }),
      ),
    );
    renderApp('/alerts', { token: makeToken(), config: { environments: ['Staging', 'Production'] } });
    await waitFor(() =>
      expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
        'ALL (0)',
        'Production (0)',
        'Staging (0)',
      ]),
    );
  });

  it('sorts by a column header and writes the sort into the hash', async () => {
    const requests = recordRequests();
    answerAlerts();
    const { user, location } = renderApp('/alerts', { token: makeToken() });
    await screen.findByRole('row', { name: /web01/ });
    await user.click(screen.getByRole('button', { name: 'Resource' }));
    await waitFor(() => expect(lastAlertRequest(requests)?.url.searchParams.getAll('sort-by')).toEqual(['resource']));
    expect(location().hash).toContain('sb:resource;sd:0');
    await user.click(screen.getByRole('button', { name: /Resource/ }));
    await waitFor(() => expect(lastAlertRequest(requests)?.url.searchParams.getAll('sort-by')).toEqual(['-resource']));
    expect(screen.getByRole('columnheader', { name: /Resource/ })).toHaveAttribute('aria-sort', 'descending');
    // Dates sort newest first by nature: descending is the plain field.
    await user.click(screen.getByRole('button', { name: 'Last received' }));
    await user.click(screen.getByRole('button', { name: /Last received/ }));
    await waitFor(() =>
      expect(lastAlertRequest(requests)?.url.searchParams.getAll('sort-by')).toEqual(['lastReceiveTime']),
    );
  });

  it('filters by time from the side sheet, lights the filter button and resets', async () => {
    const requests = recordRequests();
    answerAlerts();
    server.use(
      http.get(`${API}/services`, () => HttpResponse.json({ status: 'ok', services: [{ service: 'Web' }], total: 1 })),
      http.get(`${API}/alerts/groups`, () =>
        HttpResponse.json({ status: 'ok', groups: [{ group: 'Misc' }], total: 1 }),
      ),
    );
    const { user, location } = renderApp('/alerts', { token: makeToken() });
    await screen.findByRole('row', { name: /web01/ });
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    await user.selectOptions(within(sheet).getByLabelText('Time'), 'Last 6 hours');
    await waitFor(() => expect(lastAlertRequest(requests)?.url.searchParams.has('from-date')).toBe(true));
    expect(location().hash).toContain('dateRange:-21600,');
    await user.type(within(sheet).getByLabelText('Description contains'), 'disk');
    await waitFor(() => expect(lastAlertRequest(requests)?.url.searchParams.get('text')).toBe('~disk'));
    expect(location().hash).toContain('text:disk');
    expect(screen.getByRole('button', { name: 'Filters (active)' })).toBeInTheDocument();

    await user.click(within(sheet).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(lastAlertRequest(requests)?.url.searchParams.has('from-date')).toBe(false));
    expect(lastAlertRequest(requests)?.url.searchParams.has('text')).toBe(false);
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();
  });

  it('filters by a custom time range on Apply', async () => {
    const requests = recordRequests();
    answerAlerts();
    server.use(
      http.get(`${API}/services`, () => HttpResponse.json({ status: 'ok', services: [], total: 0 })),
      http.get(`${API}/alerts/groups`, () => HttpResponse.json({ status: 'ok', groups: [], total: 0 })),
    );
    const { user } = renderApp('/alerts', { token: makeToken() });
    await screen.findByRole('row', { name: /web01/ });
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    await user.selectOptions(within(sheet).getByLabelText('Time'), 'Custom range');
    const from = within(sheet).getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-11-01T08:00');
    const to = within(sheet).getByLabelText('To');
    await user.clear(to);
    await user.type(to, '2026-11-02T08:00');
    await user.click(within(sheet).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(lastAlertRequest(requests)?.url.searchParams.get('from-date')).toBe(
        new Date(2026, 10, 1, 8, 0).toISOString(),
      ),
    );
    expect(lastAlertRequest(requests)?.url.searchParams.get('to-date')).toBe(new Date(2026, 10, 2, 8, 0).toISOString());
  });

  it('searches from the top bar, keeps the hash, and says when nothing matches', async () => {
    const requests = recordRequests();
    alertsScenario.answer((url) => (url.searchParams.has('q') ? [] : [makeAlert()]));
    const { user, location } = renderApp('/alerts#status:open', { token: makeToken() });
    await screen.findByRole('row', { name: /web01/ });
    await user.keyboard('/');
    const search = screen.getByRole('searchbox', { name: 'Search alerts' });
    expect(search).toHaveFocus();
    await user.keyboard('event:NodeDown{Enter}');
    await waitFor(() => expect(lastAlertRequest(requests)?.url.searchParams.get('q')).toBe('event:NodeDown'));
    expect(location().search).toBe('?q=event%3ANodeDown');
    expect(location().hash).toContain('status:open');
    expect(await screen.findByText('Nothing matches the search event:NodeDown')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(location().search).toBe(''));
  });

  it('hides the chrome in kiosk mode', async () => {
    answerAlerts();
    renderApp('/alerts?kiosk=1', { token: makeToken() });
    await screen.findByRole('row', { name: /web01/ });
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('asks for the page size the user picks and pages through the result', async () => {
    const requests = recordRequests();
    alertsScenario.list([makeAlert()], { total: 120 });
    const { user } = renderApp('/alerts', { token: makeToken() });
    await screen.findByText('1–20 of 120');
    await user.selectOptions(screen.getByLabelText('Rows per page'), '50');
    await waitFor(() => expect(lastAlertRequest(requests)?.url.searchParams.get('page-size')).toBe('50'));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastAlertRequest(requests)?.url.searchParams.get('page')).toBe('2'));
    expect(screen.getByLabelText('Rows per page')).toHaveDisplayValue('50');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['5', '10', '20', '50', '100', '200']);
  });

  it('cancels a search still running when a newer one starts, and says so', async () => {
    const requests = recordRequests();
    alertsScenario.list([makeAlert({ resource: 'late' })]);
    alertsScenario.tally('environments', [{ environment: 'Production', count: 1 }]);
    // The search of every environment is still running when the user picks one.
    alertsScenario.hold((url) => url.searchParams.get('environment') === null);
    const { user } = renderApp('/alerts', { token: makeToken() });
    await user.click(await screen.findByRole('tab', { name: 'Production (1)' }));
    await waitFor(() =>
      expect(screen.getAllByRole('status').some((s) => s.textContent?.includes('Too many searches at once'))).toBe(
        true,
      ),
    );
    expect(alertRequests(requests).map((r) => r.url.searchParams.get('environment'))).toEqual([null, 'Production']);
    expect(await screen.findByRole('row', { name: /late/ })).toBeInTheDocument();
  });
});
