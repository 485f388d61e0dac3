import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAlert, makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { recordRequests, type RecordedRequest } from '../../test/server';
import { alertsScenario, meScenario } from '../../test/mocks';

const alertRequests = (requests: RecordedRequest[]) => requests.filter((r) => r.url.pathname === '/alerts');

describe('alerts screen', () => {
  it('asks the server for one sorted page of open and acknowledged alerts', async () => {
    const requests = recordRequests();
    alertsScenario.list([]);
    renderApp('/alerts', { token: makeToken() });

    await screen.findByText('No data available');
    const [request] = alertRequests(requests);
    expect(request?.url.search).toBe(
      '?status=open&status=ack&sort-by=severity&sort-by=lastReceiveTime&page=1&page-size=20',
    );
    expect(request?.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('uses the configured status filter and sort order', async () => {
    const requests = recordRequests();
    alertsScenario.list([]);
    renderApp('/alerts', { token: makeToken(), config: { filter: { status: ['closed'] }, sort_by: '-createTime' } });
    await screen.findByText('No data available');
    const [request] = alertRequests(requests);
    expect(request?.url.searchParams.getAll('status')).toEqual(['closed']);
    expect(request?.url.searchParams.getAll('sort-by')).toEqual(['-createTime']);
  });

  it('shows a row per alert in the configured columns, with alert text as literal text', async () => {
    const hostile = makeAlert({
      resource: 'db01',
      event: 'DiskFull',
      severity: 'critical',
      status: 'ack',
      environment: 'Development',
      service: ['Storage', 'Backups'],
      value: '98%',
      text: 'Disk <script>window.__xss = 1</script><b>full</b>',
      duplicateCount: 7,
      lastReceiveTime: '2026-11-20T10:05:00.000Z',
      attributes: { region: 'eu-west', link: 'javascript:alert(1)' },
    });
    alertsScenario.list([hostile, makeAlert()]);
    renderApp('/alerts', {
      token: makeToken(),
      config: {
        columns: [
          'severity',
          'status',
          'lastReceiveTime',
          'duplicateCount',
          'environment',
          'service',
          'resource',
          'event',
          'value',
          'text',
          'id',
          'type',
          'timeout',
          'region',
          'link',
        ],
      },
    });

    const table = await screen.findByRole('table', { name: 'Alert list' });
    const row = await within(table).findByRole('row', { name: /db01/ });
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    // After the checkbox and trend cells, before the actions cell.
    // Severity and status as words (docs/console/plumbing.md#durations-ids-and-words).
    expect(cells.slice(2, -1)).toEqual([
      'Critical',
      'Acknowledged',
      expect.stringMatching(/^\w{3} 20 Nov \d{2}:\d{2}$/),
      '7',
      'Development',
      'Storage, Backups',
      'db01',
      'DiskFull',
      '98%',
      'Disk <script>window.__xss = 1</script><b>full</b>',
      hostile.id.slice(0, 8),
      'Exception Alert',
      '1 00:00:00',
      'eu-west',
      'javascript:alert(1)',
    ]);
    expect(row.querySelector('script, b, a[href^="javascript"]')).toBeNull();
    expect((window as { __xss?: number }).__xss).toBeUndefined();
    expect(within(table).getAllByRole('row')).toHaveLength(3); // header + 2 alerts
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toContain('Region');
    expect(headers).toContain('Alert ID');
  });

  it('colours the row by severity from the alarm model and still says the severity in words', async () => {
    alertsScenario.list([makeAlert({ severity: 'critical', resource: 'red-one' })]);
    renderApp('/alerts', { token: makeToken(), config: { columns: ['resource'] } });
    const row = await screen.findByRole('row', { name: /red-one/ });
    expect(row).toHaveStyle({ backgroundColor: 'rgb(255, 0, 0)' });
    expect(within(row).getByText('Critical')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'More severe' })).toHaveAttribute('title', 'More severe');
  });

  it('says it is loading until the first answer arrives', async () => {
    const release = alertsScenario.hold();
    renderApp('/alerts', { token: makeToken() });
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    release();
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });

  it('opens an alert when its row is clicked', async () => {
    const alert = makeAlert({ resource: 'web42' });
    alertsScenario.list([alert]);
    const { user, location } = renderApp('/alerts', { token: makeToken() });
    await user.click(await screen.findByText('web42'));
    await waitFor(() => expect(location().pathname).toBe(`/alert/${alert.id}`));
  });

  it('reloads when Refresh is pressed', async () => {
    const requests = recordRequests();
    alertsScenario.list([]);
    const { user } = renderApp('/alerts', { token: makeToken() });
    await screen.findByText('No data available');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(alertRequests(requests)).toHaveLength(2));
  });

  it('polls at the configured refresh interval', async () => {
    const requests = recordRequests();
    alertsScenario.list([]);
    renderApp('/alerts', { token: makeToken(), config: { refresh_interval: 100 } });
    await waitFor(() => expect(alertRequests(requests).length).toBeGreaterThanOrEqual(3));
  });

  it('tells the user when the list cannot be loaded', async () => {
    alertsScenario.failing(400, 'Syntax error in query');
    renderApp('/alerts', { token: makeToken(), config: { refresh_interval: 60_000 } });
    expect(await screen.findByText('The alerts could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Syntax error in query')).toBeInTheDocument();
  });

  it("uses the user's rows per page and refresh interval once their preferences are in", async () => {
    const requests = recordRequests();
    alertsScenario.list([]);
    meScenario.prefs({ rowsPerPage: 50, refreshInterval: 100, isDark: 'not a boolean' });
    renderApp('/alerts', { token: makeToken(), config: { refresh_interval: 60_000 } });
    await waitFor(() => expect(alertRequests(requests).length).toBeGreaterThanOrEqual(3));
    expect(requests[0]?.url.pathname).toBe('/user/me/attributes');
    expect(alertRequests(requests).every((r) => r.url.searchParams.get('page-size') === '50')).toBe(true);
  });

  it('still lists alerts when the server keeps no user attributes', async () => {
    alertsScenario.list([makeAlert({ resource: 'solo' })]);
    meScenario.failing(404, 'not found');
    renderApp('/alerts', { token: makeToken() });
    expect(await screen.findByRole('row', { name: /solo/ })).toBeInTheDocument();
  });
});
