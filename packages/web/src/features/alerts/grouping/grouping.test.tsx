import type { Alert } from '@alerta/contract';
import { notifyManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../api/queryKeys';
import {
  API,
  errorEnvelope,
  groupedAnswer as answer,
  makeAlert,
  makeGroup as group,
  makeToken,
} from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { recordRequests, server, type RecordedRequest } from '../../../test/server';
import { alertChange, alertsScenario, liveStream, meScenario } from '../../../test/mocks';

// docs/console/alert-screens.md#grouped-view

const WEB = group('Web', { critical: 1, major: 2 }, 'service:"Web"');
const NONE = group(null, { minor: 1 }, 'NOT _exists_:service');

/** GET /alerts/grouped answers what `reply` gives for each request. */
function groupedServer(reply: (url: URL) => Record<string, unknown> | Response) {
  server.use(
    http.get(`${API}/alerts/grouped`, ({ request }) => {
      const body = reply(new URL(request.url));
      return body instanceof Response ? body : HttpResponse.json(body);
    }),
  );
}

const groupedRequests = (requests: RecordedRequest[]) => requests.filter((r) => r.url.pathname === '/alerts/grouped');
const listRequests = (requests: RecordedRequest[]) => requests.filter((r) => r.url.pathname === '/alerts');
const toggle = (name: string | RegExp) => screen.findByRole('button', { name });

/** After it, every commit TanStack Query's observers asked for has happened (see rowRenders.test.tsx). */
const observersTold = () => act(() => new Promise<void>((resolve) => notifyManager.schedule(resolve)));

describe('grouped alert list', () => {
  it('puts the grouping chosen in the address and asks the server for groups', async () => {
    const requests = recordRequests();
    alertsScenario.list([]);
    groupedServer(() => answer([WEB]));
    const { user, location } = renderApp('/alerts?q=severity%3Acritical', { token: makeToken() });
    await screen.findByText(/Nothing matches/);

    await user.click(screen.getByRole('button', { name: 'Group by' }));
    const form = await screen.findByRole('dialog', { name: 'Group by' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Group by' }), 'service');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Order of groups' }), 'count');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(location().hash).toContain(';gb:service;gs:count'));
    const request = await requests.next({ path: '/alerts/grouped' });
    expect(request.url.searchParams.getAll('group-by')).toEqual(['service']);
    expect(request.url.searchParams.get('group-sort')).toBe('count');
    expect(request.url.searchParams.get('q')).toBe('severity:critical');
    expect(request.url.searchParams.getAll('status')).toEqual(['open', 'ack']);
    expect(request.url.searchParams.get('page')).toBe('1');
    // The groups replace the flat table.
    expect(await toggle('Web: 3 alerts')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('table', { name: 'Alert list' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Group by (on)' })).toBeInTheDocument();

    // Ungroup goes back to the flat list.
    await user.click(screen.getByRole('button', { name: 'Group by (on)' }));
    await user.click(await screen.findByRole('button', { name: 'Ungroup' }));
    await waitFor(() => expect(location().hash).not.toContain('gb:'));
    expect(await screen.findByRole('table', { name: 'Alert list' })).toBeInTheDocument();
  });

  it('groups by an attribute named in the form, and refuses a name the server would not take', async () => {
    alertsScenario.list([]);
    groupedServer(() => answer([]));
    const { user, location } = renderApp('/alerts', { token: makeToken() });
    await user.click(await screen.findByRole('button', { name: 'Group by' }));
    const form = await screen.findByRole('dialog', { name: 'Group by' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Group by' }), 'attribute');
    await user.type(within(form).getByRole('textbox', { name: 'First attribute name' }), 'my region');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Then by' }), 'resource');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(within(form).getByText('Letters, digits, _, - and . only')).toBeInTheDocument();
    expect(location().hash).not.toContain('gb:');

    const name = within(form).getByRole('textbox', { name: 'First attribute name' });
    await user.clear(name);
    await user.type(name, 'region');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(location().hash).toContain('gb:attribute.region,resource'));
    expect(await screen.findByText('Grouped by Attribute region › Resource · 0 of 0 groups')).toBeInTheDocument();
  });

  it('shows each group with its count, severity chips, newest time and the group without a value', async () => {
    alertsScenario.list([]);
    groupedServer(() => answer([WEB, NONE], { total: 2 }));
    renderApp('/alerts#gb:service', { token: makeToken() });

    const web = await toggle('Web: 3 alerts');
    const header = web.closest('li')!;
    expect(within(header).getByText('Critical 1')).toHaveStyle({ backgroundColor: 'rgb(255, 0, 0)' });
    expect(within(header).getByText('Major 2')).toHaveStyle({ backgroundColor: 'rgb(255, 165, 0)' });
    // The worst severity's colour marks the group.
    expect(header.style.getPropertyValue('--group-accent')).toBe('red');
    expect(within(header).getByText(/20 Nov/)).toHaveAttribute('dateTime', '2026-11-20T10:05:00.000Z');
    expect(within(header).getByRole('heading', { level: 2 })).toContainElement(web);

    const none = await toggle('(none): 1 alert');
    expect(within(none.closest('li')!).getByText('Minor 1')).toBeInTheDocument();
    expect(screen.getByText('Grouped by Service · 2 of 2 groups')).toBeInTheDocument();
    // Services are a list: an alert may count in several groups.
    expect(screen.getByText(/An alert with several values here is in the group of each/)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Alert groups' })).toBeInTheDocument();
  });

  it("lists an open group's alerts with the group's query joined to the search", async () => {
    const requests = recordRequests();
    alertsScenario.list([makeAlert({ resource: 'web01', severity: 'critical' })]);
    groupedServer(() => answer([WEB, NONE]));
    const { user } = renderApp('/alerts?q=resource%3Aweb*#gb:service', { token: makeToken() });
    const web = await toggle('Web: 3 alerts');
    // Nothing but the groups is asked for until a group opens.
    expect(listRequests(requests)).toEqual([]);

    await user.click(web);
    expect(web).toHaveAttribute('aria-expanded', 'true');
    const table = await screen.findByRole('table', { name: 'Alerts in Web' });
    expect(await within(table).findByRole('row', { name: /web01/ })).toBeInTheDocument();
    const [request] = listRequests(requests);
    expect(request?.url.searchParams.get('q')).toBe('(resource:web*) AND (service:"Web")');
    expect(request?.url.searchParams.getAll('status')).toEqual(['open', 'ack']);
    expect(request?.url.searchParams.get('page-size')).toBe('20');
    expect(web).toHaveAttribute('aria-controls', table.closest('[id]')?.id);

    await user.click(web);
    expect(web).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('table', { name: 'Alerts in Web' })).not.toBeInTheDocument();

    // Without a search the group's query is the whole search; the keyboard opens a group too.
    const none = await toggle('(none): 1 alert');
    none.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('table', { name: 'Alerts in (none)' });
    expect(listRequests(requests).at(-1)?.url.searchParams.get('q')).toBe('(resource:web*) AND (NOT _exists_:service)');
  });

  it('lists more groups on request', async () => {
    const requests = recordRequests();
    alertsScenario.list([]);
    const many = Array.from({ length: 21 }, (_, i) => group(`svc${i}`, { major: 1 }, `service:"svc${i}"`));
    groupedServer((url) => {
      const size = Number(url.searchParams.get('page-size'));
      return answer(many.slice(0, size), { total: many.length, more: size < many.length, pageSize: size });
    });
    const { user } = renderApp('/alerts#gb:service', { token: makeToken() });
    await toggle('svc0: 1 alert');
    expect(screen.getByText('Grouped by Service · 20 of 21 groups')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'svc20: 1 alert' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show more groups' }));
    await toggle('svc20: 1 alert');
    // The first page of 20 groups, then one of 40; a refresh the list makes meanwhile asks again for what it shows.
    const sizes = groupedRequests(requests).map((r) => r.url.searchParams.get('page-size'));
    expect([...new Set(sizes)]).toEqual(['20', '40']);
    expect(screen.queryByRole('button', { name: 'Show more groups' })).not.toBeInTheDocument();
  });

  it('expands and collapses every group at once', async () => {
    const requests = recordRequests();
    alertsScenario.list([]);
    const SHOP = group('Shop', { minor: 1 }, 'service:"Shop"');
    groupedServer(() => answer([WEB, SHOP, NONE]));
    const { user } = renderApp('/alerts#gb:service', { token: makeToken() });
    await toggle('Web: 3 alerts');
    const toggles = screen.getAllByRole('button', { name: /: \d+ alerts?$/ });
    expect(toggles).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(toggles.map((button) => button.getAttribute('aria-expanded'))).toEqual(['true', 'true', 'true']);
    await waitFor(() => expect(screen.getAllByRole('table')).toHaveLength(3));
    await waitFor(() => expect(listRequests(requests)).toHaveLength(3));
    expect(listRequests(requests).map((r) => r.url.searchParams.get('q'))).toEqual([
      'service:"Web"',
      'service:"Shop"',
      'NOT _exists_:service',
    ]);

    await user.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(toggles.map((button) => button.getAttribute('aria-expanded'))).toEqual(['false', 'false', 'false']);
    expect(screen.queryAllByRole('table')).toEqual([]);
  });

  it('opens a top group of two levels on its sub-groups, each opening on its alerts', async () => {
    const requests = recordRequests();
    alertsScenario.list([makeAlert({ resource: 'web01' })]);
    const sub = (key: string) => group(key, { major: 1 }, `service:"Web" AND resource:"${key}"`);
    groupedServer((url) => {
      const parent = url.searchParams.get('parent');
      if (parent === null) {
        return answer([{ ...WEB, subgroups: [sub('web01'), sub('web02')], subgroupTotal: 3 }], {
          groupBy: ['service', 'resource'],
          multiValued: [true, false],
        });
      }
      return answer([{ ...WEB, subgroups: [sub('web01'), sub('web02'), sub('web03')], subgroupTotal: 3 }], {
        groupBy: ['service', 'resource'],
        multiValued: [true, false],
      });
    });
    const { user } = renderApp('/alerts#gb:service,resource;gs:name', { token: makeToken() });
    const [first] = groupedRequests(await waitForGrouped(requests));
    expect(first?.url.searchParams.getAll('group-by')).toEqual(['service', 'resource']);
    expect(first?.url.searchParams.get('group-sort')).toBe('name');
    expect(first?.url.searchParams.get('sub-page-size')).toBe('10');

    await user.click(await toggle('Web: 3 alerts'));
    const subgroups = screen.getByRole('list', { name: 'Groups in Web' });
    const named = (button: HTMLElement) => button.getAttribute('aria-label');
    expect(
      within(subgroups)
        .getAllByRole('button', { name: /: \d+ alerts?$/ })
        .map(named),
    ).toEqual(['web01: 1 alert', 'web02: 1 alert']);
    expect(within(subgroups).getAllByRole('heading', { level: 3 })).toHaveLength(2);
    // Opening a top group lists no alerts: its sub-groups do.
    expect(listRequests(requests)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Show more groups in Web' }));
    await within(subgroups).findByRole('button', { name: 'web03: 1 alert' });
    const more = groupedRequests(requests).at(-1);
    expect(more?.url.searchParams.get('parent')).toBe('Web');
    expect(more?.url.searchParams.get('page-size')).toBe('30');

    await user.click(within(subgroups).getByRole('button', { name: 'web02: 1 alert' }));
    await screen.findByRole('table', { name: 'Alerts in Web › web02' });
    expect(listRequests(requests).at(-1)?.url.searchParams.get('q')).toBe('service:"Web" AND resource:"web02"');
  });

  it('restores the grouping a saved search was saved with, and saves the grouping with a search', async () => {
    const requests = recordRequests();
    alertsScenario.list([]);
    groupedServer(() => answer([WEB]));
    meScenario.attributes({
      prefs: { rowsPerPage: 20 },
      queries: [
        { text: 'By service', q: 'resource:web*', groupBy: ['service'], groupSort: 'count' },
        { text: 'Flat', q: 'resource:db*' },
      ],
    });
    const { user, location } = renderApp('/alerts', { token: makeToken() });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await user.click(await within(nav).findByRole('button', { name: 'Saved searches' }));
    await user.click(within(nav).getByRole('link', { name: 'By service' }));
    await waitFor(() => expect(location().hash).toContain('gb:service;gs:count'));
    expect(location().search).toBe('?q=resource%3Aweb*');
    const request = await requests.next({ path: '/alerts/grouped' });
    expect(request.url.searchParams.get('group-sort')).toBe('count');
    await toggle('Web: 3 alerts');
    expect(within(nav).getByRole('link', { name: 'By service' })).toHaveAttribute('data-active');

    // A search saved without grouping shows the flat list.
    await user.click(within(nav).getByRole('link', { name: 'Flat' }));
    await waitFor(() => expect(location().hash).not.toContain('gb:'));
    expect(await screen.findByRole('table', { name: 'Alert list' })).toBeInTheDocument();

    // Saving while grouped keeps the grouping with the search.
    await user.click(within(nav).getByRole('link', { name: 'By service' }));
    await toggle('Web: 3 alerts');
    await user.click(screen.getByRole('button', { name: 'Save this search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save search' });
    expect(within(dialog).getByText('Grouped by Service')).toBeInTheDocument();
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'Web by service');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const put = await requests.next({ method: 'PUT', path: '/user/me/attributes' });
    expect(put.body).toEqual({
      attributes: {
        queries: [
          { text: 'By service', q: 'resource:web*', groupBy: ['service'], groupSort: 'count' },
          { text: 'Flat', q: 'resource:db*' },
          { text: 'Web by service', q: 'resource:web*', groupBy: ['service'], groupSort: 'count' },
        ],
      },
    });
  });

  it('groups the loaded page in the browser on a server without grouping, and says so', async () => {
    const requests = recordRequests();
    alertsScenario.list([
      makeAlert({ resource: 'web01', service: ['Web', 'Shop'], severity: 'critical' }),
      makeAlert({ resource: 'web02', service: ['Web'], severity: 'major' }),
      makeAlert({ resource: 'lonely', service: [], severity: 'minor' }),
    ]);
    groupedServer(() => HttpResponse.json(errorEnvelope(404, 'The requested URL was not found'), { status: 404 }));
    const { user } = renderApp('/alerts#gb:service', { token: makeToken() });

    expect(await screen.findByText(/the groups below cover only the alerts of the loaded page/)).toBeInTheDocument();
    // The missing route is no failure to report.
    expect(screen.queryByText(/requested URL was not found/)).not.toBeInTheDocument();
    const web = await toggle('Web: 2 alerts');
    expect(within(web.closest('li')!).getByText('Critical 1')).toBeInTheDocument();
    expect(within(web.closest('li')!).getByText('Major 1')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /: \d+ alerts?$/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Web: 2 alerts',
      'Shop: 1 alert',
      '(none): 1 alert',
    ]);
    // The flat list's pager still pages through the alerts.
    expect(screen.getByText('1–3 of 3')).toBeInTheDocument();

    const loads = listRequests(requests).length;
    await user.click(web);
    const table = await screen.findByRole('table', { name: 'Alerts in Web' });
    expect(within(table).getAllByRole('row', { name: /web0/ })).toHaveLength(2);
    // The group's alerts are those of the page: nothing more is asked for.
    expect(listRequests(requests)).toHaveLength(loads);

    // Found once: a refresh, or grouping again, does not ask the missing route again.
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(listRequests(requests).length).toBeGreaterThan(loads));
    await user.click(screen.getByRole('button', { name: 'Group by (on)' }));
    const form = await screen.findByRole('dialog', { name: 'Group by (on)' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Group by' }), 'resource');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    await toggle('lonely: 1 alert');
    expect(groupedRequests(requests)).toHaveLength(1);
  });

  it('draws nothing again when a refresh brings the same groups and alerts', async () => {
    alertsScenario.list([makeAlert({ resource: 'steady' })]);
    groupedServer(() => answer([WEB, NONE]));
    let commits = 0;
    const { user, context } = renderApp('/alerts#gb:service', {
      token: makeToken(),
      config: { columns: ['severity', 'resource'] },
      onCommit: () => (commits += 1),
    });
    await user.click(await toggle('Web: 3 alerts'));
    await screen.findByRole('row', { name: /steady/ });
    const reload = () => context.queryClient.refetchQueries({ queryKey: queryKeys.alerts.all, type: 'active' });
    await reload();
    await observersTold();
    const settled = commits;
    await reload();
    await reload();
    await observersTold();
    expect(commits).toBe(settled);
  });

  it('reloads the groups and the open groups with the list: on its timer and when the live stream says so', async () => {
    const requests = recordRequests();
    alertsScenario.list([makeAlert({ id: 'a-1', resource: 'web01' })]);
    groupedServer(() => answer([WEB]));
    const stream = liveStream();
    server.use(stream.handler);
    const { user } = renderApp('/alerts#gb:service', {
      token: makeToken(),
      config: { stream: { path: '/alerts/stream' }, refresh_interval: 60_000 },
    });
    await user.click(await toggle('Web: 3 alerts'));
    await screen.findByRole('row', { name: /web01/ });
    await stream.connection(1);
    stream.hello('1');
    await screen.findByRole('status', { name: /^Live: changes show/ });
    // A stream opened from now reads everything shown again first.
    await waitFor(() => expect(groupedRequests(requests)).toHaveLength(2));
    await waitFor(() => expect(listRequests(requests)).toHaveLength(2));
    const before = { groups: groupedRequests(requests).length, alerts: listRequests(requests).length };

    stream.event('alerts', '2', { changes: [alertChange('a-1')] });
    await waitFor(() => expect(groupedRequests(requests).length).toBeGreaterThan(before.groups));
    await waitFor(() => expect(listRequests(requests).length).toBeGreaterThan(before.alerts));
    expect(listRequests(requests).at(-1)?.url.searchParams.get('q')).toBe('service:"Web"');
  });

  it('says when the server cannot group by a field', async () => {
    alertsScenario.list([]);
    groupedServer(() =>
      HttpResponse.json(errorEnvelope(400, "Grouping by 'text' field not supported."), { status: 400 }),
    );
    renderApp('/alerts#gb:attribute.region', { token: makeToken() });
    const title = await screen.findByText('The groups could not be loaded.');
    expect(title.closest('.mantine-Alert-root')).toHaveTextContent("Grouping by 'text' field not supported.");
  });
});

describe('group actions', () => {
  // docs/console/alert-screens.md#group-actions
  const menu = async (user: ReturnType<typeof renderApp>['user'], group: string) => {
    await user.click(await screen.findByRole('button', { name: `Actions for ${group}` }));
    return screen.findByRole('menu');
  };

  it("selects a group's alerts, which the bulk bar then acts on", async () => {
    const requests = recordRequests();
    alertsScenario.list([makeAlert({ id: 'a-1', resource: 'web01' }), makeAlert({ id: 'a-2', resource: 'web02' })]);
    groupedServer(() => answer([WEB]));
    const { user } = renderApp('/alerts?q=resource%3Aweb*#gb:service', { token: makeToken() });
    await toggle('Web: 3 alerts');

    await user.click(await within(await menu(user, 'Web')).findByRole('menuitem', { name: 'Select its 3 alerts' }));
    expect(await screen.findByText('2 selected')).toBeInTheDocument();
    const read = listRequests(requests).at(-1);
    expect(read?.url.searchParams.get('q')).toBe('(resource:web*) AND (service:"Web")');
    expect(read?.url.searchParams.get('page-size')).toBe('1000');

    await user.click(screen.getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'PUT').map((r) => r.url.pathname)).toEqual([
        '/alert/a-1/action',
        '/alert/a-2/action',
      ]),
    );
    expect(await screen.findByText('2 alerts acknowledged')).toBeInTheDocument();
  });

  /**
   * PUT /_bulk/alerts/action as our server answers it (docs/api/alerts.md#bulk-changes): it changes the stored alerts
   * of these ids to `status`, and its answer lists them.
   */
  function bulkServer(ids: readonly string[], status: Alert['status']) {
    server.use(
      http.put(`${API}/_bulk/alerts/action`, () => {
        alertsScenario.list(alertsScenario.alerts().map((a) => (ids.includes(a.id) ? { ...a, status } : a)));
        return HttpResponse.json({ status: 'ok', updated: ids, count: ids.length });
      }),
    );
  }
  const statuses = () => Object.fromEntries(alertsScenario.alerts().map((a) => [a.id, a.status]));
  const actionsSent = (requests: RecordedRequest[]) =>
    requests
      .filter((r) => r.method === 'PUT')
      .map((r) => [r.url.pathname, (r.body as { action?: string }).action] as const);

  it("acknowledges a group in one bulk request with the group's query, and Undo reverses exactly the ids changed", async () => {
    const requests = recordRequests();
    meScenario.prefs({ ackTimeout: 7200 });
    alertsScenario.list([
      makeAlert({ id: 'a-1', resource: 'web01', status: 'open' }),
      makeAlert({ id: 'a-2', resource: 'web02', status: 'ack' }),
      makeAlert({ id: 'a-3', resource: 'web03', status: 'open' }),
      makeAlert({ id: 'b-1', resource: 'db01', status: 'open' }),
    ]);
    groupedServer(() => answer([WEB]));
    // The server changes the group's open alerts and leaves out the one already acknowledged.
    bulkServer(['a-1', 'a-3'], 'ack');
    const { user } = renderApp('/alerts?q=resource%3Aweb*#environment:Production;gb:service', {
      token: makeToken(),
    });
    await user.click(await within(await menu(user, 'Web')).findByRole('menuitem', { name: 'Acknowledge all' }));

    const status = screen.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('2 alerts acknowledged'));
    const [bulk, ...others] = requests.filter((r) => r.method === 'PUT');
    expect(others).toEqual([]);
    expect(bulk?.url.pathname).toBe('/_bulk/alerts/action');
    expect(bulk?.body).toEqual({ action: 'ack', text: '', timeout: 7200 });
    const query = bulk?.url.searchParams;
    expect(query?.get('q')).toBe('(resource:web*) AND (service:"Web")');
    expect(query?.get('environment')).toBe('Production');
    expect(query?.getAll('status')).toEqual(['open', 'ack']);
    // The whole group, not a page of it: no paging and no order.
    expect([...(query?.keys() ?? [])].sort()).toEqual(['environment', 'q', 'status', 'status']);
    // Nothing was read first: the server chose the alerts.
    expect(listRequests(requests).filter((r) => r.url.searchParams.get('page-size') === '1000')).toEqual([]);

    await user.click(within(status).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(status).toHaveTextContent('Undone for 2 alerts'));
    expect(actionsSent(requests).slice(1)).toEqual([
      ['/alert/a-1/action', 'unack'],
      ['/alert/a-3/action', 'unack'],
    ]);
    expect(statuses()).toEqual({ 'a-1': 'open', 'a-2': 'ack', 'a-3': 'open', 'b-1': 'open' });
  });

  it('says so when the bulk request changes no alert of the group, and reports a refusal', async () => {
    const requests = recordRequests();
    alertsScenario.list([makeAlert({ id: 'a-1', status: 'closed' })]);
    groupedServer(() => answer([WEB]));
    bulkServer([], 'closed');
    const { user } = renderApp('/alerts#gb:service', { token: makeToken() });
    await user.click(await within(await menu(user, 'Web')).findByRole('menuitem', { name: 'Close all' }));
    const status = screen.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('No alert of the group allows this action.'));
    expect(within(status).queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    expect(actionsSent(requests)).toEqual([['/_bulk/alerts/action', 'close']]);
    // Only ack and shelve carry a timeout (docs/console/behaviour.md#states-and-actions).
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ action: 'close', text: '' });
    await user.click(within(status).getByRole('button'));

    server.use(
      http.put(`${API}/_bulk/alerts/action`, () =>
        HttpResponse.json(errorEnvelope(403, 'Missing required scope: write:alerts'), { status: 403 }),
      ),
    );
    await user.click(await within(await menu(user, 'Web')).findByRole('menuitem', { name: 'Shelve all' }));
    await waitFor(() => expect(status).toHaveTextContent('Missing required scope: write:alerts'));
    expect(alertsScenario.alerts().map((a) => a.status)).toEqual(['closed']);
  });

  it('acts on each alert of a group on a server without grouping (a stock Alerta), with one Undo for them all', async () => {
    const requests = recordRequests();
    alertsScenario.list([
      makeAlert({ id: 'a-1', resource: 'web01', service: ['Web'], status: 'open' }),
      makeAlert({ id: 'a-2', resource: 'web02', service: ['Web'], status: 'ack' }),
      makeAlert({ id: 'a-3', resource: 'web03', service: ['Web'], status: 'open' }),
      makeAlert({ id: 'b-1', resource: 'db01', service: ['Db'], status: 'open' }),
    ]);
    groupedServer(() => HttpResponse.json(errorEnvelope(404, 'The requested URL was not found'), { status: 404 }));
    const { user } = renderApp('/alerts#gb:service', { token: makeToken() });
    await screen.findByText(/the groups below cover only the alerts of the loaded page/);
    await user.click(await within(await menu(user, 'Web')).findByRole('menuitem', { name: 'Acknowledge all' }));

    const status = screen.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('2 alerts acknowledged'));
    expect(actionsSent(requests)).toEqual([
      ['/alert/a-1/action', 'ack'],
      ['/alert/a-3/action', 'ack'],
    ]);
    expect(statuses()).toEqual({ 'a-1': 'ack', 'a-2': 'ack', 'a-3': 'ack', 'b-1': 'open' });

    await user.click(within(status).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(status).toHaveTextContent('Undone for 2 alerts'));
    expect(statuses()).toEqual({ 'a-1': 'open', 'a-2': 'ack', 'a-3': 'open', 'b-1': 'open' });
  });

  it('offers no status actions to a user who may not change alerts', async () => {
    alertsScenario.list([makeAlert()]);
    groupedServer(() => answer([WEB]));
    const { user } = renderApp('/alerts#gb:service', { token: makeToken({ scope: 'read' }) });
    const items = await within(await menu(user, 'Web')).findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Show only this group', 'Select its 3 alerts']);
  });

  it("shows only a group: its query's clauses join the search, each a chip", async () => {
    alertsScenario.list([]);
    const web = group('Web', { major: 1 }, 'service:["Web" TO "Web"]');
    groupedServer(() => answer([web]));
    const { user, location } = renderApp('/alerts?q=disk#gb:service', { token: makeToken() });
    await user.click(await within(await menu(user, 'Web')).findByRole('menuitem', { name: 'Show only this group' }));
    await waitFor(() =>
      expect(new URLSearchParams(location().search).get('q')).toBe('disk AND service:["Web" TO "Web"]'),
    );
    expect(location().hash).toContain('gb:service');
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(within(chips).getByText('Search: disk')).toBeInTheDocument();
    expect(within(chips).getByText('Service: Web')).toBeInTheDocument();
  });

  it("opens a new blackout prefilled from a sub-group's key and its parent's", async () => {
    alertsScenario.list([]);
    alertsScenario.count(4);
    const sub = group('web01', { major: 1 }, 'service:["Web" TO "Web"] AND resource:["web01" TO "web01"]');
    groupedServer(() =>
      answer([{ ...WEB, subgroups: [sub], subgroupTotal: 1 }], {
        groupBy: ['service', 'resource'],
        multiValued: [true, false],
      }),
    );
    const { user } = renderApp('/alerts#environment:Production;gb:service,resource', {
      token: makeToken({ scope: 'admin read write' }),
    });
    await user.click(await toggle('Web: 3 alerts'));
    await user.click(
      await within(await menu(user, 'Web › web01')).findByRole('menuitem', { name: 'Blackout for this group…' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'New blackout' }, { timeout: 15_000 });
    expect(within(dialog).getByRole('combobox', { name: /Environment/ })).toHaveValue('Production');
    expect(within(dialog).getByRole('textbox', { name: /Resource/ })).toHaveValue('web01');
    expect(within(dialog).getByRole('textbox', { name: /Event/ })).toHaveValue('');
    expect(within(dialog).getByText('Web')).toBeInTheDocument();
  });
});

/** Waits for the first GET /alerts/grouped and gives back the requests so far. */
async function waitForGrouped(requests: ReturnType<typeof recordRequests>) {
  await requests.nth(1, { path: '/alerts/grouped' });
  return requests;
}
