import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { recordRequests, server } from '../../test/server';
import { formatHms, latencyOf, secondsLeft } from './heartbeatTiming';
import type { HeartbeatRow } from './heartbeatsApi';
import { heartbeatsScenario } from '../../test/mocks';

// Each screen loads as its own chunk with its texts; on a busy machine that takes longer than the default second.
configure({ asyncUtilTimeout: 5000 });

const ADMIN = makeToken({ scope: 'admin read write' });
const READER = makeToken({ scope: 'read:heartbeats read:alerts' });

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

function heartbeat(overrides: Record<string, unknown> = {}) {
  return {
    id: 'hb-1',
    href: `${API}/heartbeat/hb-1`,
    origin: 'web01/cron',
    tags: ['prod', 'linux'],
    attributes: { region: 'eu-west', cpu: 4 },
    type: 'Heartbeat',
    createTime: ago(5 * 60_000 + 150),
    receiveTime: ago(5 * 60_000),
    timeout: 3600,
    maxLatency: 2000,
    customer: 'Acme',
    latency: 150,
    since: 300,
    status: 'ok',
    ...overrides,
  };
}

function heartbeatsAnswer(rows: Record<string, unknown>[], total = rows.length) {
  return { status: 'ok', heartbeats: rows, total, page: 1, pageSize: 20, pages: 1, more: false };
}

const row = (origin: string) => screen.getByRole('row', { name: new RegExp(origin.replace('/', '\\/')) });

describe('heartbeat timing', () => {
  const base: HeartbeatRow = {
    id: 'x',
    origin: 'o',
    tags: [],
    attributes: {},
    createTime: '2026-01-01T10:00:00.000Z',
    receiveTime: '2026-01-01T10:00:00.250Z',
    timeout: 90,
    customer: null,
    latency: null,
    status: 'ok',
  };

  it('takes the latency the API gives, else receive time minus create time', () => {
    expect(latencyOf({ ...base, latency: 1234 })).toBe(1234);
    expect(latencyOf(base)).toBe(250);
    expect(latencyOf({ ...base, createTime: null })).toBeNull();
  });

  it('counts the time left from the receive time and stops at zero', () => {
    const received = Date.parse('2026-01-01T10:00:00.250Z');
    expect(secondsLeft(base, received + 30_000)).toBe(60);
    expect(secondsLeft(base, received + 600_000)).toBe(0);
    expect(secondsLeft({ ...base, timeout: null }, received)).toBeNull();
  });

  it('writes durations as h:mm:ss with as many hours as it takes', () => {
    expect(formatHms(0)).toBe('0:00:00');
    expect(formatHms(59)).toBe('0:00:59');
    expect(formatHms(3661)).toBe('1:01:01');
    expect(formatHms(90061)).toBe('25:01:01');
  });
});

