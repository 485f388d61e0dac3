import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, makeAlert, makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { recordRequests, server } from '../../test/server';

const SLOW = { timeout: 15_000 };

function serve(alert: ReturnType<typeof makeAlert>) {
  server.use(
    http.get(`${API}/alert/${alert.id}`, () => HttpResponse.json({ status: 'ok', total: 1, alert })),
    http.get(`${API}/alert/${alert.id}/notes`, () => HttpResponse.json({ status: 'ok', notes: [], total: 0 })),
    http.get(`${API}/services`, () => HttpResponse.json({ status: 'ok', services: [] })),
    http.get(`${API}/alerts/tags`, () => HttpResponse.json({ status: 'ok', tags: [] })),
    http.get(`${API}/customers`, () =>
      HttpResponse.json({ status: 'ok', customers: [{ id: 'c1', match: 'acme.example', customer: 'Acme' }] }),
    ),
    http.get(`${API}/alerts/count`, ({ request }) =>
      HttpResponse.json({ status: 'ok', total: new URL(request.url).searchParams.has('q') ? 2 : 5 }),
    ),
    http.post(`${API}/blackout`, () => HttpResponse.json({ status: 'ok', id: 'b9' }, { status: 201 })),
  );
}

describe('blackout from an alert', () => {
  it('opens a new blackout prefilled from the alert, counts what it would match, and creates it', async () => {
    const requests = recordRequests();
    const alert = makeAlert({
      resource: 'web01',
      event: 'NodeDown',
      environment: 'Production',
      service: ['Web', 'Shop'],
      group: 'Misc',
      origin: 'nagios',
      tags: ['linux'],
      customer: 'Acme',
    });
    serve(alert);
    const { user } = renderApp(`/alert/${alert.id}`, {
      token: makeToken({ scope: 'admin read write' }),
      config: { customer_views: true, environments: ['Production'] },
    });
    await user.click(await screen.findByRole('button', { name: 'Blackout…' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'New blackout' }, SLOW);
    expect(within(dialog).getByRole('combobox', { name: /Environment/ })).toHaveValue('Production');
    expect(within(dialog).getByRole('combobox', { name: 'Customer' })).toHaveValue('Acme');
    expect(within(dialog).getByRole('textbox', { name: /Resource/ })).toHaveValue('web01');
    expect(within(dialog).getByRole('textbox', { name: /Event/ })).toHaveValue('NodeDown');
    expect(within(dialog).getByRole('textbox', { name: /Group/ })).toHaveValue('Misc');
    expect(within(dialog).getByRole('textbox', { name: /Origin/ })).toHaveValue('nagios');
    expect(within(dialog).getByText('Web')).toBeInTheDocument();
    expect(within(dialog).getByText('Shop')).toBeInTheDocument();
    // Tags rarely pick one alert out: left empty.
    expect(within(dialog).queryByText('linux')).not.toBeInTheDocument();

    expect(await within(dialog).findByText('Would match 2 alerts now', undefined, SLOW)).toBeInTheDocument();
    const count = requests.find((r) => r.url.pathname === '/alerts/count')?.url.searchParams;
    expect(count?.get('status')).toBe('open');
    expect(count?.get('environment')).toBe('Production');
    expect(count?.get('resource')).toBe('web01');
    expect(count?.get('event')).toBe('NodeDown');
    expect(count?.get('group')).toBe('Misc');
    expect(count?.get('origin')).toBe('nagios');
    expect(count?.get('customer')).toBe('Acme');
    expect(count?.getAll('service')).toEqual(['Web', 'Shop']);
    expect(count?.get('q')).toBe('(service:"Web" AND service:"Shop")');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Blackout created.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const body = requests.find((r) => r.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      environment: 'Production',
      service: ['Web', 'Shop'],
      resource: 'web01',
      event: 'NodeDown',
      group: 'Misc',
      origin: 'nagios',
      customer: 'Acme',
    });
    expect(Object.keys(body).sort()).toEqual(
      ['customer', 'endTime', 'environment', 'event', 'group', 'origin', 'resource', 'service', 'startTime'].sort(),
    );
  });

  it('lets the customer be cleared, so the blackout covers every customer', async () => {
    const requests = recordRequests();
    const alert = makeAlert({ customer: 'Acme' });
    serve(alert);
    const { user } = renderApp(`/alert/${alert.id}`, {
      token: makeToken({ scope: 'admin read write' }),
      config: { customer_views: true },
    });
    await user.click(await screen.findByRole('button', { name: 'Blackout…' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'New blackout' }, SLOW);
    expect(within(dialog).getByRole('combobox', { name: 'Customer' })).toHaveValue('Acme');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Customer' }), 'Any customer');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')?.body).toBeDefined());
    expect(requests.find((r) => r.method === 'POST')?.body).not.toHaveProperty('customer');
  });

  it('is not offered without write:blackouts', async () => {
    const alert = makeAlert();
    serve(alert);
    renderApp(`/alert/${alert.id}`, { token: makeToken({ scope: 'read write:alerts read:blackouts' }) });
    await screen.findByRole('heading', { name: 'web01 · NodeDown' }, SLOW);
    expect(screen.getByRole('button', { name: 'Copy as JSON' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Blackout…' })).not.toBeInTheDocument();
  });
});
