import { notifyManager } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../api/queryKeys';
import type * as EnumLabels from '../../../i18n/enumLabels';
import { API, groupedAnswer, makeGroup, makeToken } from '../../../test/fixtures';
import { alertsScenario } from '../../../test/mocks';
import { renderApp } from '../../../test/renderApp';
import { server } from '../../../test/server';

// docs/console/alert-screens.md#grouped-view: a refresh redraws only the groups whose counts changed.

// Counts how often each severity is put into words. With every group closed, only the group headers' severity chips
// do that, so it counts how often the header of a group with that severity renders.
const labelled = vi.hoisted(() => new Map<string, number>());
vi.mock('../../../i18n/enumLabels', async (importOriginal) => {
  const original = await importOriginal<typeof EnumLabels>();
  return {
    ...original,
    severityLabel: (...args: Parameters<typeof original.severityLabel>) => {
      labelled.set(args[1], (labelled.get(args[1]) ?? 0) + 1);
      return original.severityLabel(...args);
    },
  };
});

/** After it, every commit TanStack Query's observers asked for has happened (see rowRenders.test.tsx). */
const observersTold = () => act(() => new Promise<void>((resolve) => notifyManager.schedule(resolve)));

const group = (key: string, severity: string, count: number) =>
  makeGroup(key, { [severity]: count }, `service:"${key}"`);

describe('group headers on refresh', () => {
  it('re-renders only the group whose counts changed', async () => {
    let groups = [group('Web', 'critical', 1), group('Db', 'major', 2)];
    alertsScenario.list([]);
    server.use(
      http.get(`${API}/alerts/grouped`, () =>
        // A fresh copy each time, as from the network.
        HttpResponse.json(groupedAnswer(structuredClone(groups))),
      ),
    );
    const { context } = renderApp('/alerts#gb:service', { token: makeToken() });
    await screen.findByRole('button', { name: 'Db: 2 alerts' });
    const reload = () => context.queryClient.refetchQueries({ queryKey: queryKeys.alerts.all, type: 'active' });
    await reload();
    await observersTold();
    const before = { critical: labelled.get('critical') ?? 0, major: labelled.get('major') ?? 0 };
    expect(before.critical).toBeGreaterThan(0);

    groups = [group('Web', 'critical', 1), group('Db', 'major', 3)];
    await reload();
    await screen.findByRole('button', { name: 'Db: 3 alerts' });
    await observersTold();
    expect(labelled.get('major')).toBeGreaterThan(before.major);
    expect(labelled.get('critical')).toBe(before.critical);
  });
});
