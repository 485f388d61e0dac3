import { http, HttpResponse } from 'msw';
import { API } from '../fixtures';
import { refusal } from './scenario';

/** One request for the live stream, as the server saw it. */
export interface StreamConnection {
  url: URL;
  headers: Headers;
  /** True once the console has let go of it (aborted), or the test ended it. */
  closed: boolean;
}

/**
 * A server side of GET /alerts/stream (docs/api/stream.md) for one test: each request is answered with an event stream
 * the test writes into (`send`, `event`), ends (`end`), or refuses (`refuse`). Install its `handler` with `server.use`.
 */
export interface LiveStreamMock {
  handler: ReturnType<typeof http.get>;
  connections: StreamConnection[];
  /** Resolves once the n-th request (from 1) has arrived. */
  connection(n: number): Promise<StreamConnection>;
  /** Writes raw text to the open stream (the latest connection). */
  send(text: string): void;
  /** Writes one event: `event:`, `id:` and its data as JSON. */
  event(name: string, id: string, data: unknown): void;
  /** The `retry:` line and the `hello` event a stream starts with. */
  hello(id?: string): void;
  /** Ends the open stream, as a server going away does. */
  end(): void;
  /** Answers the next requests with this status in the error envelope instead of a stream; null streams again. */
  refuse(status: number | null): void;
}

export function liveStream(path = '/alerts/stream'): LiveStreamMock {
  const connections: StreamConnection[] = [];
  const waiters: { n: number; resolve: (c: StreamConnection) => void }[] = [];
  let writer: { controller: ReadableStreamDefaultController<Uint8Array>; connection: StreamConnection } | null = null;
  let refuseWith: number | null = null;
  const encoder = new TextEncoder();

  const write = (text: string) => {
    if (writer === null || writer.connection.closed) throw new Error('no open stream to write to');
    writer.controller.enqueue(encoder.encode(text));
  };

  const handler = http.get(`${API}${path}`, ({ request }) => {
    if (refuseWith !== null) return refusal(refuseWith, 'stream refused');
    const connection: StreamConnection = { url: new URL(request.url), headers: request.headers, closed: false };
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        writer = { controller, connection };
      },
      cancel() {
        connection.closed = true;
      },
    });
    request.signal.addEventListener('abort', () => {
      connection.closed = true;
    });
    connections.push(connection);
    for (const waiter of waiters.filter((w) => w.n === connections.length)) waiter.resolve(connection);
    return new HttpResponse(body, {
      headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform' },
    });
  });

  return {
    handler,
    connections,
    connection: (n) => {
      const known = connections[n - 1];
      if (known !== undefined) return Promise.resolve(known);
      return new Promise((resolve) => waiters.push({ n, resolve }));
    },
    send: write,
    event: (name, id, data) => write(`event: ${name}\nid: ${id}\ndata: ${JSON.stringify(data)}\n\n`),
    hello: (id = '1') => write(`retry: 1000\n\nevent: hello\nid: ${id}\ndata: ${JSON.stringify({ position: id })}\n\n`),
    end: () => {
      if (writer === null) return;
      writer.connection.closed = true;
      writer.controller.close();
      writer = null;
    },
    refuse: (status) => {
      refuseWith = status;
    },
  };
}

/** An alert change as the stream sends it (docs/api/stream.md), of a major open alert in Production. */
export function alertChange(id: string, op = 'changed') {
  return {
    op,
    id,
    environment: 'Production',
    severity: 'major',
    status: 'open',
    lastReceiveTime: '2026-03-14T09:00:00.000Z',
    updateTime: null,
  };
}