describe('heartbeats screen', () => {
  it('asks for every status, newest first, and pages, sorts and searches on the server', async () => {
    const requests = recordRequests();
    server.use(
      http.get(`${API}/heartbeats`, ({ request }) => {
        const origin = new URL(request.url).searchParams.get('origin');
        return HttpResponse.json(origin === '~zzz' ? heartbeatsAnswer([], 0) : heartbeatsAnswer([heartbeat()], 45));
      }),
    );
    const { user } = renderApp('/heartbeats', { token: ADMIN });
    expect(await screen.findByRole('cell', { name: 'web01/cron' })).toBeInTheDocument();
    const first = requests.find((r) => r.url.pathname === '/heartbeats');
    expect(first?.url.searchParams.getAll('status')).toEqual(['ok', 'slow', 'expired']);
    expect(first?.url.searchParams.get('sort-by')).toBe('receiveTime');
    expect(first?.url.searchParams.get('page')).toBe('1');
    expect(first?.url.searchParams.get('page-size')).toBe('20');
    expect(screen.getByRole('columnheader', { name: /Receive Time/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(requests.at(-1)?.url.searchParams.get('page')).toBe('2'));

    // Receive time is newest first without a minus, so the other way round is oldest first.
    await user.click(screen.getByRole('button', { name: /^Receive Time/ }));
    await waitFor(() => expect(requests.at(-1)?.url.searchParams.get('sort-by')).toBe('-receiveTime'));
    expect(requests.at(-1)?.url.searchParams.get('page')).toBe('1');
    await user.click(screen.getByRole('button', { name: /^Latency/ }));
    await waitFor(() => expect(requests.at(-1)?.url.searchParams.get('sort-by')).toBe('latency'));
    await user.click(screen.getByRole('button', { name: /^Timeout/ }));
    await waitFor(() => expect(requests.at(-1)?.url.searchParams.get('sort-by')).toBe('timeout'));

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'zzz');
    expect(await screen.findByText('Your search for "zzz" found no results.')).toBeInTheDocument();
    expect(requests.at(-1)?.url.searchParams.get('origin')).toBe('~zzz');

    // A tag is a whole value, not a substring.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Search in' }), 'tag');
    await waitFor(() => expect(requests.at(-1)?.url.searchParams.get('tag')).toBe('zzz'));
    expect(requests.at(-1)?.url.searchParams.has('origin')).toBe(false);
  });

  it('sends the statuses left on, and asks for nothing when none is', async () => {
    const requests = recordRequests();
    heartbeatsScenario.list([heartbeat()]);
    const { user } = renderApp('/heartbeats', { token: ADMIN });
    await screen.findByRole('cell', { name: 'web01/cron' });
    const filter = screen.getByRole('group', { name: 'Show' });
    expect(within(filter).getByRole('checkbox', { name: 'OK' })).toBeChecked();
    expect(within(filter).getByRole('checkbox', { name: 'Slow' })).toBeChecked();
    expect(within(filter).getByRole('checkbox', { name: 'Expired' })).toBeChecked();

    await user.click(within(filter).getByRole('checkbox', { name: 'Slow' }));
    await waitFor(() => expect(requests.at(-1)?.url.searchParams.getAll('status')).toEqual(['ok', 'expired']));

    await user.click(within(filter).getByRole('checkbox', { name: 'OK' }));
    await waitFor(() => expect(requests.at(-1)?.url.searchParams.getAll('status')).toEqual(['expired']));
    const before = requests.length;
    await user.click(within(filter).getByRole('checkbox', { name: 'Expired' }));
    expect(await screen.findByText('Choose at least one status to see heartbeats.')).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'web01/cron' })).not.toBeInTheDocument();
    expect(requests.length).toBe(before);
  });

  it('counts the rows of a short page when the status filter makes the total unreliable', async () => {
    server.use(
      // docs/api/heartbeats.md#routes: the total ignores the status filter.
      http.get(`${API}/heartbeats`, () => HttpResponse.json(heartbeatsAnswer([heartbeat()], 7))),
    );
    const { user } = renderApp('/heartbeats', { token: ADMIN });
    expect(await screen.findByText('1–7 of 7')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'OK' }));
    expect(await screen.findByText('1–1 of 1')).toBeInTheDocument();
  });

  it('shows each column: tags, attributes as text, latency, time left, since and a readable status', async () => {
    server.use(
      http.get(`${API}/heartbeats`, () =>
        HttpResponse.json(
          heartbeatsAnswer([
            heartbeat(),
            heartbeat({
              id: 'hb-2',
              origin: 'db02/backup',
              tags: [],
              attributes: { note: '<b>not bold</b>' },
              createTime: ago(2 * 3600_000 + 4000),
              receiveTime: ago(2 * 3600_000),
              timeout: 60,
              latency: undefined,
              status: 'expired',
              customer: null,
            }),
            heartbeat({ id: 'hb-3', origin: 'app03', latency: 2500, status: 'slow' }),
          ]),
        ),
      ),
    );
    renderApp('/heartbeats', { token: ADMIN, config: { customer_views: true } });
    await screen.findByRole('cell', { name: 'web01/cron' });
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([
      'Origin',
      'Customer',
      'Tags',
      'Attributes',
      'Create Time',
      'Receive Time',
      'Latency',
      'Timeout',
      'Since',
      'Status',
      'Actions',
    ]);

    const ok = row('web01/cron');
    expect(within(ok).getByText('prod')).toBeInTheDocument();
    expect(within(ok).getByText('linux')).toBeInTheDocument();
    expect(within(ok).getByText('region: eu-west')).toBeInTheDocument();
    expect(within(ok).getByText('cpu: 4')).toBeInTheDocument();
    expect(within(ok).getByRole('cell', { name: 'Acme' })).toBeInTheDocument();
    expect(within(ok).getByRole('cell', { name: '150 ms' })).toBeInTheDocument();
    expect(within(ok).getByRole('cell', { name: /^0:5[45]:\d\d$/ })).toBeInTheDocument();
    expect(within(ok).getByRole('cell', { name: '5 minutes ago' })).toBeInTheDocument();
    const okLabel = within(ok).getByText('OK');
    // Black on the green: white would miss WCAG AA's 4.5:1.
    expect(okLabel).toHaveStyle({ backgroundColor: '#468847', color: '#000000' });

    const expired = row('db02/backup');
    // No latency from the API: worked out from the two times.
    expect(within(expired).getByRole('cell', { name: '4000 ms' })).toBeInTheDocument();
    expect(within(expired).getByRole('cell', { name: '0:00:00' })).toBeInTheDocument();
    expect(within(expired).getByRole('cell', { name: '2 hours ago' })).toBeInTheDocument();
    expect(within(expired).getByText('(none)')).toBeInTheDocument();
    expect(within(expired).getByText('note: <b>not bold</b>')).toBeInTheDocument();
    expect(within(expired).getByText('Expired')).toHaveStyle({ backgroundColor: '#b94a48', color: '#ffffff' });

    expect(within(row('app03')).getByText('Slow')).toHaveStyle({ backgroundColor: '#3a87ad', color: '#000000' });
  });

  it('leaves the customer column and search out without customer views', async () => {
    heartbeatsScenario.list([heartbeat()]);
    renderApp('/heartbeats', { token: ADMIN });
    await screen.findByRole('cell', { name: 'web01/cron' });
    expect(screen.queryByRole('columnheader', { name: 'Customer' })).not.toBeInTheDocument();
    const field = screen.getByRole('combobox', { name: 'Search in' });
    expect(within(field).queryByRole('option', { name: 'Customer' })).not.toBeInTheDocument();
  });

  it('deletes a heartbeat once confirmed', async () => {
    const requests = recordRequests();
    heartbeatsScenario.list([heartbeat()]);
    const { user } = renderApp('/heartbeats', { token: ADMIN });
    await user.click(await screen.findByRole('button', { name: 'Delete heartbeat web01/cron' }));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete heartbeat web01/cron' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Heartbeat deleted.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual(['/heartbeat/hb-1']);
  });

  it('shows a reader the list without the delete buttons', async () => {
    heartbeatsScenario.list([heartbeat()]);
    renderApp('/heartbeats', { token: READER });
    expect(await screen.findByRole('cell', { name: 'web01/cron' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('reports a refused delete', async () => {
    heartbeatsScenario.list([heartbeat()]);
    heartbeatsScenario.writesFailing(403, 'Missing required scope: write:heartbeats', 'DELETE');
    const { user } = renderApp('/heartbeats', { token: ADMIN });
    await user.click(await screen.findByRole('button', { name: 'Delete heartbeat web01/cron' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Missing required scope: write:heartbeats (403)')).toBeInTheDocument();
  });

  it('says why the list could not load', async () => {
    heartbeatsScenario.failing(400, 'Invalid filter');
    renderApp('/heartbeats', { token: ADMIN });
    expect(await screen.findByText('Invalid filter (400)')).toBeInTheDocument();
  });
});
