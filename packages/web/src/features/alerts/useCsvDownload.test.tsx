import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { API, alertsResponse, errorEnvelope, makeAlert } from '../../test/fixtures';
import { server } from '../../test/server';
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
    const asked: URLSearchParams[] = [];
    server.use(
      http.get(`${API}/alerts`, ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json(alertsResponse([makeAlert({ resource: 'web01', rawData: 'disk full' })]));
      }),
    );
    const { wrapper } = hookProviders();
    const { result } = renderHook(() => useCsvDownload(params), { wrapper });

    result.current();

    await waitFor(() => expect(files).toHaveLength(1));
    expect(asked).toHaveLength(1);
    expect(asked[0]?.get('show-raw-data')).toBe('true');
    expect(asked[0]?.get('page')).toBe('2');
    expect(asked[0]?.get('page-size')).toBe('50');
    expect(asked[0]?.get('environment')).toBe('Production');
    expect(files[0]?.name).toBe('Alerts_Production.csv');
    const text = await files[0]?.blob.text();
    expect(text).toContain('web01');
    expect(text).toContain('disk full');
  });

  it("says the server's message in the snackbar when the page cannot be fetched", async () => {
    const files = watchDownloads();
    server.use(
      http.get(`${API}/alerts`, () => HttpResponse.json(errorEnvelope(500, 'database away'), { status: 500 })),
    );
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
