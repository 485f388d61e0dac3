import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, makeAlert, makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { recordRequests, server } from '../../test/server';
import { alertsToCsv, csvFileName } from './csvExport';
import { alertsScenario } from '../../test/mocks';

describe('CSV export', () => {
  it('quotes every value, joins lists, writes the attributes as one JSON column and leaves history out', () => {
    const csv = alertsToCsv([
      makeAlert({
        id: 'a1',
        text: 'say "hi", then go',
        service: ['Web', 'Shop'],
        tags: ['x'],
        attributes: { region: 'eu' },
        rawData: '{"k":1}',
        history: [],
      }),
      makeAlert({ id: 'a2', attributes: { owner: 'ops' } }),
    ]);
    expect(csv.startsWith('\uFEFF"id","resource"')).toBe(true);
    const [header, first, second] = csv.slice(1).split('\r\n');
    expect(header).toContain('"tags","attributes","origin"');
    expect(header).not.toContain('history');
    expect(first).toContain('"say ""hi"", then go"');
    expect(first).toContain('"Web,Shop"');
    expect(first).toContain('"{""k"":1}"');
    expect(first).toContain('"x","{""region"":""eu""}",');
    expect(second).toContain(',"{""owner"":""ops""}",');
    expect(csvFileName(null)).toBe('Alerts_ALL.csv');
    expect(csvFileName('Production')).toBe('Alerts_Production.csv');
  });
});

describe('alerts menu', () => {
  it('switches to compact rows and stores the choice in the user preferences', async () => {
    const requests = recordRequests();
    alertsScenario.list([makeAlert({ resource: 'dense' })]);
    server.use(http.put(`${API}/user/me/attributes`, () => HttpResponse.json({ status: 'ok' })));
    const { user } = renderApp('/alerts', { token: makeToken() });
    await screen.findByRole('row', { name: /dense/ });
    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Display density' }));
    const dialog = await screen.findByRole('dialog', { name: 'Display density' });
    await user.click(within(dialog).getByText('Compact'));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByRole('table', { name: 'Alert list' }).className).toMatch(/compact/));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      attributes: { prefs: { displayDensity: 'compact' } },
    });
  });

  it('turns the alert sound on and off in the user preferences', async () => {
    const requests = recordRequests();
    let prefs: Record<string, unknown> = {};
    alertsScenario.list([makeAlert({ resource: 'loud' })]);
    server.use(
      http.get(`${API}/user/me/attributes`, () => HttpResponse.json({ status: 'ok', attributes: { prefs } })),
      http.put(`${API}/user/me/attributes`, async ({ request }) => {
        const body = (await request.json()) as { attributes: { prefs: Record<string, unknown> } };
        prefs = { ...prefs, ...body.attributes.prefs };
        return HttpResponse.json({ status: 'ok' });
      }),
    );
    const { user } = renderApp('/alerts', { token: makeToken() });
    await screen.findByRole('row', { name: /loud/ });
    await user.click(screen.getByRole('button', { name: 'More options' }));
    // Muted by default (docs/console/behaviour.md#states-and-actions).
    await user.click(await screen.findByRole('menuitem', { name: 'Turn the alert sound on' }));
    await waitFor(() => expect(prefs).toEqual({ isMute: false }));
    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Turn the alert sound off' }));
    await waitFor(() => expect(prefs).toEqual({ isMute: true }));
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { attributes: { prefs: { isMute: false } } },
      { attributes: { prefs: { isMute: true } } },
    ]);
  });

  it('has no sound item for a visitor, who has no preferences to keep it in', async () => {
    alertsScenario.list([makeAlert({ resource: 'quiet' })]);
    const { user } = renderApp('/alerts', { config: { auth_required: false } });
    await screen.findByRole('row', { name: /quiet/ });
    await user.click(screen.getByRole('button', { name: 'More options' }));
    await screen.findByRole('menuitem', { name: 'Download as CSV' });
    expect(screen.queryByRole('menuitem', { name: /alert sound/ })).not.toBeInTheDocument();
  });
});
