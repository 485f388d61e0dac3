import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { API } from '../test/fixtures';
import { recordRequests, server } from '../test/server';
import { createApiClient } from './client';
import { ApiError, NetworkError, ResponseShapeError } from './errors';
import { alertsScenario } from '../test/mocks';

const okSchema = z.object({ status: z.literal('ok') });

function client(token: string | null = null, onUnauthorized = vi.fn()) {
  return createApiClient({ baseUrl: `${API}/`, getToken: () => token, onUnauthorized });
}

describe('API client', () => {
  it('sends a fresh X-Request-ID with every request', async () => {
    const requests = recordRequests();
    alertsScenario.reply(200, { status: 'ok' });
    const api = client();

    await api.request('/alerts', { schema: okSchema });
    await api.request('/alerts', { schema: okSchema });
    await requests.nth(2);

    const ids = requests.map((r) => r.headers.get('X-Request-ID'));
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('makes request IDs without crypto.randomUUID, which plain-http pages lack', async () => {
    const requests = recordRequests();
    alertsScenario.reply(200, { status: 'ok' });
    const own = Object.getOwnPropertyDescriptor(crypto, 'randomUUID');
    // As in a page that is not a secure context: the method is not there at all.
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      await client().request('/alerts', { schema: okSchema });
    } finally {
      if (own === undefined) Reflect.deleteProperty(crypto, 'randomUUID');
      else Object.defineProperty(crypto, 'randomUUID', own);
    }
    expect((await requests.nth(1)).headers.get('X-Request-ID')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('asks again with the entity tag it was given, and reads a 304 as "unchanged"', async () => {
    const requests = recordRequests();
    let version = 1;
    server.use(
      http.get(`${API}/alerts`, ({ request }) => {
        const etag = `"v${version}"`;
        if (request.headers.get('If-None-Match') === etag) return new HttpResponse(null, { status: 304 });
        return HttpResponse.json({ status: 'ok', version }, { headers: { ETag: etag } });
      }),
    );
    const api = client();
    const schema = z.looseObject({ version: z.number() });

    const first = await api.revalidate('/alerts', null, { schema });
    expect(first).toEqual({ changed: true, data: { status: 'ok', version: 1 }, etag: '"v1"' });
    expect(await api.revalidate('/alerts', '"v1"', { schema })).toEqual({ changed: false });
    version = 2;
    expect(await api.revalidate('/alerts', '"v1"', { schema })).toMatchObject({ changed: true, etag: '"v2"' });
    // No tag, no header: a server that gives none (a stock Alerta) is never asked with one.
    expect(requests.map((r) => r.headers.get('If-None-Match'))).toEqual([null, '"v1"', '"v1"']);
  });

  it('adds the bearer token when logged in, and no Authorization header otherwise', async () => {
    const requests = recordRequests();
    alertsScenario.reply(200, { status: 'ok' });

    await client('abc.def.ghi').request('/alerts', { schema: okSchema });
    await client(null).request('/alerts', { schema: okSchema });
    await requests.nth(2);

    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer abc.def.ghi');
    expect(requests[1]?.headers.has('Authorization')).toBe(false);
  });

  it('repeats list parameters and sends JSON bodies', async () => {
    const requests = recordRequests();
    server.use(http.put(`${API}/alert/1/action`, () => HttpResponse.json({ status: 'ok' })));

    await client().request('/alert/1/action', {
      method: 'PUT',
      query: { status: ['open', 'ack'], page: 2, skipped: undefined },
      body: { action: 'ack', text: '' },
      schema: okSchema,
    });

    const [request] = requests;
    expect(request?.url.search).toBe('?status=open&status=ack&page=2');
    expect(request?.headers.get('Content-Type')).toBe('application/json');
    await vi.waitFor(() => expect(request?.body).toEqual({ action: 'ack', text: '' }));
  });

  it('turns the error envelope into an ApiError', async () => {
    server.use(
      http.get(`${API}/alert/nope`, () =>
        HttpResponse.json(
          { status: 'error', message: 'not found', code: 404, errors: ['no such alert'], requestId: 'r-9' },
          { status: 404 },
        ),
      ),
    );
    const error: unknown = await client()
      .request('/alert/nope', { schema: okSchema })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      code: 404,
      message: 'not found',
      errors: ['no such alert'],
      requestId: 'r-9',
    });
  });

  it('keeps the message of an error body that is not a full envelope', async () => {
    server.use(
      http.post(`${API}/alert`, () => HttpResponse.json({ status: 'error', message: 'slow down' }, { status: 429 })),
    );
    await expect(client().request('/alert', { method: 'POST', body: {}, schema: okSchema })).rejects.toMatchObject({
      name: 'ApiError',
      status: 429,
      code: 429,
      message: 'slow down',
    });
  });

  it('reports a missing response as a NetworkError', async () => {
    alertsScenario.offline();
    await expect(client().request('/alerts', { schema: okSchema })).rejects.toBeInstanceOf(NetworkError);
  });

  it('lets an aborted request reject as an abort, not a network error', async () => {
    // The answer never comes before the abort.
    alertsScenario.hold();
    const controller = new AbortController();
    const pending = client().request('/alerts', { schema: okSchema, signal: controller.signal });
    controller.abort();
    const error: unknown = await pending.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ name: 'AbortError' });
  });

  it('rejects a 2xx body of the wrong shape', async () => {
    alertsScenario.reply(200, { status: 'weird' });
    await expect(client().request('/alerts', { schema: okSchema })).rejects.toBeInstanceOf(ResponseShapeError);
  });

  it('calls onUnauthorized on a 401, unless the call handles 401 itself', async () => {
    alertsScenario.failing(401, 'Token expired');
    const onUnauthorized = vi.fn();
    const api = client('t', onUnauthorized);

    await expect(api.request('/alerts', { schema: okSchema })).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);

    await expect(api.request('/alerts', { schema: okSchema, handleUnauthorized: false })).rejects.toMatchObject({
      status: 401,
    });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
