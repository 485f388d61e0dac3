import type { Alert } from '@alerta/contract';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { API, alertsResponse, makeAlert, makeToken, OPEN_ALERTS_FILTER } from '../../test/fixtures';
import { alertsScenario } from '../../test/mocks';
import { recordRequests, server } from '../../test/server';
import type { AlertsParams } from '../../shared/alertsApi';
import { EXPORT_CAP, EXPORT_PAGE_SIZE } from './csvExport';
import { hookProviders } from './hookTestProviders';
import { useCsvDownload } from './useCsvDownload';

const params: AlertsParams = {
  ...OPEN_ALERTS_FILTER,
  environment: 'Production',
  sortBy: ['-lastReceiveTime'],
  page: 2,
  pageSize: 50,
  showHistory: false,
};

const TOKEN = makeToken({ scope: 'read:alerts' });

/** What the browser is asked to save: each file's name and contents. */
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

/** GET /alerts.csv as a stock Alerta 9 answers it (no such route), or as our server does. */
function csvRoute(answer: () => Response) {
  server.use(http.get(`${API}/alerts.csv`, answer));
}

const notFound = () => HttpResponse.json({ status: 'error', message: 'Not Found', code: 404 }, { status: 404 });

/** `total` alerts served a page at a time, as GET /alerts pages them. */
function pagedAlerts(total: number) {
  const all = (page: number, size: number): Alert[] =>
    Array.from({ length: Math.max(0, Math.min(size, total - (page - 1) * size)) }, (_, i) =>
      makeAlert({ id: `a${String((page - 1) * size + i)}`, resource: `host${String((page - 1) * size + i)}` }),
    );
  alertsScenario.answer((url) => {
    const page = Number(url.searchParams.get('page') ?? '1');
    const size = Number(url.searchParams.get('page-size') ?? '20');
    const pages = Math.ceil(total / size);
    return { ...alertsResponse(all(page, size)), total, page, pageSize: size, pages, more: page < pages };
  });
}

/** A file's text as written, the byte-order mark kept (Blob.text() would drop it). */
async function fileText(blob: Blob | undefined): Promise<string> {
  const bytes = new Uint8Array((await blob?.arrayBuffer()) ?? new ArrayBuffer(0));
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
}

const lines = async (blob: Blob | undefined) => (await fileText(blob)).split('\r\n').filter((l) => l !== '');

describe('useCsvDownload against a server with GET /alerts.csv', () => {
  it('downloads the whole file of the filter, with the token, named after the environment', async () => {
    const files = watchDownloads();
    const requests = recordRequests();
    const text = '\uFEFF"id","resource"\r\n"a1","web01"\r\n"a2","web02"\r\n';
    csvRoute(() => new HttpResponse(text, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } }));
    const { wrapper, context } = hookProviders({ token: TOKEN });
    const { result } = renderHook(() => useCsvDownload(params), { wrapper });

    result.current.start();

    await waitFor(() => expect(files).toHaveLength(1));
    const asked = requests.filter((request) => request.url.pathname.endsWith('/alerts.csv'));
    expect(asked).toHaveLength(1);
    const query = asked[0]?.url.searchParams;
    expect(query?.get('environment')).toBe('Production');
    expect(query?.getAll('status')).toEqual(['open', 'ack']);
    expect(query?.getAll('sort-by')).toEqual(['-lastReceiveTime']);
    expect(query?.has('page')).toBe(false);
    expect(query?.has('page-size')).toBe(false);
    expect(asked[0]?.headers.get('Authorization')).toBe(`Bearer ${TOKEN}`);
    expect(asked[0]?.headers.get('X-Request-ID')).toMatch(/^[0-9a-f-]{36}$/);
    // The list itself is not asked: the server wrote every alert.
    expect(requests.filter((request) => request.url.pathname.endsWith('/alerts'))).toHaveLength(0);
    expect(files[0]?.name).toBe('Alerts_Production.csv');
    expect(await fileText(files[0]?.blob)).toBe(text);
    await waitFor(() => expect(context.notifications.current()?.text).toBe('CSV file downloaded.'));
    expect(result.current.dialog).toBeNull();
  });

  it("says the server's message in the snackbar when it refuses the export, and asks nothing else", async () => {
    const files = watchDownloads();
    const requests = recordRequests();
    csvRoute(() =>
      HttpResponse.json(
        { status: 'error', message: 'Invalid filter parameter: colour', code: 400, errors: null },
        { status: 400 },
      ),
    );
    const { wrapper, context } = hookProviders({ token: TOKEN });
    const { result } = renderHook(() => useCsvDownload(params), { wrapper });

    result.current.start();

    await waitFor(() => expect(context.notifications.current()?.text).toBe('Invalid filter parameter: colour (400)'));
    expect(context.notifications.current()?.kind).toBe('error');
    expect(files).toHaveLength(0);
    expect(requests.filter((request) => request.url.pathname.endsWith('/alerts'))).toHaveLength(0);
  });

  it('keeps the same start while the parameters stay the same', () => {
    const { wrapper } = hookProviders();
    const { result, rerender } = renderHook(() => useCsvDownload(params), { wrapper });
    const first = result.current.start;
    rerender();
    expect(result.current.start).toBe(first);
  });
});

