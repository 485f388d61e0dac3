import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, it } from 'node:test';
import { ChangeHub } from '../src/http/change-hub.js';
import { LiveStream, audienceKey } from '../src/http/live-stream.js';
import type { ChangeEntry, ChangeLogRepository, ChangeWakeListener } from '../src/store/change-log-types.js';

/** A change log in memory: entries appended by hand, a listener woken by hand, and what was asked of it. */
class MemoryLog implements ChangeLogRepository {
  entries: ChangeEntry[] = [];
  listeners = 0;
  private listener: ChangeWakeListener | undefined;

  append(id: string, customer: string | null = null): void {
    const seq = (this.entries.at(-1)?.seq ?? 0) + 1;
    this.entries.push({
      seq,
      kind: 'alert',
      op: 'created',
      id,
      customer,
      environment: 'Production',
      severity: 'major',
      status: 'open',
      lastReceiveTime: '2026-01-01T00:00:00.000Z',
      updateTime: null,
      repeat: false,
    });
    this.listener?.wake();
  }

  after(after: number, limit: number): Promise<ChangeEntry[]> {
    return Promise.resolve(this.entries.filter((e) => e.seq > after).slice(0, limit));
  }
  lastOlderThan(): Promise<number | undefined> {
    return Promise.resolve(this.entries.at(-1)?.seq);
  }
  countAfter(after: number): Promise<number> {
    return Promise.resolve(this.entries.filter((e) => e.seq > after).length);
  }
  bounds(): Promise<{ min: number; max: number } | undefined> {
    const [first, last] = [this.entries[0], this.entries.at(-1)];
    return Promise.resolve(first === undefined || last === undefined ? undefined : { min: first.seq, max: last.seq });
  }
  allocated(): Promise<number> {
    return Promise.resolve(this.entries.at(-1)?.seq ?? 0);
  }
  prune(): Promise<number> {
    return Promise.resolve(0);
  }
  listen(listener: ChangeWakeListener): () => Promise<void> {
    this.listeners += 1;
    this.listener = listener;
    listener.listening(true);
    return () => {
      this.listeners -= 1;
      this.listener = undefined;
      return Promise.resolve();
    };
  }
}

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('not in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A response that never sends anything on: what is written stays in the stream's own buffer. */
const stalledResponse = () => {
  let destroyed = false;
  const raw = { writableLength: 0, destroy: () => (destroyed = true) } as unknown as ServerResponse;
  return { raw, destroyed: () => destroyed };
};

/** A stream of `audience` on `hub` writing to memory, with no bound that matters; what it wrote so far. */
function writingStream(
  hub: ChangeHub,
  audience: { heartbeats: boolean; blackouts: boolean; customers: Set<string> | undefined },
): { stream: LiveStream; text: () => string } {
  const out = new PassThrough();
  let written = '';
  out.on('data', (chunk: Buffer) => (written += chunk.toString()));
  const stream: LiveStream = new LiveStream(
    out,
    stalledResponse().raw,
    { ...audience, key: audienceKey(audience) },
    { keepaliveMs: 60_000, maxUnsentBytes: 1_000_000 },
    () => hub.detach(stream),
  );
  return { stream, text: () => written };
}

describe('the change hub and its streams', () => {
  it('listens only while a stream is attached, and stops when the last one goes', async () => {
    const log = new MemoryLog();
    const hub = new ChangeHub(log, { historyMs: 600_000 });
    const seen: string[] = [];
    const first = { deliver: (entries: readonly ChangeEntry[]) => seen.push(...entries.map((e) => e.id)) };
    const second = { deliver: () => undefined };
    assert.equal(log.listeners, 0);
    await hub.attach(first, undefined);
    await hub.attach(second, undefined);
    assert.equal(log.listeners, 1, 'one reader for every stream');
    log.append('a1');
    await until(() => seen.includes('a1'));
    hub.detach(first);
    hub.detach(second);
    await until(() => log.listeners === 0);
    assert.equal(hub.size, 0);
    await hub.close();
  });

  it('spaces its reads by what writing to its streams costs, so a burst reaches a slow audience in few deliveries', async () => {
    const log = new MemoryLog();
    const hub = new ChangeHub(log, { historyMs: 600_000, coalesceMs: 1, publishShare: 10, coalesceMaxMs: 400 });
    const deliveries: { at: number; size: number }[] = [];
    // A subscriber whose every delivery takes 20 ms, as a thousand streams might: reads then come ≥ 200 ms apart.
    const slow = {
      deliver: (entries: readonly ChangeEntry[]) => {
        deliveries.push({ at: performance.now(), size: entries.length });
        const until = performance.now() + 20;
        while (performance.now() < until) {
          // busy, as writing to sockets is
        }
      },
    };
    await hub.attach(slow, undefined);
    log.append('warm-up');
    await until(() => deliveries.length === 1);
    const started = performance.now();
    const timer = setInterval(() => log.append(`burst-${String(performance.now())}`), 2);
    await until(() => performance.now() - started > 1_000);
    clearInterval(timer);
    await until(() => deliveries.reduce((sum, d) => sum + d.size, 0) === log.entries.length);
    const during = deliveries.slice(1);
    const gaps = during.slice(1).map((d, i) => d.at - (during[i]?.at ?? 0));
    assert.ok(gaps.length >= 2, `deliveries: ${String(during.length)}`);
    assert.ok(Math.min(...gaps) >= 150, `gaps between deliveries: ${gaps.map((g) => g.toFixed(0)).join(', ')} ms`);
    assert.ok(during.length <= 8, `${String(during.length)} deliveries for ${String(log.entries.length - 1)} entries`);
    await hub.close();
  });

  it('names up to 20 alerts created in a burst and counts the rest of its changes', async () => {
    const log = new MemoryLog();
    const hub = new ChangeHub(log, { historyMs: 600_000 });
    const { stream, text } = writingStream(hub, { heartbeats: true, blackouts: true, customers: undefined });
    await stream.begin(hub, 3000, await hub.attach(stream, undefined));
    // 25 appended at once: one read.
    for (let n = 0; n < 25; n += 1) log.append(`burst-${String(n)}`);
    await until(() => text().includes('"omitted"'));
    const data = text()
      .split('\n')
      .filter((line) => line.startsWith('data: {"changes"'))
      .map((line) => JSON.parse(line.slice('data: '.length)) as { changes: { id: string }[]; omitted?: number });
    assert.equal(data.length, 1, text());
    assert.deepEqual(
      data[0]?.changes.map((c) => c.id),
      Array.from({ length: 20 }, (_, n) => `burst-${String(n)}`),
    );
    assert.equal(data[0]?.omitted, 5);
    stream.end();
    await hub.close();
  });

  it('lets a client go once its unsent text passes the bound, and frees it', async () => {
    const log = new MemoryLog();
    const hub = new ChangeHub(log, { historyMs: 600_000 });
    const out = new PassThrough();
    const response = stalledResponse();
    let ended = false;
    const audience = { heartbeats: true, blackouts: true, customers: undefined };
    const stream: LiveStream = new LiveStream(
      out,
      response.raw,
      { ...audience, key: audienceKey(audience) },
      { keepaliveMs: 60_000, maxUnsentBytes: 4_000 },
      () => {
        ended = true;
        hub.detach(stream);
      },
    );
    const attachment = await hub.attach(stream, undefined);
    await stream.begin(hub, 3_000, attachment);
    for (let i = 0; i < 40 && !ended; i += 1) {
      log.append(`slow-${i}`);
      await until(() => out.readableLength > 0);
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    assert.ok(ended, 'the stream ended');
    assert.ok(response.destroyed(), 'its connection was closed');
    await until(() => log.listeners === 0);
    await hub.close();
  });

  it('replays what a resuming stream missed a page at a time, then what came meanwhile', async () => {
    const log = new MemoryLog();
    const hub = new ChangeHub(log, { historyMs: 600_000, pageSize: 10 });
    await hub.attach({ deliver: () => undefined }, undefined);
    for (let i = 1; i <= 25; i += 1) log.append(`r${i}`);
    await until(() => hub.position === 25);
    const { stream, text } = writingStream(hub, { heartbeats: true, blackouts: true, customers: undefined });
    const attachment = await hub.attach(stream, 3);
    assert.equal(attachment.position, 3);
    const begun = stream.begin(hub, 3_000, attachment);
    log.append('r26');
    await begun;
    await until(() => text().includes('"r26"'));
    const ids = [...text().matchAll(/"id":"(r\d+)"/g)].map((m) => m[1]);
    assert.deepEqual(
      ids,
      Array.from({ length: 23 }, (_, i) => `r${i + 4}`),
    );
    const positions = [...text().matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    assert.deepEqual(
      positions,
      [...positions].sort((a, b) => a - b),
      'positions never go back',
    );
    assert.equal(positions[0], 3, 'hello is the position resumed from');
    assert.equal(positions.at(-1), 26);
    stream.end();
    await hub.close();
  });

  it('tells a stream only of the customers it may see', async () => {
    const log = new MemoryLog();
    const hub = new ChangeHub(log, { historyMs: 600_000 });
    const { stream, text } = writingStream(hub, { heartbeats: false, blackouts: false, customers: new Set(['Acme']) });
    await stream.begin(hub, 3_000, await hub.attach(stream, undefined));
    log.append('theirs', 'Beta');
    log.append('nobody', null);
    log.append('ours', 'Acme');
    await until(() => text().includes('ours'));
    assert.ok(!text().includes('theirs') && !text().includes('nobody'), text());
    assert.match(text(), /id: 3\n\n/);
    stream.end();
    await hub.close();
  });
});
