import type { ClientConfig } from '@alerta/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { advance, startFakeClock, stopFakeClock, until } from '../../test/fakeClock';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { recordRequests, server, type RecordedRequest } from '../../test/server';
import { indicatorParams, indicatorView } from './indicatorQuery';
import { alertsScenario, meScenario } from '../../test/mocks';

const INDICATORS: ClientConfig = {
  indicators: {
    severity: ['critical', 'major', 'minor'],
    queries: [
      { text: 'Production', query: [['environment', 'Production']] },
      { text: 'Heartbeats', query: { q: 'event:Heartbeat' } },
      { text: 'Misc.', query: 'group=Misc&status=open&status=ack' },
    ],
  },
  refresh_interval: 60_000,
};

/** Counts per severity for each indicator: all statuses, and open only. */
function countsFor(url: URL): Record<string, number> {
  const open = url.searchParams.getAll('status').includes('open');
  if (url.searchParams.get('environment') === 'Production') {
    return open ? { major: 1 } : { critical: 2, major: 1 };
  }
  if (url.searchParams.get('q') === 'event:Heartbeat') return open ? {} : { minor: 4 };
  return {};
}

function answerCounts() {
  alertsScenario.list([]);
  server.use(
    http.get(`${API}/alerts/count`, ({ request }) => {
      const severityCounts = countsFor(new URL(request.url));
      const total = Object.values(severityCounts).reduce((a, b) => a + b, 0);
      return HttpResponse.json({ status: 'ok', total, severityCounts, statusCounts: {}, autoRefresh: true });
    }),
  );
}

const countRequests = (requests: RecordedRequest[]) => requests.filter((r) => r.url.pathname === '/alerts/count');

describe('indicator queries', () => {
  it('accepts a query string, a list of pairs or an object, as URLSearchParams does', () => {
    expect(indicatorParams('group=Misc&status=open&status=ack')).toEqual({ group: ['Misc'], status: ['open', 'ack'] });
    expect(indicatorParams([['environment', 'Production']])).toEqual({ environment: ['Production'] });
    expect(indicatorParams({ q: 'event:Heartbeat', service: ['Web', 'Db'] })).toEqual({
      q: ['event:Heartbeat'],
      service: ['Web', 'Db'],
    });
    expect(indicatorParams(42)).toBeNull();
    expect(indicatorView({ q: ['x:y'], status: ['open'], group: ['Misc'] })).toEqual({
      q: 'x:y',
      patch: { environment: null, text: null, status: ['open'], customer: [], service: [], group: ['Misc'] },
    });
  });
});