describe('useCsvDownload against a stock Alerta 9 (no GET /alerts.csv)', () => {
  it.each([
    ['404', notFound],
    ['405', () => HttpResponse.json({ message: 'Method Not Allowed' }, { status: 405 })],
  ])(
    'pages through GET /alerts itself when the route answers %s, with raw data, every alert once',
    async (_c, answer) => {
      const files = watchDownloads();
      const requests = recordRequests();
      csvRoute(answer);
      const total = EXPORT_PAGE_SIZE * 2 + 3;
      pagedAlerts(total);
      const { wrapper, context } = hookProviders({ token: TOKEN });
      const { result } = renderHook(() => useCsvDownload(params), { wrapper });

      result.current.start();

      await waitFor(() => expect(files).toHaveLength(1));
      const pages = requests.filter((request) => request.url.pathname.endsWith('/alerts'));
      expect(pages.map((request) => request.url.searchParams.get('page'))).toEqual(['1', '2', '3']);
      for (const request of pages) {
        expect(request.url.searchParams.get('page-size')).toBe(String(EXPORT_PAGE_SIZE));
        expect(request.url.searchParams.get('show-raw-data')).toBe('true');
        expect(request.url.searchParams.get('environment')).toBe('Production');
        expect(request.url.searchParams.getAll('sort-by')).toEqual(['-lastReceiveTime']);
      }
      const [header, ...rows] = await lines(files[0]?.blob);
      expect(header).toBe(
        '\uFEFF"id","resource","event","environment","severity","correlate","status","service","group","value","text",' +
          '"tags","attributes","origin","type","createTime","timeout","rawData","customer","duplicateCount","repeat",' +
          '"previousSeverity","trendIndication","receiveTime","lastReceiveId","lastReceiveTime","updateTime"',
      );
      expect(rows).toHaveLength(total);
      expect(new Set(rows.map((row) => row.split(',')[0])).size).toBe(total);
      expect(files[0]?.name).toBe('Alerts_Production.csv');
      await waitFor(() => expect(context.notifications.current()?.text).toBe('CSV file downloaded: 403 alerts.'));
    },
  );

  it('stops at the cap and says so', async () => {
    const files = watchDownloads();
    const requests = recordRequests();
    csvRoute(notFound);
    pagedAlerts(EXPORT_CAP + 250);
    const { wrapper, context } = hookProviders({ token: TOKEN });
    const { result } = renderHook(() => useCsvDownload(params), { wrapper });

    result.current.start();

    await waitFor(() => expect(files).toHaveLength(1), { timeout: 10_000 });
    expect(requests.filter((request) => request.url.pathname.endsWith('/alerts'))).toHaveLength(
      EXPORT_CAP / EXPORT_PAGE_SIZE,
    );
    expect(await lines(files[0]?.blob)).toHaveLength(EXPORT_CAP + 1);
    await waitFor(() =>
      expect(context.notifications.current()?.text).toBe(
        'CSV file downloaded with the first 10,000 of 10,250 matching alerts.',
      ),
    );
    expect(context.notifications.current()?.kind).toBe('warning');
  });

  it('writes the same formula-safe cells as the server', async () => {
    const files = watchDownloads();
    csvRoute(notFound);
    alertsScenario.list([
      makeAlert({ id: 'x1', resource: '=cmd', text: 'say "hi"', tags: ['-a', 'b'], attributes: { n: -5 } }),
    ]);
    const { wrapper } = hookProviders({ token: TOKEN });
    const { result } = renderHook(() => useCsvDownload(params), { wrapper });

    result.current.start();

    await waitFor(() => expect(files).toHaveLength(1));
    const [, row] = await lines(files[0]?.blob);
    expect(row).toContain(`"x1","'=cmd",`);
    expect(row).toContain(`"say ""hi""","'-a,b","{""n"":-5}"`);
  });

  it('says why in the snackbar when a page cannot be fetched', async () => {
    const files = watchDownloads();
    csvRoute(notFound);
    alertsScenario.failing(500, 'database away');
    const { wrapper, context } = hookProviders({ token: TOKEN });
    const { result } = renderHook(() => useCsvDownload(params), { wrapper });

    result.current.start();

    await waitFor(() => expect(context.notifications.current()?.text).toBe('Database away (500)'));
    expect(files).toHaveLength(0);
  });
});
