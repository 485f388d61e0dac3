import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../api/queryKeys';
import { API, makeToken, OPEN_ALERTS_FILTER } from '../../../test/fixtures';
import { recordRequests, server } from '../../../test/server';
import { ResponseShapeError } from '../../../api';
import { hookProviders } from '../hookTestProviders';
import { firstGroupsParams, useGroupsPrefetch } from './useGroupsPrefetch';

// docs/console/alert-screens.md#grouped-view: the list screen asks for the first groups itself.

const filter = OPEN_ALERTS_FILTER;
const GROUPS = {
  status: 'ok',
  groupBy: ['service'],
  groupSort: 'severity',
  total: 0,
  page: 1,
  pageSize: 20,
  pages: 1,
  more: false,
  multiValued: [true],
  groups: [],
};

const groupedAsked = (requests: { url: URL }[]) => requests.filter((r) => r.url.pathname === '/alerts/grouped');

describe('useGroupsPrefetch', () => {
  it("asks for the first groups under the grouped view's own key, once", async () => {
    const requests = recordRequests();
    server.use(http.get(`${API}/alerts/grouped`, () => HttpResponse.json(GROUPS)));
    const { context, wrapper } = hookProviders({ token: makeToken() });
    const groupBy = ['service'];
    const { rerender } = renderHook(() => useGroupsPrefetch(filter, groupBy, null), { wrapper });
    const key = queryKeys.alerts.groups(firstGroupsParams(filter, groupBy, null));
    await waitFor(() => expect(context.queryClient.getQueryData(key)).toMatchObject({ total: 0 }));
    rerender();
    const asked = groupedAsked(requests);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.url.searchParams.getAll('group-by')).toEqual(['service']);
    expect(asked[0]?.url.searchParams.get('page-size')).toBe('20');
  });

  it('holds an answer read as the view reads it: no groups from a server without the route, a failure for a bad one', async () => {
    const { context, wrapper } = hookProviders({ token: makeToken() });
    server.use(
      http.get(`${API}/alerts/grouped`, () => HttpResponse.json({ status: 'error', message: 'no' }, { status: 404 })),
    );
    renderHook(() => useGroupsPrefetch(filter, ['event'], null), { wrapper });
    const missingKey = queryKeys.alerts.groups(firstGroupsParams(filter, ['event'], null));
    await waitFor(() => expect(context.queryClient.getQueryState(missingKey)?.status).toBe('success'));
    expect(context.queryClient.getQueryData(missingKey)).toBeNull();

    server.use(http.get(`${API}/alerts/grouped`, () => HttpResponse.json({ ...GROUPS, groups: 'not a list' })));
    renderHook(() => useGroupsPrefetch(filter, ['origin'], null), { wrapper });
    const badKey = queryKeys.alerts.groups(firstGroupsParams(filter, ['origin'], null));
    await waitFor(() => expect(context.queryClient.getQueryState(badKey)?.status).toBe('error'));
    expect(context.queryClient.getQueryState(badKey)?.error).toBeInstanceOf(ResponseShapeError);
  });

  it('asks nothing for a field the server would refuse, or without a grouping', async () => {
    const requests = recordRequests();
    const { wrapper } = hookProviders({ token: makeToken() });
    renderHook(() => useGroupsPrefetch(filter, ['no such field'], null), { wrapper });
    renderHook(() => useGroupsPrefetch(filter, [], null), { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(groupedAsked(requests)).toEqual([]);
  });
});
