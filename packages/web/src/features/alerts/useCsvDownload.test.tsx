import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeAlert } from '../../test/fixtures';
import { alertsScenario } from '../../test/mocks';
import { recordRequests } from '../../test/server';
import type { AlertsParams } from '../../shared/alertsApi';
import { hookProviders } from './hookTestProviders';
import { useCsvDownload } from './useCsvDownload';

const params: AlertsParams = {
  q: null,
  environment: 'Production',
  status: ['open', 'ack'],
  customer: [],
  service: [],
  group: [],
  text: null,
  dateRange: [null, null],
  sortBy: ['-lastReceiveTime'],
  page: 2,
  pageSize: 50,
  showHistory: false,
};

/** What the browser is asked to save: each file's name and text. */
function watchDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  let pending: Blob | undefined;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    pending = blob as Blob;
    return 'blob:csv';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (pending !== undefined) files.push({ name: this.download, blob: pending });
  });
  return files;
}

describe('useCsvDownload', () => {
  it('fetches the page shown with raw data and saves it as CSV named after the environment', async () => {
    const files = watchDownloads();
    const requests = recordRequests();
    alertsScenario.list([makeAlert({ resource: 'web01', rawData: 'disk full' })]);
    const { wrapper } = hookProviders();
    const { result } = renderHook(() => useCsvDownload(params), { wrapper });

    result.current();

    await waitFor(() => expect(files).toHaveLength(1));
    const asked = requests.filter((request) => request.url.pathname.endsWith('/alerts'));
    expect(asked).toHaveLength(1);
    const query = asked[0]?.url.searchParams;
    expect(query?.get('show-raw-data')).toBe('true');
    expect(query?.get('page')).toBe('2');
    expect(query?.get('page-size')).toBe('50');
    expect(query?.get('environment')).toBe('Production');
    expect(files[0]?.name).toBe('Alerts_Production.csv');
    const text = await files[0]?.blob.text();
    expect(text).toContain('web01');
    expect(text).toContain('disk full');
  });

  it("says the server's message in the snackbar when the page cannot be fetched", async () => {
    const files = watchDownloads();
    alertsScenario.failing(500, 'database away');
    const { wrapper, context } = hookProviders();
    const { result } = renderHook(() => useCsvDownload(params), { wrapper });

    result.current();

    await waitFor(() => expect(context.notifications.current()?.text).toBe('Database away (500)'));
    expect(context.notifications.current()?.kind).toBe('error');
    expect(files).toHaveLength(0);
  });

  it('keeps the same callback while the parameters stay the same', () => {
    const { wrapper } = hookProviders();
    const { result, rerender } = renderHook(() => useCsvDownload(params), { wrapper });
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
  });
});
