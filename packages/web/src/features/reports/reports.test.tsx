import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API, makeToken, testConfig } from '../../test/fixtures';
import { alertsScenario, reportsScenario } from '../../test/mocks';
import { renderApp } from '../../test/renderApp';
import { recordRequests, type RecordedRequest } from '../../test/server';
import { formatReportFilter, parseReportFilter, reportQuery, severityChoices, DEFAULT_FILTER } from './reportFilter';

// Each screen loads as its own chunk with its texts; on a busy machine that takes longer than the default second.
configure({ asyncUtilTimeout: 5000 });

const USER = makeToken({ scope: 'read:alerts' });

const OFFENDER = {
  event: 'NodeDown',
  count: 7,
  duplicateCount: 12,
  environments: ['Production', 'Development'],
  services: ['Web', 'Shop'],
  resources: [
    { id: 'a1', resource: 'web01', href: `${API}/alert/a1` },
    { id: 'a2', resource: 'web02', href: `${API}/alert/a2` },
  ],
};
const FLAPPER = {
  ...OFFENDER,
  event: 'DiskFull',
  count: 3,
  duplicateCount: 0,
  resources: [{ id: 'b1', resource: 'db01' }],
};
const STANDER = {
  ...OFFENDER,
  event: 'LinkDown',
  count: 1,
  duplicateCount: 4,
  resources: [{ id: 'c1', resource: 'sw01' }],
};

/** One row in each report, and an environment, a service and a group for the pick lists. */
function serveReports() {
  reportsScenario.top10({ count: [OFFENDER], flapping: [FLAPPER], standing: [STANDER] });
  alertsScenario.tally('environments', [{ environment: 'Staging', count: 2 }]);
  alertsScenario.tally('services', [{ environment: 'Production', service: 'Web', count: 1 }]);
  alertsScenario.tally('groups', [{ environment: 'Production', group: 'Network', count: 1 }]);
}

const reports = (requests: RecordedRequest[]) => requests.filter((r) => r.url.pathname.startsWith('/alerts/top10/'));
const lastOf = (requests: RecordedRequest[], kind: string) =>
  requests.filter((r) => r.url.pathname === `/alerts/top10/${kind}`).at(-1)?.url.searchParams;

describe('report filter', () => {
  it('keeps the filter in the page query and reads it back', () => {
    const filter = {
      ...DEFAULT_FILTER,
      top: 50,
      environment: ['Production', 'Dev'],
      severity: ['critical'],
      status: [],
      dateRange: [-3600, null] as const,
    };
    const params = formatReportFilter(filter);
    expect(params.toString()).toBe(
      'top=50&environment=Production&environment=Dev&severity=critical&status=&from=-3600',
    );
    expect(parseReportFilter(params)).toEqual(filter);
    expect(parseReportFilter(new URLSearchParams('top=7&status=closed'))).toEqual({
      ...DEFAULT_FILTER,
      status: ['closed'],
    });
  });

  it('sends environments as repeated keys and relative times as dates', () => {
    const now = Date.parse('2026-05-01T12:00:00.000Z');
    const query = reportQuery({ ...DEFAULT_FILTER, environment: ['A', 'B'], dateRange: [-3600, null] }, ['open'], now);
    expect(query).toMatchObject({
      environment: ['A', 'B'],
      status: ['open'],
      page: 1,
      'page-size': 10,
      'from-date': '2026-05-01T11:00:00.000Z',
    });
    expect(query['to-date']).toBeUndefined();
  });

  it('lists severities most severe first', () => {
    const config = testConfig({ alarm_model: { severity: { minor: 4, critical: 1, ok: 5, major: 2 } } });
    expect(severityChoices(config)).toEqual(['critical', 'major', 'minor', 'ok']);
  });
});

