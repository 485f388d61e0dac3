import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { API, alertsResponse, makeAlert, makeToken } from '../../test/fixtures';
import { alertsScenario } from '../../test/mocks';
import { renderApp } from '../../test/renderApp';
import { recordRequests, server } from '../../test/server';

// The dialog is its own chunk; on a busy machine it takes longer than the default second to arrive.
configure({ asyncUtilTimeout: 5000 });

const TOKEN = makeToken({ scope: 'read:alerts write:alerts' });

function watchDownloads() {
  const names: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:csv');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return names;
}

async function startExport() {
  const rendered = renderApp('/alerts', { token: TOKEN });
  await screen.findByRole('row', { name: /web01/ });
  await rendered.user.click(screen.getByRole('button', { name: 'More options' }));
  await rendered.user.click(await screen.findByRole('menuitem', { name: 'Download as CSV' }));
  return rendered;
}

// docs/console/alert-screens.md#csv-export
describe('CSV export dialog', () => {
  it('shows the pages fetched of the total, the cap, and stops when cancelled', async () => {
    const names = watchDownloads();
    const requests = recordRequests();
    server.use(http.get(`${API}/alerts.csv`, () => HttpResponse.json({ message: 'Not Found' }, { status: 404 })));
    const total = 10_250;
    alertsScenario.answer((url) => {
      const page = Number(url.searchParams.get('page') ?? '1');
      const size = Number(url.searchParams.get('page-size') ?? '20');
      const alerts = Array.from({ length: size }, (_, i) =>
        makeAlert({
          id: `p${String(page)}-${String(i)}`,
          resource: page === 1 && i === 0 ? 'web01' : `host${String(i)}`,
        }),
      );
      return { ...alertsResponse(alerts), total, page, pageSize: size, pages: Math.ceil(total / size), more: true };
    });
    // The list's own request goes through; the export's second page waits.
    const release = alertsScenario.hold((url) => url.searchParams.get('page') === '2');
    const { user } = await startExport();

    const dialog = await screen.findByRole('dialog', { name: 'Download as CSV' });
    expect(await within(dialog).findByText('200 of 10,000 alerts fetched')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute('aria-valuenow', '2');
    expect(
      within(dialog).getByText(
        'This server cannot write the file itself, so the console fetches the alerts page by page, at most 10,000.',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('10,250 alerts match: only the first 10,000 will be in the file.'),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Download as CSV' })).not.toBeInTheDocument());
    release();
    expect(names).toEqual([]);
    expect(requests.filter((r) => r.url.pathname === '/alerts' && r.url.searchParams.get('page') === '3')).toEqual([]);
  });

  it('says the server is writing the file while GET /alerts.csv answers', async () => {
    const names = watchDownloads();
    alertsScenario.list([makeAlert({ resource: 'web01' })]);
    let answer: (response: Response) => void = () => undefined;
    server.use(http.get(`${API}/alerts.csv`, () => new Promise<Response>((resolve) => (answer = resolve))));
    await startExport();

    const dialog = await screen.findByRole('dialog', { name: 'Download as CSV' });
    expect(within(dialog).getByText('The server is writing the file of every matching alert…')).toBeInTheDocument();
    expect(within(dialog).queryByText(/at most/)).not.toBeInTheDocument();

    answer(new HttpResponse('"id"\r\n"a1"\r\n', { headers: { 'Content-Type': 'text/csv' } }));
    await waitFor(() => expect(names).toEqual(['Alerts_ALL.csv']));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Download as CSV' })).not.toBeInTheDocument());
    expect(await screen.findByText('CSV file downloaded.')).toBeInTheDocument();
  });
});
