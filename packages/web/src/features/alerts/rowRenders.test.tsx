import { notifyManager } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../api/queryKeys';
import { makeAlert, makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { recordRequests } from '../../test/server';
import { alertsScenario, liveStream } from '../../test/mocks';
import { server } from '../../test/server';

// Counts how often each row draws its severity badge (by the severity's word), i.e. how often each row renders.
const badgeRenders = vi.hoisted(() => new Map<string, number>());
vi.mock('../../shared/SeverityBadge', () => ({
  severityBadge: (severity: string) => {
    badgeRenders.set(severity, (badgeRenders.get(severity) ?? 0) + 1);
    return <span>{severity}</span>;
  },
}));

/**
 * Resolves once TanStack Query has told its observers about everything that happened so far (it tells them on a later
 * task, in order), and React has committed what they asked for: after it, a commit that was coming has happened.
 */
const observersTold = () => act(() => new Promise<void>((resolve) => notifyManager.schedule(resolve)));

describe('alert rows on refresh', () => {
  it('re-renders only the rows whose alert changed', async () => {
    const steady = makeAlert({ resource: 'steady', severity: 'critical' });
    const moving = makeAlert({ resource: 'moving', severity: 'major' });
    // Every answer is a fresh copy, as from the network.
    alertsScenario.list([steady, moving]);
    const { user } = renderApp('/alerts', { token: makeToken(), config: { columns: ['severity', 'resource'] } });
    await screen.findByRole('row', { name: /moving/ });
    const before = { steady: badgeRenders.get('Critical'), moving: badgeRenders.get('Major') };

    alertsScenario.list([steady, { ...moving, lastReceiveTime: '2026-11-20T11:00:00.000Z', duplicateCount: 9 }]);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(badgeRenders.get('Major')).toBeGreaterThan(before.moving ?? 0));
    expect(badgeRenders.get('Critical')).toBe(before.steady);
  });

  it('re-renders only the rows whose alert changed when the live stream brings the change', async () => {
    const steady = makeAlert({ resource: 'steady', severity: 'critical' });
    const moving = makeAlert({ resource: 'moving', severity: 'major' });
    alertsScenario.list([steady, moving]);
    const stream = liveStream();
    server.use(stream.handler);
    renderApp('/alerts', {
      token: makeToken(),
      config: { columns: ['severity', 'resource'], stream: { path: '/alerts/stream' } },
    });
    await screen.findByRole('row', { name: /moving/ });
    await stream.connection(1);
    stream.hello('1');
    await screen.findByRole('status', { name: /^Live: changes show/ });
    // The read that follows a stream opened from now brings the same answer.
    await waitFor(() => expect(alertsScenario.served()).toBe(2));
    await observersTold();
    const before = { steady: badgeRenders.get('Critical'), moving: badgeRenders.get('Major') };

    alertsScenario.list([steady, { ...moving, lastReceiveTime: '2026-11-20T11:00:00.000Z', duplicateCount: 9 }]);
    stream.event('alerts', '2', {
      changes: [
        {
          op: 'changed',
          id: moving.id,
          environment: moving.environment,
          severity: moving.severity,
          status: moving.status,
          lastReceiveTime: '2026-11-20T11:00:00.000Z',
          updateTime: null,
          repeat: true,
        },
      ],
    });
    await waitFor(() => expect(badgeRenders.get('Major')).toBeGreaterThan(before.moving ?? 0));
    expect(badgeRenders.get('Critical')).toBe(before.steady);
  });

  it('commits nothing when a refresh brings the same answer', async () => {
    const alerts = [makeAlert({ resource: 'steady', severity: 'critical' }), makeAlert({ resource: 'other' })];
    alertsScenario.list(alerts);
    let commits = 0;
    // No countdown or age column: those tick every second by design.
    const { context } = renderApp('/alerts', {
      token: makeToken(),
      config: { columns: ['severity', 'resource'] },
      onCommit: () => (commits += 1),
    });
    await screen.findByRole('row', { name: /steady/ });
    const reload = () => context.queryClient.refetchQueries({ queryKey: queryKeys.alerts.all, type: 'active' });
    await reload();
    await observersTold();
    const settled = commits;

    await reload();
    await reload();
    await observersTold();
    expect(commits).toBe(settled);

    // The same reload with a changed alert does reach the screen.
    alertsScenario.list([{ ...alerts[0]!, text: 'changed text' }, alerts[1]!]);
    await reload();
    await waitFor(() => expect(commits).toBeGreaterThan(settled));
  });

  it('asks again with the entity tag and keeps the page when the server answers 304', async () => {
    const alerts = [makeAlert({ resource: 'tagged' })];
    alertsScenario.list(alerts);
    alertsScenario.withEntityTags();
    const firstTag = alertsScenario.entityTag();
    const requests = recordRequests();
    const asked = () => requests.filter((r) => r.url.pathname === '/alerts').map((r) => r.headers.get('If-None-Match'));
    let commits = 0;
    const { context } = renderApp('/alerts', {
      token: makeToken(),
      config: { columns: ['resource', 'text'] },
      onCommit: () => (commits += 1),
    });
    await screen.findByRole('row', { name: /tagged/ });
    const reload = () => context.queryClient.refetchQueries({ queryKey: queryKeys.alerts.lists, type: 'active' });
    await reload();
    await observersTold();
    const settled = commits;
    await reload();
    await observersTold();
    expect(commits).toBe(settled);
    await requests.nth(3, { path: '/alerts' });
    expect(asked()).toEqual([null, firstTag, firstTag]);

    alertsScenario.list([{ ...alerts[0]!, text: 'second version' }]);
    await reload();
    await screen.findByRole('row', { name: /second version/ });
    expect(asked().at(-1)).toBe(firstTag);
  });
});