describe('indicator panel', () => {
  it('shows a tile per configured query with its counts per severity from GET /alerts/count', async () => {
    const requests = recordRequests();
    answerCounts();
    renderApp('/alerts#asi:1', { token: makeToken(), config: INDICATORS });
    const panel = await screen.findByRole('region', { name: 'Alert indicators' });
    const production = within(panel).getByRole('button', { name: /^Production/ });
    await waitFor(() => expect(production).toHaveAccessibleName('Production: Critical 2, Major 1, Minor 0'));
    await waitFor(() =>
      expect(within(panel).getByRole('button', { name: /^Heartbeats/ })).toHaveAccessibleName(
        'Heartbeats: Critical 0, Major 0, Minor 4',
      ),
    );
    // The titles are the configured text, in the configured order, each as plain text.
    expect(
      within(panel)
        .getAllByRole('button')
        .map((b) => b.firstElementChild?.textContent),
    ).toEqual(['Production', 'Heartbeats', 'Misc.']);

    // Every tile asks twice: all its alerts, and its open ones for the title colour.
    const searches = countRequests(requests).map((r) => r.url.search);
    expect(searches).toEqual(
      expect.arrayContaining([
        '?environment=Production',
        '?environment=Production&status=open',
        '?q=event%3AHeartbeat',
        '?q=event%3AHeartbeat&status=open',
        '?group=Misc&status=open&status=ack',
        '?group=Misc&status=open&status=ack&status=open',
      ]),
    );

    // Cells with alerts take the severity colour; the title the colour of the most severe open alert.
    const cell = (severity: string) => production.querySelector<HTMLElement>(`[data-severity="${severity}"]`);
    expect(cell('critical')).toHaveTextContent('2');
    expect(cell('critical')?.style.backgroundColor).toBe('red');
    expect(cell('minor')).toHaveTextContent('0');
    expect(cell('minor')?.style.backgroundColor).toBe('');
    const titleColor = (tile: HTMLElement) => (tile.firstElementChild as HTMLElement | null)?.style.backgroundColor;
    await waitFor(() => expect(titleColor(production)).toBe('orange'));
    // Nothing open: the normal severity's colour.
    await waitFor(() =>
      expect(titleColor(within(panel).getByRole('button', { name: /^Heartbeats/ }))).toBe('rgb(0, 204, 0)'),
    );
  });

  it('names the severities of a tile and of its counts in the language of the console', async () => {
    meScenario.prefs({ languagePref: 'de' });
    answerCounts();
    renderApp('/alerts#asi:1', { token: makeToken(), config: INDICATORS });
    const panel = await screen.findByRole('region', { name: 'Alarmindikatoren' });
    const production = within(panel).getByRole('button', { name: /^Production/ });
    await waitFor(() => expect(production).toHaveAccessibleName('Production: Kritisch 2, Schwer 1, Gering 0'));
    const titles = [...production.querySelectorAll<HTMLElement>('[data-severity]')].map((cell) => cell.title);
    expect(titles).toEqual(['Kritisch', 'Schwer', 'Gering']);
  });

  it("applies a tile's query to the list: the search and the filter", async () => {
    const requests = recordRequests();
    answerCounts();
    const { user, location } = renderApp('/alerts?q=old#environment:Development;asi:1', {
      token: makeToken(),
      config: INDICATORS,
    });
    const panel = await screen.findByRole('region', { name: 'Alert indicators' });

    await user.click(within(panel).getByRole('button', { name: /^Heartbeats/ }));
    await waitFor(() => expect(location().search).toBe('?q=event%3AHeartbeat'));
    expect(location().hash).toContain('asi:1');
    expect(location().hash).not.toContain('environment:');
    await waitFor(() =>
      expect(
        requests.some((r) => r.url.pathname === '/alerts' && r.url.searchParams.get('q') === 'event:Heartbeat'),
      ).toBe(true),
    );

    await user.click(within(panel).getByRole('button', { name: /^Misc\./ }));
    await waitFor(() => expect(location().hash).toContain('status:open,ack;group:Misc;'));
    expect(location().search).toBe('');

    await user.click(within(panel).getByRole('button', { name: /^Production/ }));
    await waitFor(() => expect(location().hash).toMatch(/^#environment:Production;dateRange/));
    expect(screen.getByRole('tab', { name: /^Production/, selected: true })).toBeInTheDocument();
  });

  it('is shown and hidden from the menu, and the hash keeps the choice', async () => {
    answerCounts();
    const { user, location } = renderApp('/alerts', { token: makeToken(), config: INDICATORS });
    await screen.findByText('No data available');
    expect(screen.queryByRole('region', { name: 'Alert indicators' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Show indicator panel' }));
    await waitFor(() => expect(location().hash).toMatch(/asi:1$/));
    expect(await screen.findByRole('region', { name: 'Alert indicators' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Hide indicator panel' }));
    await waitFor(() => expect(location().hash).toMatch(/asi:0$/));
    expect(screen.queryByRole('region', { name: 'Alert indicators' })).not.toBeInTheDocument();
  });

  it('refreshes the counts with the list, and pauses with it', async () => {
    startFakeClock();
    try {
      const requests = recordRequests();
      answerCounts();
      const { apiCalls } = renderApp('/alerts#asi:1', {
        token: makeToken(),
        config: { ...INDICATORS, refresh_interval: 100 },
      });
      await until(() => expect(screen.getByRole('region', { name: 'Alert indicators' })).toBeInTheDocument());
      const production = () => countRequests(requests).filter((r) => r.url.search === '?environment=Production').length;
      await until(() => expect(production()).toBeGreaterThanOrEqual(3), 100);

      fireEvent.click(screen.getByRole('button', { name: 'Pause refreshing' }));
      await until(() => expect(screen.getByText('Refreshing paused')).toBeInTheDocument());
      // The console asks through its API client at once when a load is due, so a count asked for shows here.
      const counts = () => apiCalls.paths().filter((path) => path === '/alerts/count').length;
      const paused = counts();
      await advance(1000);
      expect(counts()).toBe(paused);
    } finally {
      stopFakeClock();
    }
  });

  it('cannot be shown when no indicator is configured', async () => {
    const requests = recordRequests();
    answerCounts();
    const { user } = renderApp('/alerts#asi:1', { token: makeToken(), config: { indicators: { queries: [] } } });
    await screen.findByText('No data available');
    await user.click(screen.getByRole('button', { name: 'More options' }));
    expect(await screen.findByRole('menuitem', { name: 'Show indicator panel' })).toBeDisabled();
    expect(screen.queryByRole('region', { name: 'Alert indicators' })).not.toBeInTheDocument();
    expect(countRequests(requests)).toEqual([]);
  });
});
