import { configure, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { version as productVersion } from '../../../../../package.json';
import { version as consoleVersion } from '../../../package.json';
import { API, makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { server } from '../../test/server';

// Each screen loads as its own chunk with its texts; on a busy machine that takes longer than the default second.
configure({ asyncUtilTimeout: 5000 });

const MANAGER = makeToken({ scope: 'read:management read:alerts' });

/** What our server answers after the 35 demo alerts were loaded and 7 of them sent again (docs/api/management.md). */
const STATUS = {
  application: 'alerta',
  version: '9.1.0',
  time: Date.parse('2026-05-01T12:34:56.000Z'),
  uptime: 60_000,
  metrics: [
    { group: 'alerts', name: 'total', title: 'Total alerts', description: '', type: 'gauge', value: 35 },
    { group: 'alerts', name: 'created', title: 'Created alerts', description: '', type: 'counter', count: 35 },
    { group: 'alerts', name: 'duplicates', title: 'Duplicate alerts', description: '', type: 'counter', count: 7 },
  ],
};

function serve() {
  server.use(
    http.get(`${API}/management/manifest`, () =>
      HttpResponse.json({ release: '9.1.0', build: '', date: '', revision: '' }),
    ),
    http.get(`${API}/management/status`, () => HttpResponse.json(STATUS)),
    http.get(`${API}/management/healthcheck`, () => HttpResponse.text('OK')),
  );
}

async function value(name: string): Promise<HTMLElement> {
  const row = (await screen.findByRole('rowheader', { name })).closest('tr');
  if (row === null) throw new Error(`no row for ${name}`);
  return within(row).getByRole('cell');
}

// docs/console/account-screens.md#about
describe('about: versions and counts', () => {
  it("shows this product's version and build beside the API's version", async () => {
    serve();
    renderApp('/about', { token: MANAGER });
    // The console is versioned with the product, not with the predecessor it replaces.
    expect(consoleVersion).toBe(productVersion);
    expect(await value('Console')).toHaveTextContent(productVersion);
    expect(await value('Console')).not.toHaveTextContent('8.7');
    const build = await value('Console build');
    // vite.config.ts gives the tests a fixed build.
    expect(within(build).getByText('test-build')).toBeInTheDocument();
    expect(build.querySelector('time')).toHaveAttribute('datetime', '2026-01-02T03:04:05.000Z');
    expect(await screen.findByText('Alerta API 9.1.0')).toBeInTheDocument();
  });

  it('shows the alert counts the server reports, created alerts included', async () => {
    serve();
    renderApp('/about', { token: MANAGER });
    const metrics = await screen.findByRole('table', { name: 'Metrics of the API' });
    const cells = async (title: string) =>
      within(await within(metrics).findByRole('row', { name: new RegExp(`^${title}`) }))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(await cells('Total alerts')).toEqual(['Total alerts', 'Gauge', 'alerts.total', '35', 'n/a']);
    expect(await cells('Created alerts')).toEqual(['Created alerts', 'Counter', 'alerts.created', '35', 'n/a']);
    expect(await cells('Duplicate alerts')).toEqual(['Duplicate alerts', 'Counter', 'alerts.duplicates', '7', 'n/a']);
  });
});
