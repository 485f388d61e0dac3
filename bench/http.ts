import { type Socket, connect } from 'node:net';

/**
 * A chunked body from `start` in `buffer`: complete with the bytes it took, or what arrived so far when the last chunk
 * has not (or a chunk size cannot be read).
 */
export function readChunked(
  buffer: Buffer,
  start: number,
): { complete: true; body: string; consumed: number } | { complete: false; body: string } {
  const parts: Buffer[] = [];
  let at = start;
  for (;;) {
    const lineEnd = buffer.indexOf('\r\n', at);
    const size = lineEnd < 0 ? NaN : parseInt(buffer.subarray(at, lineEnd).toString('latin1'), 16);
    if (Number.isNaN(size) || buffer.length < lineEnd + 2 + size + 2) {
      return { complete: false, body: Buffer.concat(parts).toString('utf8') };
    }
    if (size === 0) return { complete: true, body: Buffer.concat(parts).toString('utf8'), consumed: lineEnd + 4 };
    parts.push(buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/**
 * A small keep-alive HTTP/1.1 client over raw sockets. The load generator shares the server's two cores, so it must
 * cost as little as possible per request: requests are written as one buffer and responses parsed only as far as
 * the status, Content-Length (or chunks) and body. Node's own client costs several times more CPU per request, which
 * the server then lacks.
 */
export interface Client {
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: string }>;
  close(): void;
}

interface Pending {
  resolve: (value: { status: number; body: string }) => void;
  reject: (error: Error) => void;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** One connection: one request at a time, answered in order. */
class Connection {
  private buffer: Buffer = Buffer.alloc(0);
  private pending: Pending | undefined;
  readonly socket: Socket;

  constructor(host: string, port: number, onClose: () => void) {
    this.socket = connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
      this.parse();
    });
    const fail = (error: Error) => {
      this.pending?.reject(error);
      this.pending = undefined;
      onClose();
    };
    this.socket.on('error', fail);
    this.socket.on('close', () => fail(new Error('connection closed')));
  }

  get busy(): boolean {
    return this.pending !== undefined;
  }

  send(request: Buffer, pending: Pending): void {
    this.pending = pending;
    this.socket.write(request);
  }

  private parse(): void {
    const headerEnd = this.buffer.indexOf(HEADER_END);
    if (headerEnd < 0 || this.pending === undefined) return;
    const head = this.buffer.subarray(0, headerEnd).toString('latin1');
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    const bodyStart = headerEnd + 4;
    let body: string;
    let consumed: number;
    if (length !== null) {
      consumed = bodyStart + Number(length[1]);
      if (this.buffer.length < consumed) return;
      body = this.buffer.subarray(bodyStart, consumed).toString('utf8');
    } else if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
      const chunked = readChunked(this.buffer, bodyStart);
      if (!chunked.complete) return;
      consumed = chunked.consumed;
      body = chunked.body;
    } else {
      consumed = bodyStart;
      body = '';
    }
    this.buffer = this.buffer.subarray(consumed);
    const pending = this.pending;
    this.pending = undefined;
    pending.resolve({ status, body });
  }
}

export function createClient(baseURL: string, headers: Record<string, string>, connections: number): Client {
  const url = new URL(baseURL);
  const prefix = url.pathname.replace(/\/$/, '');
  const fixedHeaders = Object.entries({ Host: url.host, Connection: 'keep-alive', ...headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const idle: Connection[] = [];
  const all = new Set<Connection>();
  const waiting: { request: Buffer; pending: Pending }[] = [];
  let open = 0;
  let closed = false;

  const release = (connection: Connection): void => {
    const next = waiting.shift();
    if (next !== undefined) connection.send(next.request, wrap(connection, next.pending));
    else idle.push(connection);
  };

  const dispatch = (request: Buffer, pending: Pending): void => {
    const connection = idle.pop();
    if (connection !== undefined) {
      connection.send(request, wrap(connection, pending));
      return;
    }
    if (open < connections) {
      open += 1;
      const fresh: Connection = new Connection(url.hostname, Number(url.port), () => {
        if (!all.delete(fresh)) return;
        open -= 1;
        const index = idle.indexOf(fresh);
        if (index >= 0) idle.splice(index, 1);
      });
      all.add(fresh);
      fresh.send(request, wrap(fresh, pending));
      return;
    }
    waiting.push({ request, pending });
  };

  // Hands the connection on once its answer is in, to a waiting request or back to the idle list.
  const wrap = (connection: Connection, pending: Pending): Pending => ({
    resolve: (value) => {
      pending.resolve(value);
      if (!closed) release(connection);
    },
    reject: pending.reject,
  });

  return {
    call(method, path, body) {
      const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      const head =
        `${method} ${prefix}${path} HTTP/1.1\r\n${fixedHeaders}` +
        (payload === undefined
          ? '\r\n'
          : `Content-Type: application/json\r\nContent-Length: ${String(payload.length)}\r\n\r\n`);
      const request = payload === undefined ? Buffer.from(head) : Buffer.concat([Buffer.from(head), payload]);
      return new Promise((resolve, reject) => {
        const pending: Pending = { resolve, reject };
        dispatch(request, pending);
      });
    },
    close() {
      closed = true;
      idle.length = 0;
      for (const connection of all) connection.socket.destroy();
    },
  };
}

export interface LoadResult {
  requests: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  statuses: Record<number, number>;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

/**
 * Runs `total` requests with `connections` in flight at once; `next(i)` describes request i. Latencies in ms.
 */
export async function runLoad(
  client: Client,
  total: number,
  connections: number,
  next: (i: number) => { method: string; path: string; body?: unknown },
): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let issued = 0;
  const started = performance.now();
  async function worker(): Promise<void> {
    while (issued < total) {
      const i = issued++;
      const { method, path, body } = next(i);
      const t0 = performance.now();
      const { status } = await client.call(method, path, body);
      latencies.push(performance.now() - t0);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  }
  await Promise.all(Array.from({ length: connections }, () => worker()));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: total,
    seconds,
    perSecond: total / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    statuses,
  };
}
