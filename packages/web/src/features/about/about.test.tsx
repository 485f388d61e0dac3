import { configure, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { API, errorEnvelope, makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { recordRequests, server } from '../../test/server';
import { version as consoleVersion } from '../../../package.json';
import { averageTime, splitUptime } from './aboutFormat';

// Each screen loads as its own chunk with its texts; on a busy machine that takes longer than the default second.
configure({ asyncUtilTimeout: 5000 });

const MANAGER = makeToken({ scope: 'read:management read:alerts' });

const MANIFEST = { release: '9.1.0', build: '42', date: '2026-03-01T10:00:00.000Z', revision: 'a1b2c3d4e5f6' };
const STATUS = {
  application: 'alerta',
  version: '9.1.0',
  time: Date.parse('2026-05-01T12:34:56.000Z'),
  uptime: ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 600,
  metrics: [
    { group: 'alerts', name: 'total', title: 'Total alerts', description: '', type: 'gauge', value: 17 },
    {
      group: 'alerts',
      name: 'queries',
      title: 'Alert queries',
      description: '',
      type: 'timer',
      count: 8,
      totalTime: 100,
    },
    { group: 'alerts', name: 'counts', title: 'Count alerts', description: '', type: 'timer', count: 0, totalTime: 0 },
    { group: 'plugins', name: 'rejected', title: 'Rejected', description: '', type: 'counter', count: 3 },
    {
      group: 'switch',
      name: 'auto-refresh-allow',
      title: 'auto-refresh-allow',
      description: '',
      type: 'text',
      value: 'ON',
    },
  ],
};

function aboutHandlers(
  overrides: { manifest?: () => Response; status?: () => Response; health?: () => Response } = {},
) {
  server.use(
    http.get(`${API}/management/manifest`, () => overrides.manifest?.() ?? HttpResponse.json(MANIFEST)),
    http.get(`${API}/management/status`, () => overrides.status?.() ?? HttpResponse.json(STATUS)),
    http.get(`${API}/management/healthcheck`, () => overrides.health?.() ?? HttpResponse.text('OK')),
  );
}

/** The value cell of the row named `name` in the versions table, once it is there. */
async function value(name: string): Promise<HTMLElement> {
  const header = await screen.findByRole('rowheader', { name });
  const row = header.closest('tr');
  if (row === null) throw new Error(`no row for ${name}`);
  return within(row).getByRole('cell');
}

describe('about formatting', () => {
  it('writes uptime as days and a clock', () => {
    expect(splitUptime(0)).toEqual({ days: 0, clock: '00:00:00' });
    expect(splitUptime(90_061_999)).toEqual({ days: 1, clock: '01:01:01' });
  });

  it('averages timers only, and only when they ran', () => {
    const timer = { group: 'g', name: 'n', title: 't', type: 'timer', value: null, count: 4, totalTime: 10 };
    expect(averageTime(timer)).toBe(2.5);
    expect(averageTime({ ...timer, count: 0 })).toBeNull();
    expect(averageTime({ ...timer, type: 'counter' })).toBeNull();
  });
});

describe('about screen', () => {
  it('shows the versions, the endpoint, the health check and the metrics', async () => {
    const requests = recordRequests();
    aboutHandlers();
    renderApp('/about', { token: MANAGER });
    expect(await screen.findByRole('heading', { name: 'About' })).toBeInTheDocument();
    expect(await value('Console')).toHaveTextContent(consoleVersion);
    expect(await screen.findByText('Alerta API 9.1.0')).toBeInTheDocument();
    expect(await value('Build')).toHaveTextContent('42');
    expect((await value('Build date')).querySelector('time')).toHaveAttribute('datetime', MANIFEST.date);
    expect(within(await value('Git revision')).getByRole('link', { name: 'a1b2c3d4e5f6' })).toHaveAttribute(
      'href',
      'https://github.com/alerta/alerta/commit/a1b2c3d4e5f6',
    );
    expect(within(await value('API endpoint')).getByRole('link', { name: API })).toHaveAttribute('href', `${API}/`);
    expect(
      within(await value('API endpoint')).getByRole('button', { name: 'Copy the API endpoint' }),
    ).toBeInTheDocument();
    expect(await within(await value('Health check')).findByText('OK')).toBeInTheDocument();
    expect(requests.find((r) => r.url.pathname === '/management/healthcheck')?.headers.get('X-Request-ID')).toMatch(
      /^[0-9a-f-]{36}$/,
    );

    const metrics = await screen.findByRole('table', { name: 'Metrics of the API' });
    expect(
      within(metrics)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Metric', 'Type', 'Name', 'Value', 'Average time']);
    const cells = (title: string) =>
      within(within(metrics).getByRole('row', { name: new RegExp(`^${title}`) }))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('Total alerts')).toEqual(['Total alerts', 'Gauge', 'alerts.total', '17', 'n/a']);
    expect(cells('Alert queries')).toEqual(['Alert queries', 'Timer', 'alerts.queries', '8', '12.50 ms']);
    expect(cells('Count alerts')).toEqual(['Count alerts', 'Timer', 'alerts.counts', '0', 'n/a']);
    expect(cells('Rejected')).toEqual(['Rejected', 'Counter', 'plugins.rejected', '3', 'n/a']);
    expect(cells('auto-refresh-allow')).toEqual([
      'auto-refresh-allow',
      'Text',
      'switch.auto-refresh-allow',
      'ON',
      'n/a',
    ]);

    const times = screen.getByRole('table', { name: /When the metrics were taken/ });
    expect(within(times).getByRole('row', { name: /^Uptime/ })).toHaveTextContent('2 days 03:04:05');
    expect(
      within(times)
        .getByRole('row', { name: /^Last update/ })
        .querySelector('time'),
    ).toHaveAttribute('datetime', '2026-05-01T12:34:56.000Z');
  });

  it('links only a revision that looks like one and says when a value is missing', async () => {
    aboutHandlers({
      manifest: () => HttpResponse.json({ release: '9.0.4', build: '', date: null, revision: 'javascript:alert(1)' }),
      status: () => HttpResponse.json({ ...STATUS, uptime: 90_061_000 }),
    });
    renderApp('/about', { token: MANAGER });
    await screen.findByText('Alerta API 9.0.4');
    expect(within(await value('Git revision')).queryByRole('link')).not.toBeInTheDocument();
    expect(await value('Git revision')).toHaveTextContent('javascript:alert(1)');
    expect(await value('Build')).toHaveTextContent('(none)');
    expect(await value('Build date')).toHaveTextContent('(none)');
    expect(await screen.findByRole('row', { name: /^Uptime/ })).toHaveTextContent('1 day 01:01:01');
  });

  it('copies the endpoint', async () => {
    aboutHandlers();
    const { user } = renderApp('/about', { token: MANAGER });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(await screen.findByRole('button', { name: 'Copy the API endpoint' }));
    expect(writeText).toHaveBeenCalledWith(API);
    expect(await screen.findByText('API endpoint copied.')).toBeInTheDocument();
  });

  it('shows a failing health check with the reason the server gives', async () => {
    aboutHandlers({ health: () => HttpResponse.text('HEARTBEAT_STALE: web01', { status: 503 }) });
    renderApp('/about', { token: MANAGER });
    expect(await within(await value('Health check')).findByText('HEARTBEAT_STALE: web01')).toBeInTheDocument();
    expect(await screen.findByText('Alerta API 9.1.0')).toBeInTheDocument();
  });

  it('keeps the versions and the health check when the status fails', async () => {
    aboutHandlers({
      status: () => HttpResponse.json(errorEnvelope(403, 'Missing required scope: read:management'), { status: 403 }),
    });
    renderApp('/about', { token: MANAGER });
    expect(
      await screen.findByText("The API's metrics could not be loaded: Missing required scope: read:management"),
    ).toBeInTheDocument();
    // Without the status the application's name is unknown: the release alone.
    expect(await screen.findByText('API 9.1.0')).toBeInTheDocument();
    expect(await value('Console')).toHaveTextContent(consoleVersion);
    expect(await within(await value('Health check')).findByText('OK')).toBeInTheDocument();
  });

  it('keeps the metrics when the manifest fails', async () => {
    aboutHandlers({ manifest: () => HttpResponse.json(errorEnvelope(404, 'Not found'), { status: 404 }) });
    renderApp('/about', { token: MANAGER });
    expect(await screen.findByText("The API's version could not be loaded: Not found")).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'alerts.total' })).toBeInTheDocument();
    expect(await value('Console')).toHaveTextContent(consoleVersion);
    expect(screen.queryByRole('row', { name: /^Build/ })).not.toBeInTheDocument();
  });

  it('says when the health check gets no answer', async () => {
    aboutHandlers({ health: () => HttpResponse.error() });
    renderApp('/about', { token: MANAGER });
    expect(
      await within(await value('Health check')).findByText(
        'The API could not be reached. Check your connection and try again.',
      ),
    ).toBeInTheDocument();
  });
});
