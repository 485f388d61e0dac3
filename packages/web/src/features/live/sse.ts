/** One event of a Server-Sent Events stream, as dispatched at the blank line that ends it. */
export interface SseMessage {
  /** The `event:` name, `message` when the event named none. */
  event: string;
  /** The `data:` lines, joined with line feeds. */
  data: string;
  /** The last `id:` the stream gave, this event's or an earlier one's (empty before any). */
  id: string;
}

export interface SseHandlers {
  onMessage: (message: SseMessage) => void;
  /** A `retry:` line: how long the server asks a client to wait before reconnecting, in milliseconds. */
  onRetry?: (ms: number) => void;
}

/**
 * A small Server-Sent Events parser (docs/console/behaviour.md#live-updates), after the format's rules: lines end with
 * CRLF, LF or CR, also when a chunk ends between the CR and the LF; a line starting with `:` is a comment; `field:
 * value` (one space after the colon dropped), or a bare field name with an empty value; `data` lines add up, `event`
 * names the event, `id` sets the last event id (unless it holds NUL) even for an event that is then ignored, `retry`
 * takes digits only; a blank line dispatches, and an event without data is dropped. A byte-order mark at the start is
 * skipped. Chunks are text: the caller decodes the bytes (TextDecoder in streaming mode keeps split characters whole).
 */
export class SseParser {
  private buffer = '';
  private started = false;
  /** The previous chunk ended with CR: an LF starting this one belongs to it. */
  private afterCr = false;
  private dataLines: string[] = [];
  private eventName = '';
  private lastId = '';

  constructor(private readonly handlers: SseHandlers) {}

  /** The id a reconnecting client sends back as `Last-Event-ID` (empty before any). */
  get lastEventId(): string {
    return this.lastId;
  }

  push(chunk: string): void {
    let text = chunk;
    if (!this.started && text !== '') {
      this.started = true;
      if (text.startsWith('\uFEFF')) text = text.slice(1);
    }
    if (this.afterCr && text.startsWith('\n')) text = text.slice(1);
    this.afterCr = false;
    this.buffer += text;
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const char = this.buffer[i];
      if (char !== '\n' && char !== '\r') continue;
      this.line(this.buffer.slice(start, i));
      if (char === '\r') {
        if (i + 1 === this.buffer.length) this.afterCr = true;
        else if (this.buffer[i + 1] === '\n') i++;
      }
      start = i + 1;
    }
    this.buffer = this.buffer.slice(start);
  }

  private line(line: string): void {
    if (line === '') {
      this.dispatch();
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        this.eventName = value;
        break;
      case 'data':
        this.dataLines.push(value);
        break;
      case 'id':
        if (!value.includes('\0')) this.lastId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.handlers.onRetry?.(Number(value));
        break;
      default:
      // Unknown fields are ignored.
    }
  }

  private dispatch(): void {
    const name = this.eventName;
    const lines = this.dataLines;
    this.eventName = '';
    this.dataLines = [];
    if (lines.length === 0) return;
    this.handlers.onMessage({ event: name === '' ? 'message' : name, data: lines.join('\n'), id: this.lastId });
  }
}
