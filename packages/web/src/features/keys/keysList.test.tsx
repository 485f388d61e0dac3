import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { advance, startFakeClock, stopFakeClock, until } from '../../test/fakeClock';
import { API } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { recordRequests, server } from '../../test/server';
import { ADMIN, KEY_A, KEY_B, keysAnswer, makeKey, READER, serveKeys, WRITER } from './testData';

/** The first wait of a test covers the screen's chunk and texts arriving, slow on a busy machine. */
const LOADED = { timeout: 10_000 };

const keysRequests = (requests: ReturnType<typeof recordRequests>) =>
  requests.filter((r) => r.method === 'GET' && r.url.pathname === '/keys');

describe('API keys list', () => {
  it('asks the server for one page by status, search and order', async () => {
    const requests = recordRequests();
    server.use(
      http.get(`${API}/keys`, ({ request }) => {
        const text = new URL(request.url).searchParams.get('text');
        return HttpResponse.json(text === null ? keysAnswer([makeKey()], 41) : keysAnswer([]));
      }),
      ...serveKeys(),
    );
    const { user } = renderApp('/keys', { token: ADMIN });
    expect(await screen.findByText(KEY_A, {}, LOADED)).toBeInTheDocument();
    const first = keysRequests(requests)[0]?.url.searchParams;
    expect(first?.get('page')).toBe('1');
    expect(first?.get('page-size')).toBe('20');
    // Last used, newest first: the server's natural order for a date (docs/api/alerts.md).
    expect(first?.get('sort-by')).toBe('lastUsedTime');
    expect(first?.getAll('status')).toEqual(['active', 'expired']);
    expect(screen.getByText('1–20 of 41')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(keysRequests(requests).at(-1)?.url.searchParams.get('page')).toBe('2'));
    await user.click(screen.getByRole('button', { name: /^Expires/ }));
    await waitFor(() => expect(keysRequests(requests).at(-1)?.url.searchParams.get('sort-by')).toBe('-expireTime'));
    expect(keysRequests(requests).at(-1)?.url.searchParams.get('page')).toBe('1');
    await user.click(screen.getByRole('button', { name: /^Expires/ }));
    await waitFor(() => expect(keysRequests(requests).at(-1)?.url.searchParams.get('sort-by')).toBe('expireTime'));
    await user.click(screen.getByRole('button', { name: /^Count/ }));
    await waitFor(() => expect(keysRequests(requests).at(-1)?.url.searchParams.get('sort-by')).toBe('count'));

    await user.click(screen.getByRole('checkbox', { name: 'Expired' }));
    await waitFor(() => expect(keysRequests(requests).at(-1)?.url.searchParams.getAll('status')).toEqual(['active']));
    const before = keysRequests(requests).length;
    await user.click(screen.getByRole('checkbox', { name: 'Active' }));
    expect(await screen.findByText('Sorry, nothing to display here.', {}, LOADED)).toBeInTheDocument();
    expect(keysRequests(requests)).toHaveLength(before);
    await user.click(screen.getByRole('checkbox', { name: 'Active' }));
    await user.click(screen.getByRole('checkbox', { name: 'Expired' }));

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'deploy');
    expect(await screen.findByText('Your search for "deploy" found no results.', {}, LOADED)).toBeInTheDocument();
    const searched = keysRequests(requests).at(-1)?.url.searchParams;
    expect(searched?.get('text')).toBe('~deploy');
    expect(searched?.getAll('status')).toEqual(['active', 'expired']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Search in' }), 'User');
    await waitFor(() => expect(keysRequests(requests).at(-1)?.url.searchParams.get('user')).toBe('~deploy'));
    expect(keysRequests(requests).at(-1)?.url.searchParams.get('text')).toBeNull();
  });

  it('shows each key with its state, use and owner', async () => {
    server.use(
      ...serveKeys([
        makeKey({ lastUsedTime: new Date(Date.now() - 3 * 3600_000).toISOString(), customer: 'Acme' }),
        makeKey({ id: 'k2', key: KEY_B, status: 'expired', text: '', scopes: [], user: 'bob@example.com' }),
      ]),
    );
    renderApp('/keys', { token: ADMIN, config: { customer_views: true } });
    const rowA = (await screen.findByText(KEY_A, {}, LOADED)).closest('tr');
    const rowB = screen.getByText(KEY_B).closest('tr');
    if (rowA === null || rowB === null) throw new Error('rows missing');
    expect(within(rowA).getByText('Active')).toBeInTheDocument();
    expect(within(rowA).getByText('3 hours ago')).toBeInTheDocument();
    expect(within(rowA).getByText('write:alerts')).toBeInTheDocument();
    expect(within(rowA).getByText('Deploy bot')).toBeInTheDocument();
    expect(within(rowA).getByRole('cell', { name: 'Acme' })).toBeInTheDocument();
    expect(within(rowA).getByRole('cell', { name: '12' })).toBeInTheDocument();
    expect(within(rowB).getByText('Expired')).toBeInTheDocument();
    expect(within(rowB).getByText('Never')).toBeInTheDocument();
    expect(within(rowB).getByText('(none)')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /^Customer/ })).toBeInTheDocument();
  });

  it('leaves the customer column out without customer views', async () => {
    server.use(...serveKeys());
    renderApp('/keys', { token: ADMIN });
    expect(await screen.findByText(KEY_A, {}, LOADED)).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: /^Customer/ })).not.toBeInTheDocument();
  });

  it('gives an administrator every action', async () => {
    server.use(...serveKeys());
    renderApp('/keys', { token: ADMIN });
    expect(await screen.findByRole('button', { name: 'Edit key AbCdEfGh…' }, LOADED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New API key' })).toBeInTheDocument();
    for (const name of ['Edit key AbCdEfGh…', 'Delete key AbCdEfGh…', 'Download key AbCdEfGh…']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('lets a user with write:keys make and edit keys, not delete or download them', async () => {
    server.use(...serveKeys());
    renderApp('/keys', { token: WRITER });
    expect(await screen.findByRole('button', { name: 'Edit key AbCdEfGh…' }, LOADED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New API key' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete key AbCdEfGh…' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download key AbCdEfGh…' })).not.toBeInTheDocument();
  });

  it('shows a reader the keys with no way to change them, but a copy button', async () => {
    server.use(...serveKeys());
    renderApp('/keys', { token: READER });
    expect(await screen.findByText(KEY_A, {}, LOADED)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New API key' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy key AbCdEfGh…' })).toBeInTheDocument();
  });

  it('deletes a key after confirmation', async () => {
    const requests = recordRequests();
    server.use(...serveKeys());
    const { user } = renderApp('/keys', { token: ADMIN });
    await user.click(await screen.findByRole('button', { name: 'Delete key AbCdEfGh…' }, LOADED));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('API key deleted.', {}, LOADED)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual(['/key/k1']);
  });

  it('reports a refused delete', async () => {
    server.use(
      ...serveKeys(),
      http.delete(`${API}/key/k1`, () =>
        HttpResponse.json(
          { status: 'error', code: 403, message: 'Missing required scope: admin:keys' },
          { status: 403 },
        ),
      ),
    );
    const { user } = renderApp('/keys', { token: ADMIN });
    await user.click(await screen.findByRole('button', { name: 'Delete key AbCdEfGh…' }, LOADED));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Missing required scope: admin:keys (403)', {}, LOADED)).toBeInTheDocument();
  });

  it('downloads the key object as key_<id>.json from an object URL', async () => {
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:http://console.test/1';
    });
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const clicked: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    try {
      server.use(...serveKeys());
      const { user } = renderApp('/keys', { token: ADMIN });
      await user.click(await screen.findByRole('button', { name: 'Download key AbCdEfGh…' }, LOADED));
      expect(clicked).toEqual([{ href: 'blob:http://console.test/1', download: 'key_k1.json' }]);
      expect(blobs[0]?.type).toBe('application/json');
      expect(JSON.parse((await blobs[0]?.text()) ?? '')).toEqual(makeKey());
      await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:http://console.test/1'));
    } finally {
      click.mockRestore();
      vi.unstubAllGlobals();
    }
  });
});

describe('copying a key', () => {
  afterEach(() => stopFakeClock());

  it('puts the key on the clipboard and says "Copied" for 2 s', async () => {
    server.use(...serveKeys());
    renderApp('/keys', { token: READER });
    expect(await screen.findByText(KEY_A, {}, LOADED)).toBeInTheDocument();
    startFakeClock();
    fireEvent.click(screen.getByRole('button', { name: 'Copy key AbCdEfGh…' }));
    await until(() => expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument());
    expect(screen.getAllByRole('status').filter((s) => s.textContent === 'Copied')).toHaveLength(1);
    expect(await navigator.clipboard.readText()).toBe(KEY_A);
    await advance(1900);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await advance(100);
    expect(screen.getByRole('button', { name: 'Copy key AbCdEfGh…' })).toBeInTheDocument();
  });
});
