import { type IncomingHttpHeaders, type IncomingMessage, request } from 'node:http';

/** One Server-Sent Event as a client receives it. */
export interface SseEvent {
  event: string;
  id: string | undefined;
  data: string;
}

/** The JSON of an event's data, typed loosely for assertions. */
export const dataOf = (event: SseEvent): Record<string, unknown> => JSON.parse(event.data) as Record<string, unknown>;

/** The `changes` of an `alerts`, `heartbeats` or `blackouts` event. */
export const changesOf = (event: SseEvent): Record<string, unknown>[] =>
  (dataOf(event).changes ?? []) as Record<string, unknown>[];

/**
 * A stream read from a real listening server, parsed as a browser would (docs/api/stream.md): events, comments and
 * the `retry:` value are kept in the order they came, and `next` waits for the next event that matches.
 */
export class SseClient {
  readonly events: SseEvent[] = [];
  readonly comments: string[] = [];
  retry: number | undefined;
  ended = false;
  private buffer = '';
  private readonly taken = new Set<string>();
  private consumed = 0;
  private waiters: (() => void)[] = [];
  private readonly endedPromise: Promise<void>;

  private constructor(
    readonly status: number,
    readonly headers: IncomingHttpHeaders,
    private readonly response: IncomingMessage,
    /** The whole body, for answers other than 200. */
    readonly body: string,
  ) {
    this.endedPromise = new Promise((resolve) => {
      response.on('close', () => {
        this.ended = true;
        this.notify();
        resolve();
      });
    });
    if (status === 200) {
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => this.take(chunk));
    }
  }

  /** Opens the stream at `url` (the whole URL); resolves once the answer's headers (or a whole error body) came. */
  static open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    return new Promise((resolve, reject) => {
      const req = request(url, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
        if (response.statusCode === 200) {
          resolve(new SseClient(200, response.headers, response, ''));
          return;
        }
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve(new SseClient(response.statusCode ?? 0, response.headers, response, text)));
      });
      req.on('error', reject);
      req.end();
    });
  }

  /** The next event not yet returned by `next` that `match` accepts (earlier ones it skips), within `timeoutMs`. */
  async next(match: (event: SseEvent) => boolean = () => true, timeoutMs = 10_000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.consumed < this.events.length) {
        const event = this.events[this.consumed];
        this.consumed += 1;
        if (event !== undefined && match(event)) return event;
      }
      if (this.ended) throw new Error(`stream ended before the event came; got ${this.describe()}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no such event within ${timeoutMs} ms; got ${this.describe()}`);
      await this.change(left);
    }
  }

  /**
   * The first change in an event named `name` that `match` accepts and no earlier call returned, looking through
   * every event received (several changes can come in one event), within `timeoutMs`.
   */
  async nextChange(
    name: string,
    match: (change: Record<string, unknown>) => boolean,
    timeoutMs = 10_000,
  ): Promise<Record<string, unknown>> {
    let found: Record<string, unknown> | undefined;
    const look = (): boolean => {
      for (const [e, event] of this.events.entries()) {
        if (event.event !== name) continue;
        for (const [c, change] of changesOf(event).entries()) {
          const key = `${e}:${c}`;
          if (this.taken.has(key) || !match(change)) continue;
          this.taken.add(key);
          found = change;
          return true;
        }
      }
      return false;
    };
    await this.until(look, timeoutMs);
    return found ?? {};
  }

  /** The next event named `name`. */
  nextNamed(name: string, timeoutMs?: number): Promise<SseEvent> {
    return this.next((event) => event.event === name, timeoutMs);
  }

  /** Waits until `check` holds of what was received, within `timeoutMs`. */
  async until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`condition not met within ${timeoutMs} ms; got ${this.describe()}`);
      await this.change(left);
    }
  }

  /** Resolves when the server ends the answer. */
  closed(timeoutMs = 10_000): Promise<void> {
    return Promise.race([
      this.endedPromise,
      new Promise<void>((_resolve, reject) =>
        setTimeout(() => reject(new Error('the stream did not end')), timeoutMs).unref(),
      ),
    ]);
  }

  close(): void {
    this.response.destroy();
  }

  private describe(): string {
    return JSON.stringify(this.events.map((e) => `${e.event}#${e.id ?? ''} ${e.data}`).slice(-20));
  }

  private change(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }

  private take(chunk: string): void {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let event = 'message';
      let id: string | undefined;
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) {
          this.comments.push(line.slice(1).trim());
          continue;
        }
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'id') id = value;
        else if (field === 'data') data.push(value);
        else if (field === 'retry') this.retry = Number(value);
      }
      if (data.length > 0) this.events.push({ event, id, data: data.join('\n') });
    }
    this.notify();
  }
}
