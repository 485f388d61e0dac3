import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { API } from './fixtures';

/**
 * The one MSW server of the console tests. It always answers the user's attributes (no stored preferences) and the
 * environment counts (none); each test adds the other handlers it needs.
 */
export const server = setupServer(
  http.get(`${API}/user/me/attributes`, () => HttpResponse.json({ status: 'ok', total: 1, attributes: {} })),
  http.get(`${API}/environments`, () => HttpResponse.json({ status: 'ok', environments: [], total: 0 })),
);

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

/** Collects every request the console sends, with its parsed JSON body, in order. */
export function recordRequests(): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  server.events.on('request:start', ({ request }) => {
    const entry: RecordedRequest = {
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: undefined,
    };
    requests.push(entry);
    void request
      .clone()
      .text()
      .then((text) => {
        entry.body = text === '' ? undefined : (JSON.parse(text) as unknown);
      });
  });
  return requests;
}
