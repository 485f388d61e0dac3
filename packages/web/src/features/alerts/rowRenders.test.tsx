import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { API, alertsResponse, makeAlert, makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { server } from '../../test/server';

// Counts how often each row draws its severity badge, i.e. how often each row renders.
const badgeRenders = vi.hoisted(() => new Map<string, number>());
vi.mock('./SeverityBadge', () => ({
  SeverityBadge: ({ severity }: { severity: string }) => {
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
});
