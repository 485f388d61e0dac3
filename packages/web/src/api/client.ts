import { errorEnvelopeSchema } from '@alerta/contract';
import { z } from 'zod/mini';
import { ApiError, NetworkError, ResponseShapeError, isAbortError } from './errors';
import { newRequestId } from './requestId';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Readonly<Record<string, QueryValue>>;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions<T> {
  method?: HttpMethod;
  /** Repeated keys for lists (`status=open&status=ack`), as the API expects (docs/api/alerts.md). */
  query?: Query;
  body?: unknown;
  signal?: AbortSignal | undefined;
  schema: z.ZodMiniType<T>;
  /** False for calls whose 401 is an answer, not an expired session (login, logout). */
  handleUnauthorized?: boolean;
}

export interface ApiClientOptions {
  /** The merged config's `endpoint`; may be relative, e.g. `/api`. */
  baseUrl: string;
  getToken: () => string | null;
  /** Called on every 401 answer (docs/console/behaviour.md#errors: log out and go to the login screen). */
  onUnauthorized: () => void;
  fetch?: typeof fetch;
}

/** A GET asked again with the entity tag of the answer the caller holds (see {@link ApiClient.revalidate}). */
export type Revalidated<T> = { changed: true; data: T; etag: string | null } | { changed: false };

/** A GET whose answer is a file rather than JSON. */
export interface FileRequestOptions {
  /** The file's media type, sent as `Accept`. */
  accept: string;
  query?: Query;
  signal?: AbortSignal | undefined;
  /** False when a 401 is an answer the caller handles itself. */
  handleUnauthorized?: boolean;
  /** Headers of the caller's own (the live stream's `Last-Event-ID`), beside the console's. */
  headers?: Readonly<Record<string, string>> | undefined;
}

export interface ApiClient {
  request<T>(path: string, options: RequestOptions<T>): Promise<T>;
  /**
   * A GET whose successful answer the caller reads itself (a file): the response, its status checked. A failure is an
   * ApiError or a NetworkError, as for `request`.
   */
  file(path: string, options: FileRequestOptions): Promise<Response>;
  /**
   * A GET that sends `If-None-Match` with `etag` when there is one: `changed: false` when the server answers 304 (the
   * held answer stands), else the new answer and its tag. A server without entity tags (a stock Alerta) never gets
   * the header, since it never gave a tag.
   */
  revalidate<T>(
    path: string,
    etag: string | null,
    options: Omit<RequestOptions<T>, 'method' | 'body'>,
  ): Promise<Revalidated<T>>;
}

export function buildQueryString(query: Query | undefined): string {
  if (query === undefined) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value as readonly (string | number)[]) params.append(key, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

const looseErrorSchema = z.looseObject({ message: z.string(), status: z.optional(z.string()) });

function toApiError(status: number, statusText: string, body: unknown, requestId: string): ApiError {
  const envelope = errorEnvelopeSchema.safeParse(body);
  if (envelope.success) {
    const { message, code, errors } = envelope.data;
    return new ApiError({ status, message, code, errors, requestId: envelope.data.requestId });
  }
  // Some answers (a plugin's 429, a proxy in between) are not full envelopes: keep what is there.
  const loose = looseErrorSchema.safeParse(body);
  if (loose.success) return new ApiError({ status, message: loose.data.message, kind: loose.data.status, requestId });
  return new ApiError({ status, message: statusText || `HTTP ${status}`, requestId });
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The one HTTP client of the console (docs/console/plumbing.md#http). */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const fetchFn = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  interface Sent {
    url: string;
    requestId: string;
    response: Response;
  }

  /** Sends one request with the console's headers (request id, token); a request that gets no answer is a NetworkError. */
  async function sendRaw(
    path: string,
    method: HttpMethod,
    accept: string,
    {
      query,
      body,
      signal,
      etag = null,
      extraHeaders,
    }: {
      query: Query | undefined;
      body?: unknown;
      signal: AbortSignal | undefined;
      etag?: string | null;
      extraHeaders?: Readonly<Record<string, string>> | undefined;
    },
  ): Promise<Sent> {
    // Relative endpoints (`/api`) resolve against the page, like a browser would.
    const url = new URL(`${base}${path}${buildQueryString(query)}`, document.baseURI).toString();
    const requestId = newRequestId();
    const headers: Record<string, string> = { ...extraHeaders, Accept: accept, 'X-Request-ID': requestId };
    const token = options.getToken();
    if (token !== null) headers.Authorization = `Bearer ${token}`;
    // The page's own If-None-Match makes the browser pass a 304 through rather than answer from its cache.
    if (etag !== null) headers['If-None-Match'] = etag;
    const init: RequestInit = { method, headers };
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    if (signal !== undefined) init.signal = signal;
    try {
      return { url, requestId, response: await fetchFn(url, init) };
    } catch (error) {
      if (isAbortError(error) || signal?.aborted === true) throw error;
      throw new NetworkError(url, error);
    }
  }

  /** The error a failed answer stands for, after the 401 rule (docs/console/behaviour.md#errors). */
  function failure({ response, requestId }: Sent, payload: unknown, handleUnauthorized: boolean): ApiError {
    if (response.status === 401 && handleUnauthorized) options.onUnauthorized();
    return toApiError(response.status, response.statusText, payload, requestId);
  }

  async function send<T>(
    path: string,
    { method = 'GET', query, body, signal, schema, handleUnauthorized = true }: RequestOptions<T>,
    etag: string | null = null,
  ): Promise<Revalidated<T>> {
    const sent = await sendRaw(path, method, 'application/json', { query, body, signal, etag });
    const { response, url } = sent;
    if (response.status === 304 && etag !== null) return { changed: false };
    const payload = await readJson(response);
    if (!response.ok) throw failure(sent, payload, handleUnauthorized);
    const parsed = schema.safeParse(payload);
    if (!parsed.success) throw new ResponseShapeError(url, parsed.error);
    return { changed: true, data: parsed.data, etag: response.headers.get('ETag') };
  }

  async function file(
    path: string,
    { accept, query, signal, handleUnauthorized = true, headers }: FileRequestOptions,
  ): Promise<Response> {
    const sent = await sendRaw(path, 'GET', accept, { query, signal, extraHeaders: headers });
    if (!sent.response.ok) throw failure(sent, await readJson(sent.response), handleUnauthorized);
    return sent.response;
  }

  async function request<T>(path: string, options: RequestOptions<T>): Promise<T> {
    const answer = await send(path, options);
    // Without a tag sent there is no 304 to get.
    if (!answer.changed) throw new Error('unexpected 304 Not Modified');
    return answer.data;
  }

  function revalidate<T>(
    path: string,
    etag: string | null,
    options: Omit<RequestOptions<T>, 'method' | 'body'>,
  ): Promise<Revalidated<T>> {
    return send(path, options, etag);
  }

  return { request, file, revalidate };
}
