import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeClock, stopFakeClock, until } from '../../test/fakeClock';
import { API, errorEnvelope } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { recordRequests, server } from '../../test/server';
import { ADMIN, KEY_A, KEY_B, makeKey, serveKeys, WRITER } from './testData';

/** The first wait of a test covers the screen's chunk and texts arriving, slow on a busy machine. */
const LOADED = { timeout: 10_000 };

const NEW_KEY = 'NeWkEy0123456789NeWkEy0123456789NeWkEy01';

function answerCreate() {
  return http.post(`${API}/key`, () =>
    HttpResponse.json({ status: 'ok', key: NEW_KEY, data: makeKey({ id: 'k9', key: NEW_KEY }) }, { status: 201 }),
  );
}

/** The options of one pick list (every list of the form keeps its options in the page, hidden while closed). */
function optionsOf(combobox: HTMLElement): string[] {
  const list = document.getElementById(combobox.getAttribute('aria-controls') ?? '');
  if (list === null) throw new Error('the list is not open');
  return within(list)
    .getAllByRole('option', { hidden: true })
    .map((o) => o.textContent);
}

beforeAll(() => {
  // jsdom does not scroll; Mantine scrolls the highlighted option into view as the user types.
  if (!('scrollIntoView' in Element.prototype)) {
    Object.defineProperty(Element.prototype, 'scrollIntoView', { value: () => undefined, configurable: true });
  }
});

const posts = (requests: ReturnType<typeof recordRequests>) => requests.filter((r) => r.method === 'POST');

describe('new API key, on a fixed clock', () => {
  // Sunday 15 March 2026, noon in the browser's time zone: the default expiry and the end-of-day conversion are both
  // worked out in that zone (the suite runs in Pacific/Easter: vite.config.ts).
  const NOW = new Date(2026, 2, 15, 12, 0, 0);

  afterEach(() => stopFakeClock());

  async function openNew(config = {}) {
    startFakeClock();
    vi.setSystemTime(NOW);
    const requests = recordRequests();
    server.use(answerCreate(), ...serveKeys());
    renderApp('/keys', { token: ADMIN, config });
    await until(() => expect(screen.getByRole('button', { name: 'New API key' })).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'New API key' }));
    await until(() => expect(screen.getByRole('dialog', { name: 'New API key' })).toBeInTheDocument(), 10);
    return { dialog: screen.getByRole('dialog', { name: 'New API key' }), requests };
  }

  const expires = (dialog: HTMLElement) => within(dialog).getByLabelText(/^Expires/);

  it('expires a year from today by default, at the end of the chosen day, and shows the new key once', async () => {
    const { dialog, requests } = await openNew({ customer_views: true });
    expect(expires(dialog)).toHaveValue('2027-03-15');
    expect(expires(dialog)).toHaveAttribute('min', '2026-03-15');
    expect(within(dialog).getByRole('combobox', { name: /^User/ })).toHaveValue('alice@example.com');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Description' }), {
      target: { value: ' Deploy bot ' },
    });
    fireEvent.change(expires(dialog), { target: { value: '2026-12-31' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await until(() => expect(posts(requests)).toHaveLength(1), 10);
    // No customer chosen: the field is left out, and the server picks the user's own.
    expect(posts(requests)[0]?.body).toEqual({
      user: 'alice@example.com',
      text: 'Deploy bot',
      scopes: [],
      expireTime: new Date(2026, 11, 31, 23, 59, 59, 999).toISOString(),
    });
    await until(() => expect(screen.getByRole('dialog', { name: 'Your new API key' })).toBeInTheDocument(), 10);
    const shown = screen.getByRole('dialog', { name: 'Your new API key' });
    expect(within(shown).getByText(NEW_KEY)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy the key' })).toBeInTheDocument();
    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await until(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), 10);
  });

  it('refuses an empty or past expiry', async () => {
    const { dialog, requests } = await openNew();
    fireEvent.change(expires(dialog), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await until(() => expect(within(dialog).getByText('Required')).toBeInTheDocument());
    fireEvent.change(expires(dialog), { target: { value: '2026-03-14' } });
    await until(() => expect(within(dialog).getByText('Choose today or a later day')).toBeInTheDocument());
    fireEvent.change(expires(dialog), { target: { value: '2026-03-15' } });
    await until(() => expect(within(dialog).queryByText('Choose today or a later day')).not.toBeInTheDocument());
    expect(posts(requests)).toHaveLength(0);
    // Today itself is fine: the key lasts until the end of it.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await until(() => expect(posts(requests)).toHaveLength(1), 10);
    expect(posts(requests)[0]?.body).toMatchObject({
      expireTime: new Date(2026, 2, 15, 23, 59, 59, 999).toISOString(),
    });
  });
});

