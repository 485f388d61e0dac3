import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { boot } from '../app/boot';
import { createI18n } from '../i18n';
import { recordRequests, server } from '../test/server';
import { loadConfig, ConfigLoadError } from './loadConfig';

const LOCAL = new URL('/config.json', window.location.href).toString();
const fetchFn = (input: string, init?: RequestInit) => fetch(input, init);

describe('loadConfig', () => {
  it('reads config.json first, then GET {endpoint}/config from the endpoint it names; local settings win', async () => {
    const requests = recordRequests();
    server.use(
      http.get(LOCAL, () => HttpResponse.json({ endpoint: 'http://api.example:9000/api', provider: 'github' })),
      http.get('http://api.example:9000/api/config', () =>
        HttpResponse.json({
          endpoint: 'http://ignored.example',
          provider: 'basic',
          auth_required: false,
          refresh_interval: 10000,
          dates: { mediumDate: 'D MMM' },
        }),
      ),
    );

    const config = await loadConfig(fetchFn, LOCAL);

    expect(requests.map((r) => `${r.method} ${r.url.href}`)).toEqual([
      `GET ${LOCAL}`,
      'GET http://api.example:9000/api/config',
    ]);
    expect(requests[1]?.headers.get('X-Request-ID')).toMatch(/^[0-9a-f-]{36}$/);
    expect(config.endpoint).toBe('http://api.example:9000/api'); // local over remote
    expect(config.provider).toBe('github'); // local over remote
    expect(config.auth_required).toBe(false); // remote over defaults
    expect(config.refresh_interval).toBe(10000);
    // Nested objects merge: the remote format replaces one default, the others stay.
    expect(config.dates).toEqual({
      mediumDate: 'D MMM',
      longDate: 'ddd D MMM, YYYY HH:mm:ss.SSS Z',
      shortTime: 'HH:mm',
    });
    expect(config.sort_by).toEqual(['severity', 'lastReceiveTime']); // client default
  });

  it('falls back to http://localhost:8080 when config.json is missing', async () => {
    server.use(
      http.get(LOCAL, () => new HttpResponse('not found', { status: 404 })),
      http.get('http://localhost:8080/config', () => HttpResponse.json({ auth_required: true })),
    );
    const config = await loadConfig(fetchFn, LOCAL);
    expect(config.endpoint).toBe('http://localhost:8080');
  });

  it('ignores a config.json that is not valid JSON', async () => {
    server.use(
      http.get(LOCAL, () => new HttpResponse('{ nope', { headers: { 'Content-Type': 'application/json' } })),
      http.get('http://localhost:8080/config', () => HttpResponse.json({ endpoint: 'http://localhost:8080' })),
    );
    await expect(loadConfig(fetchFn, LOCAL)).resolves.toMatchObject({ endpoint: 'http://localhost:8080' });
  });

  it('fails when GET /config fails', async () => {
    server.use(
      http.get(LOCAL, () => HttpResponse.json({ endpoint: 'http://down.example' })),
      http.get('http://down.example/config', () => HttpResponse.error()),
    );
    await expect(loadConfig(fetchFn, LOCAL)).rejects.toBeInstanceOf(ConfigLoadError);
  });
});

describe('boot', () => {
  it('alerts the visitor and mounts nothing when the API config cannot be read', async () => {
    server.use(
      http.get(LOCAL, () => HttpResponse.json({ endpoint: 'http://down.example' })),
      http.get('http://down.example/config', () => new HttpResponse(null, { status: 502 })),
    );
    const alert = vi.fn();
    const mount = vi.fn();

    const started = await boot({ fetch: fetchFn, i18n: createI18n('en'), alert, mount });

    expect(started).toBe(false);
    expect(mount).not.toHaveBeenCalled();
    expect(alert).toHaveBeenCalledTimes(1);
    const message = String(alert.mock.calls[0]?.[0]);
    expect(message).toMatch(/client configuration could not be retrieved from the API endpoint/);
    expect(message).toMatch(/config\.json/);
    expect(message).toMatch(/endpoint/);
  });

  it('finds config.json at the site root even on a deep link', async () => {
    window.history.pushState(null, '', '/alert/123/notes');
    const requests = recordRequests();
    server.use(
      http.get(LOCAL, () => HttpResponse.json({ endpoint: 'http://api.example' })),
      http.get('http://api.example/config', () => HttpResponse.json({})),
    );
    await boot({ fetch: fetchFn, i18n: createI18n('en'), alert: vi.fn(), mount: vi.fn() });
    expect(requests[0]?.url.pathname).toBe('/config.json');
    window.history.pushState(null, '', '/');
  });

  it('mounts with the merged config when both calls succeed', async () => {
    server.use(
      http.get(LOCAL, () => HttpResponse.json({ endpoint: '/api' })),
      http.get(new URL('/api/config', window.location.href).toString(), () =>
        HttpResponse.json({ auth_required: false }),
      ),
    );
    const mount = vi.fn();
    await boot({ fetch: fetchFn, i18n: createI18n('en'), alert: vi.fn(), mount });
    expect(mount).toHaveBeenCalledWith(expect.objectContaining({ endpoint: '/api', auth_required: false }));
  });
});