describe('reports screen', () => {
  it('asks the three reports for open and acknowledged alerts, ten rows each, and shows them', async () => {
    const requests = recordRequests();
    serveReports();
    renderApp('/reports', { token: USER });
    expect(await screen.findByRole('heading', { name: 'Top 10 offenders' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Top 10 flapping' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Top 10 standing' })).toBeInTheDocument();
    await screen.findByRole('cell', { name: 'NodeDown' });
    for (const kind of ['count', 'flapping', 'standing']) {
      const params = lastOf(requests, kind);
      expect(params?.getAll('status')).toEqual(['open', 'ack']);
      expect(params?.get('page')).toBe('1');
      expect(params?.get('page-size')).toBe('10');
      expect(params?.has('environment')).toBe(false);
      expect(params?.has('severity')).toBe(false);
      expect(params?.has('from-date')).toBe(false);
    }

    const offenders = screen.getByRole('table', { name: 'Top 10 offenders' });
    const headers = within(offenders)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Event', 'Count', 'Duplicates', 'Environments', 'Services', 'Resources']);
    const row = within(offenders).getByRole('row', { name: /NodeDown/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['NodeDown', '7', '12', 'Production, Development', 'Web, Shop', 'web01, web02']);
    expect(within(row).getByRole('link', { name: 'web01' })).toHaveAttribute('href', '/alert/a1');
    expect(within(row).getByRole('link', { name: 'web02' })).toHaveAttribute('href', '/alert/a2');
    expect(
      within(screen.getByRole('table', { name: 'Top 10 flapping' })).getByRole('link', { name: 'db01' }),
    ).toHaveAttribute('href', '/alert/b1');
    expect(
      within(screen.getByRole('table', { name: 'Top 10 standing' })).getByRole('link', { name: 'sw01' }),
    ).toHaveAttribute('href', '/alert/c1');
  });

  it('opens the alert of a resource inside the console', async () => {
    // No alert is stored, so the detail of a1 answers 404 as the server does for an alert gone since.
    serveReports();
    const { user, location } = renderApp('/reports', { token: USER });
    await user.click(await screen.findByRole('link', { name: 'web01' }));
    await waitFor(() => expect(location().pathname).toBe('/alert/a1'));
  });

  it('sends each filter the way the API takes it and keeps it in the address', async () => {
    const requests = recordRequests();
    serveReports();
    const { user, location } = renderApp('/reports', {
      token: USER,
      config: { environments: ['Production', 'Development'] },
    });
    await screen.findByRole('cell', { name: 'NodeDown' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), '50');
    await waitFor(() => expect(lastOf(requests, 'count')?.get('page-size')).toBe('50'));
    expect(lastOf(requests, 'flapping')?.get('page-size')).toBe('50');
    expect(lastOf(requests, 'standing')?.get('page-size')).toBe('50');
    expect(await screen.findByRole('heading', { name: 'Top 50 offenders' })).toBeInTheDocument();

    // The configured environments and those GET /environments names.
    await user.click(screen.getByRole('combobox', { name: 'Environment' }));
    const environments = await screen.findByRole('listbox', { name: 'Environment', hidden: true });
    expect(
      within(environments)
        .getAllByRole('option', { hidden: true })
        .map((o) => o.textContent),
    ).toEqual(['Production', 'Development', 'Staging']);
    await user.click(screen.getByRole('option', { name: 'Production', hidden: true }));
    await user.click(screen.getByRole('option', { name: 'Staging', hidden: true }));
    // Repeated keys, never one comma-joined value (docs/console/predecessor.md#bugs-we-do-not-repeat).
    await waitFor(() => expect(lastOf(requests, 'count')?.getAll('environment')).toEqual(['Production', 'Staging']));
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('combobox', { name: 'Severity' }));
    const severities = await screen.findByRole('listbox', { name: 'Severity', hidden: true });
    expect(
      within(severities)
        .getAllByRole('option', { hidden: true })
        .map((o) => o.textContent),
    ).toEqual([
      'Security',
      'Critical',
      'Major',
      'Minor',
      'Warning',
      'Indeterminate',
      'Informational',
      'Normal',
      'OK',
      'Cleared',
      'Debug',
      'Trace',
      'Unknown',
    ]);
    await user.click(screen.getByRole('option', { name: 'Critical', hidden: true }));
    await user.click(screen.getByRole('option', { name: 'Major', hidden: true }));
    await waitFor(() => expect(lastOf(requests, 'standing')?.getAll('severity')).toEqual(['critical', 'major']));
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('combobox', { name: 'Service' }));
    await user.click(await screen.findByRole('option', { name: 'Web', hidden: true }));
    await waitFor(() => expect(lastOf(requests, 'count')?.getAll('service')).toEqual(['Web']));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('combobox', { name: 'Group' }));
    await user.click(await screen.findByRole('option', { name: 'Network', hidden: true }));
    await waitFor(() => expect(lastOf(requests, 'count')?.getAll('group')).toEqual(['Network']));
    await user.keyboard('{Escape}');

    const before = Date.now();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time' }), 'hour1');
    await waitFor(() => expect(lastOf(requests, 'flapping')?.has('from-date')).toBe(true));
    const from = Date.parse(lastOf(requests, 'flapping')?.get('from-date') ?? '');
    expect(from).toBeGreaterThanOrEqual(before - 3600_000 - 1000);
    expect(from).toBeLessThanOrEqual(Date.now() - 3600_000 + 1000);

    const params = new URLSearchParams(location().search);
    expect(params.get('top')).toBe('50');
    expect(params.getAll('environment')).toEqual(['Production', 'Staging']);
    expect(params.getAll('severity')).toEqual(['critical', 'major']);
    expect(params.get('from')).toBe('-3600');

    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(location().search).toBe(''));
    await waitFor(() => expect(lastOf(requests, 'count')?.get('page-size')).toBe('10'));
    const reset = lastOf(requests, 'count');
    expect(reset?.has('environment')).toBe(false);
    expect(reset?.has('severity')).toBe(false);
    expect(reset?.has('from-date')).toBe(false);
    expect(reset?.getAll('status')).toEqual(['open', 'ack']);
  });

  it('reads the filter from the address, and every status once the status filter is cleared', async () => {
    const requests = recordRequests();
    serveReports();
    const { user, location } = renderApp('/reports?top=20&environment=Production&environment=QA&status=closed', {
      token: USER,
    });
    await screen.findByRole('cell', { name: 'NodeDown' });
    const first = lastOf(requests, 'count');
    expect(first?.get('page-size')).toBe('20');
    expect(first?.getAll('environment')).toEqual(['Production', 'QA']);
    expect(first?.getAll('status')).toEqual(['closed']);
    expect(screen.getByRole('heading', { name: 'Top 20 offenders' })).toBeInTheDocument();

    const status = screen.getByRole('combobox', { name: 'Status' });
    await user.click(status);
    await user.keyboard('{Backspace}');
    await waitFor(() => expect(new URLSearchParams(location().search).getAll('status')).toEqual(['']));
    await waitFor(() => expect(lastOf(requests, 'count')?.has('status')).toBe(false));
  });

  it('filters the rows shown without asking the server again', async () => {
    const requests = recordRequests();
    serveReports();
    const { user } = renderApp('/reports', { token: USER });
    await screen.findByRole('cell', { name: 'NodeDown' });
    const asked = reports(requests).length;
    await user.type(screen.getByRole('searchbox', { name: 'Filter rows' }), 'db01');
    expect(await screen.findAllByText('Your search for "db01" found no results.')).toHaveLength(2);
    expect(screen.getByRole('cell', { name: 'DiskFull' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'NodeDown' })).not.toBeInTheDocument();
    expect(reports(requests).length).toBe(asked);
  });

  it('reloads all three reports on demand', async () => {
    const requests = recordRequests();
    serveReports();
    const { user } = renderApp('/reports', { token: USER });
    await screen.findByRole('cell', { name: 'NodeDown' });
    const asked = reports(requests).length;
    await user.click(screen.getByRole('button', { name: 'Reload reports' }));
    await waitFor(() => expect(reports(requests).length).toBe(asked + 3));
  });

  it('shows a failed report in its place and the others still', async () => {
    serveReports();
    reportsScenario.failing('count', 400, 'Invalid filter parameter: foo');
    renderApp('/reports', { token: USER });
    const offenders = (await screen.findByRole('heading', { name: 'Top 10 offenders' })).closest('section');
    expect(offenders).not.toBeNull();
    expect(await within(offenders as HTMLElement).findByRole('alert')).toHaveTextContent(
      'Invalid filter parameter: foo',
    );
    expect(await screen.findByRole('cell', { name: 'DiskFull' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'LinkDown' })).toBeInTheDocument();
  });
});