describe('API key form', () => {
  it('lets an administrator give a key to another user, found on the server, with a customer', async () => {
    const requests = recordRequests();
    server.use(answerCreate(), ...serveKeys());
    const { user } = renderApp('/keys', { token: ADMIN, config: { customer_views: true } });
    await user.click(await screen.findByRole('button', { name: 'New API key' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: 'New API key' });
    const owner = within(dialog).getByRole('combobox', { name: /^User/ });
    await user.clear(owner);
    await user.type(owner, 'bob');
    await waitFor(() =>
      expect(requests.some((r) => r.url.pathname === '/users' && r.url.searchParams.get('login') === '~bob')).toBe(
        true,
      ),
    );
    await user.click(await within(dialog).findByRole('option', { name: 'bob@example.com', hidden: true }));
    expect(owner).toHaveValue('bob@example.com');

    const customer = within(dialog).getByRole('combobox', { name: 'Customer' });
    await user.click(customer);
    // Two look-ups name Acme: it is offered once.
    await waitFor(() => expect(optionsOf(customer)).toEqual(['Acme', 'Globex']));
    await user.click(within(dialog).getByRole('option', { name: 'Globex', hidden: true }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Scopes/ }));
    await user.click(within(dialog).getByRole('option', { name: 'write:alerts', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    const body = posts(requests)[0]?.body as Record<string, unknown>;
    expect(body).toEqual({
      user: 'bob@example.com',
      text: '',
      customer: 'Globex',
      scopes: ['write:alerts'],
      expireTime: body.expireTime,
    });
    expect(await screen.findByRole('dialog', { name: 'Your new API key' })).toBeInTheDocument();
  });

  it('keeps other users to keys of their own, with only the scopes they hold', async () => {
    const requests = recordRequests();
    server.use(answerCreate(), ...serveKeys());
    const { user } = renderApp('/keys', { token: WRITER });
    await user.click(await screen.findByRole('button', { name: 'New API key' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: 'New API key' });
    const owner = within(dialog).getByRole('textbox', { name: 'User' });
    expect(owner).toHaveValue('alice@example.com');
    expect(owner).toHaveAttribute('readonly');
    const scopes = within(dialog).getByRole('combobox', { name: /^Scopes/ });
    await user.click(scopes);
    expect(optionsOf(scopes)).toEqual(['read:alerts', 'read:keys', 'write:keys']);
    // Neither the user list (admin:users) nor the scope list (read:perms) is theirs to read.
    expect(requests.filter((r) => ['/users', '/scopes'].includes(r.url.pathname))).toEqual([]);
  });

  it('edits a key: its string shown to copy, an untouched expiry sent back as it was', async () => {
    const requests = recordRequests();
    const key = makeKey({ customer: 'Acme', expireTime: '2027-01-10T08:30:00.000Z' });
    server.use(
      ...serveKeys([key]),
      http.put(`${API}/key/k1`, () => HttpResponse.json({ status: 'ok', key })),
    );
    const { user } = renderApp('/keys', { token: ADMIN, config: { customer_views: true } });
    await user.click(await screen.findByRole('button', { name: 'Edit key AbCdEfGh…' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: 'Edit API key' });
    const shownKey = within(dialog).getByRole('textbox', { name: 'API Key' });
    expect(shownKey).toHaveValue(KEY_A);
    expect(shownKey).toHaveAttribute('readonly');
    await user.click(within(dialog).getByRole('button', { name: 'Copy the key' }));
    expect(await navigator.clipboard.readText()).toBe(KEY_A);
    const text = within(dialog).getByRole('textbox', { name: 'Description' });
    await user.clear(text);
    await user.type(text, 'CI runner');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('API key saved.', {}, LOADED)).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      user: 'alice@example.com',
      scopes: ['read', 'write:alerts'],
      text: 'CI runner',
      expireTime: '2027-01-10T08:30:00.000Z',
      customer: 'Acme',
    });
  });

  it('sends a changed expiry as the end of the new day, and a cleared customer as null', async () => {
    const requests = recordRequests();
    const key = makeKey({ id: 'k2', key: KEY_B, customer: 'Acme' });
    server.use(
      ...serveKeys([key]),
      http.put(`${API}/key/k2`, () => HttpResponse.json({ status: 'ok', key })),
    );
    const { user } = renderApp('/keys', { token: ADMIN, config: { customer_views: true } });
    await user.click(await screen.findByRole('button', { name: 'Edit key ZyXwVuTs…' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: 'Edit API key' });
    const next = new Date();
    next.setFullYear(next.getFullYear() + 2, 5, 30);
    const day = `${next.getFullYear()}-06-30`;
    fireEvent.change(within(dialog).getByLabelText(/^Expires/), { target: { value: day } });
    await user.click(within(dialog).getByLabelText('Clear customer'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      user: 'alice@example.com',
      scopes: ['read', 'write:alerts'],
      text: 'Deploy bot',
      expireTime: new Date(next.getFullYear(), 5, 30, 23, 59, 59, 999).toISOString(),
      customer: null,
    });
  });

  it('shows the server refusal inside the form', async () => {
    server.use(
      ...serveKeys(),
      http.post(`${API}/key`, () =>
        HttpResponse.json(errorEnvelope(403, "Requested scope 'admin' not in existing scopes"), { status: 403 }),
      ),
    );
    const { user } = renderApp('/keys', { token: ADMIN });
    await user.click(await screen.findByRole('button', { name: 'New API key' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: 'New API key' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "Requested scope 'admin' not in existing scopes",
    );
  });
});
