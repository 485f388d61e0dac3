import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorEnvelope, makeAlert, makeToken } from '../../../test/fixtures';
import { alertsScenario } from '../../../test/mocks';
import { renderApp } from '../../../test/renderApp';
import { recordRequests, type RecordedRequest } from '../../../test/server';

// docs/console/alert-screens.md#facets

const facetRequests = (requests: RecordedRequest[]) => requests.filter((r) => r.url.pathname === '/alerts/facets');
const listRequests = (requests: RecordedRequest[]) => requests.filter((r) => r.url.pathname === '/alerts');

const ALERTS = [
  makeAlert({ resource: 'web01', event: 'NodeDown', service: ['Web'], tags: ['eu'], origin: '' }),
  makeAlert({ resource: 'web01', event: 'DiskFull', service: ['Web', 'Shop'], tags: [] }),
  makeAlert({ resource: 'web02', event: 'NodeDown', service: ['Web'], tags: ['eu', 'linux'] }),
];

const panel = () => screen.findByRole('complementary', { name: 'Facets' });
const section = async (name: string) => within(await panel()).findByRole('region', { name });

describe('facets panel', () => {
  it('opens from the toolbar, kept in the address, and lists the counts of the fields under the filter', async () => {
    const requests = recordRequests();
    alertsScenario.list(ALERTS);
    const { user, location } = renderApp('/alerts?q=event:Node*#environment:Production', { token: makeToken() });
    await screen.findByRole('row', { name: /web02/ });
    // Closed at first: nothing is asked for.
    expect(facetRequests(requests)).toEqual([]);
    const button = screen.getByRole('button', { name: 'Facets' });
    expect(button).toHaveAttribute('aria-pressed', 'false');

    await user.click(button);
    await waitFor(() => expect(location().hash).toContain(';fp:1'));
    expect(button).toHaveAttribute('aria-pressed', 'true');
    const resource = await section('Resource');
    expect(within(resource).getByRole('button', { name: 'web01 (2)' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(resource).getByRole('button', { name: 'web02 (1)' })).toBeInTheDocument();
    const tags = await section('Tags');
    expect(within(tags).getByRole('button', { name: 'eu (2)' })).toBeInTheDocument();
    expect(within(tags).getByRole('button', { name: '(none) (1)' })).toBeInTheDocument();
    const request = facetRequests(requests)[0];
    expect(request?.url.searchParams.get('q')).toBe('event:Node*');
    expect(request?.url.searchParams.get('environment')).toBe('Production');
    expect(request?.url.searchParams.getAll('status')).toEqual(['open', 'ack']);
    expect(request?.url.searchParams.getAll('fields')).toEqual([
      'environment',
      'service',
      'resource',
      'event',
      'group',
      'origin',
      'tag',
    ]);
    expect(request?.url.searchParams.get('limit')).toBe('10');

    await user.click(within(await panel()).getByRole('button', { name: 'Close facets' }));
    await waitFor(() => expect(location().hash).not.toContain('fp:'));
    expect(screen.queryByRole('complementary', { name: 'Facets' })).not.toBeInTheDocument();
  });

  it('filters to a value on click and leaves one out on Alt-click or its own button, each a chip', async () => {
    const requests = recordRequests();
    alertsScenario.list(ALERTS);
    const { user, location } = renderApp('/alerts#fp:1', { token: makeToken() });
    const resource = await section('Resource');

    await user.click(within(resource).getByRole('button', { name: 'web01 (2)' }));
    await waitFor(() => expect(new URLSearchParams(location().search).get('q')).toBe('resource:["web01" TO "web01"]'));
    await waitFor(() =>
      expect(listRequests(requests).at(-1)?.url.searchParams.get('q')).toBe('resource:["web01" TO "web01"]'),
    );
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(within(chips).getByText('Resource: web01')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(resource).getByRole('button', { name: 'web01 (2)' })).toHaveAttribute('aria-pressed', 'true'),
    );

    // Alt-click leaves a value out.
    const tags = await section('Tags');
    await user.keyboard('[AltLeft>]');
    await user.click(within(tags).getByRole('button', { name: 'linux (1)' }));
    await user.keyboard('[/AltLeft]');
    await waitFor(() =>
      expect(new URLSearchParams(location().search).get('q')).toBe(
        'resource:["web01" TO "web01"] AND NOT tags:["linux" TO "linux"]',
      ),
    );
    expect(within(chips).getByText('Tags: not linux')).toBeInTheDocument();

    // The second button leaves out the alerts without a value.
    const origin = await section('Origin');
    await user.click(within(origin).getByRole('button', { name: 'Leave out Origin (none)' }));
    await waitFor(() => expect(new URLSearchParams(location().search).get('q')).toContain('AND origin:{"" TO *]'));
    expect(within(chips).getByText('Origin: any value')).toBeInTheDocument();
    expect(within(origin).getByRole('button', { name: 'Leave out Origin (none)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // A chip removes its clause alone.
    await user.click(within(chips).getByRole('button', { name: 'Remove filter Resource: web01' }));
    await waitFor(() =>
      expect(new URLSearchParams(location().search).get('q')).toBe(
        'NOT tags:["linux" TO "linux"] AND origin:{"" TO *]',
      ),
    );
    // A second click on a value filtered on takes it off.
    await user.click(within(await section('Tags')).getByRole('button', { name: 'Leave out Tags linux' }));
    await waitFor(() => expect(new URLSearchParams(location().search).get('q')).toBe('origin:{"" TO *]'));
  });

  it('reloads its counts with the list', async () => {
    const requests = recordRequests();
    alertsScenario.list(ALERTS);
    const { user } = renderApp('/alerts#fp:1', { token: makeToken() });
    await section('Resource');
    const before = facetRequests(requests).length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(facetRequests(requests).length).toBeGreaterThan(before));
  });

  it('is hidden, button and all, on a server without the facets route', async () => {
    alertsScenario.list(ALERTS);
    alertsScenario.facets(() =>
      HttpResponse.json(errorEnvelope(404, 'The requested URL was not found'), { status: 404 }),
    );
    renderApp('/alerts#fp:1', { token: makeToken() });
    expect(
      await screen.findByText('This server does not count facets, so the facets panel is not available.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Facets' })).not.toBeInTheDocument());
    expect(screen.queryByRole('complementary', { name: 'Facets' })).not.toBeInTheDocument();
    expect(screen.queryByText(/requested URL was not found/)).not.toBeInTheDocument();
  });
});
