import { http, HttpResponse } from 'msw';
import { API } from '../../test/fixtures';
import { server } from '../../test/server';

// For the component tests only: nothing in the console imports this file.

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function merge(current: Record<string, unknown>, changes: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...current };
  for (const [key, value] of Object.entries(changes)) {
    const existing = merged[key];
    if (value === null) delete merged[key];
    else merged[key] = isObject(value) ? merge(isObject(existing) ? existing : {}, value) : value;
  }
  return merged;
}

/**
 * Answers GET and PUT /user/me/attributes like the API does (a deep merge; null removes), starting from `attributes`.
 * Returns the stored attributes, which change as the console saves.
 */
export function storeAttributes(attributes: Record<string, unknown> = {}): { current: Record<string, unknown> } {
  const store = { current: attributes };
  server.use(
    http.get(`${API}/user/me/attributes`, () =>
      HttpResponse.json({ status: 'ok', total: 1, attributes: store.current }),
    ),
    http.put(`${API}/user/me/attributes`, async ({ request }) => {
      const body = (await request.json()) as { attributes: Record<string, unknown> };
      store.current = merge(store.current, body.attributes);
      return HttpResponse.json({ status: 'ok', attributes: store.current });
    }),
  );
  return store;
}
