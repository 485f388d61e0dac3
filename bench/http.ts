import { Agent, request } from 'node:http';

/** A small keep-alive HTTP client: cheaper per request than fetch, so the load generator leaves the cores to the server. */
export interface Client {
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: string }>;
  close(): void;
}

export function createClient(baseURL: string, headers: Record<string, string>, connections: number): Client {
  const url = new URL(baseURL);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  return {
    call(method, path, body) {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      return new Promise((resolve, reject) => {
        const req = request(
          {
            agent,
            host: url.hostname,
            port: url.port,
            method,
            path: `${url.pathname.replace(/\/$/, '')}${path}`,
            headers: {
              ...headers,
              ...(payload === undefined
                ? {}
                : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) }),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        if (payload !== undefined) req.write(payload);
        req.end();
      });
    },
    close() {
      agent.destroy();
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
