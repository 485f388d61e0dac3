import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { PYTHON, clientDir, repoRoot } from './paths.js';

const answerSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: z.object({ type: z.string(), message: z.string() }) }),
]);

export type SdkAnswer = z.infer<typeof answerSchema>;

/** Keyword arguments of `Client(...)`. */
export interface ClientOptions {
  endpoint: string;
  key?: string;
  token?: string;
  username?: string;
  password?: string;
}

/** A naive UTC datetime argument, as the SDK's `create_key(expires=…)` wants one. */
export const pythonDatetime = (iso: string): { $datetime: string } => ({ $datetime: iso });

/** A query argument (`[('group', 'x'), ...]` in Python), as the SDK's list methods want one. */
export const pythonQuery = (...pairs: [string, string][]): { $query: [string, string][] } => ({ $query: pairs });

/** One Python process holding the SDK's `Client` objects; `compat/sdk_bridge.py` makes the calls. */
export class SdkBridge {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly answers: string[] = [];
  private readonly waiting: { resolve: (line: string) => void; reject: (error: Error) => void }[] = [];
  private stderr = '';
  /** The methods called so far, to check that every one of Client's was. */
  readonly called = new Set<string>();

  constructor() {
    this.child = spawn(PYTHON, [join(repoRoot, 'compat/sdk_bridge.py')], {
      env: {
        PATH: '/usr/bin:/bin',
        LANG: 'C.UTF-8',
        TZ: 'UTC',
        PYTHONPATH: clientDir(),
        PYTHONDONTWRITEBYTECODE: '1',
      },
    });
    this.child.stderr.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString();
    });
    createInterface({ input: this.child.stdout }).on('line', (line) => {
      const next = this.waiting.shift();
      if (next) next.resolve(line);
      else this.answers.push(line);
    });
    this.child.once('exit', () => {
      for (const waiter of this.waiting.splice(0)) waiter.reject(new Error(`the SDK bridge exited:\n${this.stderr}`));
    });
  }

  private send(request: unknown): Promise<SdkAnswer> {
    this.child.stdin.write(`${JSON.stringify(request)}\n`);
    const queued = this.answers.shift();
    const line =
      queued !== undefined
        ? Promise.resolve(queued)
        : new Promise<string>((resolve, reject) => this.waiting.push({ resolve, reject }));
    return line.then((text) => answerSchema.parse(JSON.parse(text)));
  }

  async connect(name: string, options: ClientOptions): Promise<void> {
    const answer = await this.send({ connect: name, options });
    if (!answer.ok) throw new Error(`Client(${JSON.stringify(options)}): ${answer.error.message}`);
  }

  /** Calls `client.method(*args, **kwargs)` and answers what it returned or raised. */
  call(client: string, method: string, args: unknown[] = [], kwargs: Record<string, unknown> = {}): Promise<SdkAnswer> {
    this.called.add(method);
    return this.send({ client, method, args, kwargs });
  }

  /** The public methods of the SDK's Client. */
  async methods(): Promise<string[]> {
    const answer = await this.send({ methods: true });
    if (!answer.ok) throw new Error(answer.error.message);
    return z.array(z.string()).parse(answer.value);
  }

  /** Calls a method that must succeed and gives its value. */
  async value(client: string, method: string, args: unknown[] = [], kwargs: Record<string, unknown> = {}) {
    const answer = await this.call(client, method, args, kwargs);
    if (!answer.ok) throw new Error(`${method} raised ${answer.error.type}: ${answer.error.message}`);
    return answer.value;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.stdin.end();
    await exited;
  }
}
