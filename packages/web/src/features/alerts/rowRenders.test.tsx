import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { API, alertsResponse, makeAlert, makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { server } from '../../test/server';

// Counts how often each row draws its severity badge, i.e. how often each row renders.
const badgeRenders = vi.hoisted(() => new Map<string, number>());
vi.mock('../../shared/SeverityBadge', () => ({
  severityBadge: (severity: string) => {
    badgeRenders.set(severity, (badgeRenders.get(severity) ?? 0) + 1);
    return <span>{severity}</span>;
  },
}));

describe('alert rows on refresh', () => {
  it('re-renders only the rows whose alert changed', async () => {
    const steady = makeAlert({ resource: 'steady', severity: 'critical' });
    const moving = makeAlert({ resource: 'moving', severity: 'major' });
    let answer = [steady, moving];
    server.use(
      // Every answer is a fresh copy, as from the network.
      http.get(`${API}/alerts`, () => HttpResponse.json(alertsResponse(structuredClone(answer)))),
    );
    const { user } = renderApp('/alerts', { token: makeToken(), config: { columns: ['severity', 'resource'] } });
    await screen.findByRole('row', { name: /moving/ });
    const before = { steady: badgeRenders.get('critical'), moving: badgeRenders.get('major') };

    answer = [steady, { ...moving, lastReceiveTime: '2026-11-20T11:00:00.000Z', duplicateCount: 9 }];
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(badgeRenders.get('major')).toBeGreaterThan(before.moving ?? 0));
    expect(badgeRenders.get('critical')).toBe(before.steady);
  });

  it('commits nothing when a refresh brings the same answer', async () => {
    const alerts = [makeAlert({ resource: 'steady', severity: 'critical' }), makeAlert({ resource: 'other' })];
    let answer = alerts;
    server.use(http.get(`${API}/alerts`, () => HttpResponse.json(alertsResponse(structuredClone(answer)))));
    let commits = 0;
    // No countdown or age column: those tick every second by design.
    const { context } = renderApp('/alerts', {
      token: makeToken(),
      config: { columns: ['severity', 'resource'] },
      onCommit: () => (commits += 1),
    });
    await screen.findByRole('row', { name: /steady/ });
    const reload = () => context.queryClient.refetchQueries({ queryKey: ['alerts'], type: 'active' });
    await reload();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const settled = commits;

    await reload();
    await reload();
    // TanStack Query tells its observers on a later task; give React that and its commit.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(commits).toBe(settled);

    // The same reload with a changed alert does reach the screen.
    answer = [{ ...alerts[0]!, text: 'changed text' }, alerts[1]!];
    await reload();
    await waitFor(() => expect(commits).toBeGreaterThan(settled));
  });

  it('asks again with the entity tag and keeps the page when the server answers 304', async () => {
    const alerts = [makeAlert({ resource: 'tagged' })];
    let version = 1;
    const asked: (string | null)[] = [];
    server.use(
      http.get(`${API}/alerts`, ({ request }) => {
        asked.push(request.headers.get('If-None-Match'));
        const etag = `"page-${version}"`;
        if (request.headers.get('If-None-Match') === etag) return new HttpResponse(null, { status: 304 });
        const answer = version === 1 ? alerts : [{ ...alerts[0]!, text: 'second version' }];
        return HttpResponse.json(alertsResponse(structuredClone(answer)), { headers: { ETag: etag } });
      }),
    );
    let commits = 0;
    const { context } = renderApp('/alerts', {
      token: makeToken(),
      config: { columns: ['resource', 'text'] },
      onCommit: () => (commits += 1),
    });
    await screen.findByRole('row', { name: /tagged/ });
    const reload = () => context.queryClient.refetchQueries({ queryKey: ['alerts', 'list'], type: 'active' });
    await reload();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const settled = commits;
    await reload();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(commits).toBe(settled);
    expect(asked).toEqual([null, '"page-1"', '"page-1"']);

    version = 2;
    await reload();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    await screen.findByRole('row', { name: /second version/ });
    expect(asked.at(-1)).toBe('"page-1"');
  });
});
