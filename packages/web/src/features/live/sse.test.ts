import { describe, expect, it } from 'vitest';
import { SseParser, type SseMessage } from './sse';

// docs/console/behaviour.md#live-updates: the console reads the stream's Server-Sent Events itself.

function parse(chunks: readonly string[]) {
  const messages: SseMessage[] = [];
  const retries: number[] = [];
  const parser = new SseParser({ onMessage: (m) => messages.push(m), onRetry: (ms) => retries.push(ms) });
  for (const chunk of chunks) parser.push(chunk);
  return { messages, retries, parser };
}

describe('SseParser', () => {
  it('reads an event with its name, id and data', () => {
    const { messages, parser } = parse(['event: alerts\nid: 42\ndata: {"changes":[]}\n\n']);
    expect(messages).toEqual([{ event: 'alerts', id: '42', data: '{"changes":[]}' }]);
    expect(parser.lastEventId).toBe('42');
  });

  it('puts together an event split anywhere across chunks', () => {
    const text = 'event: hello\nid: 7\ndata: {"position":"7"}\n\n';
    for (let cut = 1; cut < text.length; cut++) {
      const { messages } = parse([text.slice(0, cut), text.slice(cut)]);
      expect(messages, `cut at ${cut}`).toEqual([{ event: 'hello', id: '7', data: '{"position":"7"}' }]);
    }
    expect(parse(text.split('')).messages).toHaveLength(1);
  });

  it('takes CRLF, CR and LF line ends, a CRLF split between chunks included', () => {
    expect(parse(['event: a\r\ndata: 1\r\n\r\n']).messages).toEqual([{ event: 'a', id: '', data: '1' }]);
    expect(parse(['event: a\rdata: 1\r\r']).messages).toEqual([{ event: 'a', id: '', data: '1' }]);
    // The LF after a CR that ended the previous chunk is the same line end, not a blank line.
    expect(parse(['data: 1\r', '\ndata: 2\r', '\n\r', '\n']).messages).toEqual([
      { event: 'message', id: '', data: '1\n2' },
    ]);
  });

  it('skips comments, such as the keep-alive', () => {
    const { messages } = parse([': keepalive\n\n', ':\n', 'data: x\n: in between\n\n']);
    expect(messages).toEqual([{ event: 'message', id: '', data: 'x' }]);
  });

  it('joins multi-line data with line feeds and drops one space after the colon only', () => {
    const { messages } = parse(['data:first\ndata:  second\ndata\ndata: third\n\n']);
    expect(messages).toEqual([{ event: 'message', id: '', data: 'first\n second\n\nthird' }]);
  });

  it('reads retry when it is digits only', () => {
    const { retries } = parse(['retry: 3000\n\n', 'retry: soon\n\n', 'retry: 12a\n\n', 'retry:500\n\n']);
    expect(retries).toEqual([3000, 500]);
  });

  it('dispatches nothing for an event without data, but keeps its id', () => {
    const { messages, parser } = parse(['event: alerts\nid: 9\n\n', 'data: y\n\n']);
    expect(messages).toEqual([{ event: 'message', id: '9', data: 'y' }]);
    expect(parser.lastEventId).toBe('9');
  });

  it('ignores an id holding NUL, unknown fields, and a byte-order mark at the start', () => {
    const { messages } = parse(['\uFEFFid: 1\nid: a\u0000b\nfoo: bar\ndata: z\n\n']);
    expect(messages).toEqual([{ event: 'message', id: '1', data: 'z' }]);
  });

  it('keeps an unfinished event until its blank line comes', () => {
    const { messages } = parse(['data: one\n\ndata: two\n']);
    expect(messages).toEqual([{ event: 'message', id: '', data: 'one' }]);
  });
});
