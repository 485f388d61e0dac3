import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, alertsResponse, makeAlert, makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { recordRequests, server } from '../../test/server';

describe('alerts screen', () => {
  it('asks the server for one sorted page of open and acknowledged alerts', async () => {
    const requests = recordRequests();
    server.use(http.get(`${API}/alerts`, () => HttpResponse.json(alertsResponse([]))));
    renderApp('/alerts', { token: makeToken() });

    await screen.findByText('No data available');
    const [request] = requests;
    expect(request?.url.search).toBe(
      '?status=open&status=ack&sort-by=severity&sort-by=lastReceiveTime&page=1&page-size=20',
    );
    expect(request?.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('uses the configured status filter and sort order', async () => {
    const requests = recordRequests();
    server.use(http.get(`${API}/alerts`, () => HttpResponse.json(alertsResponse([]))));
    renderApp('/alerts', { token: makeToken(), config: { filter: { status: ['closed'] }, sort_by: '-createTime' } });
    await screen.findByText('No data available');
    expect(requests[0]?.url.searchParams.getAll('status')).toEqual(['closed']);
    expect(requests[0]?.url.searchParams.getAll('sort-by')).toEqual(['-createTime']);
  });

  it('shows a row per alert, with alert text as literal text', async () => {
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
    });
    server.use(http.get(`${API}/alerts`, () => HttpResponse.json(alertsResponse([hostile, makeAlert()]))));
    renderApp('/alerts', { token: makeToken() });

    const table = await screen.findByRole('table', { name: 'Alert list' });
    const row = await within(table).findByRole('row', { name: /db01/ });
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      'critical',
      'ack',
      expect.stringMatching(/^\w{3} 20 Nov \d{2}:\d{2}$/),
      '7',
      'Development',
      'Storage, Backups',
      'db01',
      'DiskFull',
      '98%',
      'Disk <script>window.__xss = 1</script><b>full</b>',
    ]);
    expect(row.querySelector('script, b')).toBeNull();
    expect((window as { __xss?: number }).__xss).toBeUndefined();
    expect(within(table).getAllByRole('row')).toHaveLength(3); // header + 2 alerts
  });

  it('colours the severity badge from the alarm model and keeps its text', async () => {
    server.use(
      http.get(`${API}/alerts`, () => HttpResponse.json(alertsResponse([makeAlert({ severity: 'critical' })]))),
    );
    renderApp('/alerts', { token: makeToken() });
    const badge = await screen.findByText('critical');
    expect(badge).toHaveStyle({ backgroundColor: 'rgb(255, 0, 0)' });
  });

  it('says it is loading until the first answer arrives', async () => {
    let answer: (value: Response) => void = () => undefined;
    server.use(http.get(`${API}/alerts`, () => new Promise<Response>((resolve) => (answer = resolve))));
    renderApp('/alerts', { token: makeToken() });
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    answer(HttpResponse.json(alertsResponse([])));
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });

  it('opens an alert when its row is clicked', async () => {
    const alert = makeAlert({ resource: 'web42' });
    server.use(http.get(`${API}/alerts`, () => HttpResponse.json(alertsResponse([alert]))));
    const { user, location } = renderApp('/alerts', { token: makeToken() });
    await user.click(await screen.findByText('web42'));
    await waitFor(() => expect(location().pathname).toBe(`/alert/${alert.id}`));
  });

  it('reloads when Refresh is pressed', async () => {
    const requests = recordRequests();
    server.use(http.get(`${API}/alerts`, () => HttpResponse.json(alertsResponse([]))));
    const { user } = renderApp('/alerts', { token: makeToken() });
    await screen.findByText('No data available');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(requests).toHaveLength(2));
  });

  it('polls at the configured refresh interval', async () => {
    const requests = recordRequests();
    server.use(http.get(`${API}/alerts`, () => HttpResponse.json(alertsResponse([]))));
    renderApp('/alerts', { token: makeToken(), config: { refresh_interval: 100 } });
    await waitFor(() => expect(requests.length).toBeGreaterThanOrEqual(3), { timeout: 2000 });
  });

  it('tells the user when the list cannot be loaded', async () => {
    server.use(
      http.get(`${API}/alerts`, () =>
        HttpResponse.json(
          { status: 'error', message: 'Syntax error in query', code: 400, errors: null, requestId: 'x' },
          { status: 400 },
        ),
      ),
    );
    renderApp('/alerts', { token: makeToken(), config: { refresh_interval: 60_000 } });
    expect(await screen.findByText('The alerts could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Syntax error in query')).toBeInTheDocument();
  });
});
