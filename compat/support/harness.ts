import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { AlertaCli, type CliResult, type RunOptions } from './cli.js';
import type { ApiAnswer, EngineName, RunningServer } from './server.js';

/** How the configuration's main `alerta` authenticates: an API key (`ALERTA_API_KEY`), or nothing (auth off). */
export type AuthMode = 'key' | 'none';

/**
 * What the suites of one configuration share: the server, and the `alerta` command of its main configuration. Both
 * exist once the configuration's `before` hook has run; suites register their tests before that and reach them here.
 */
export class Harness {
  private running: { server: RunningServer; cli: AlertaCli } | undefined;
  private readonly homes: AlertaCli[] = [];

  constructor(
    readonly engine: EngineName,
    readonly auth: AuthMode,
  ) {}

  /** Starts using the server; with auth on, the CLI gets a key of its own, so the harness' calls do not count on it. */
  async attach(server: RunningServer): Promise<void> {
    let credentials: Record<string, string> = {};
    if (this.auth === 'key') {
      const made = await server.api('POST', '/key', { scopes: ['admin', 'read', 'write'], text: 'alerta CLI' });
      credentials = { ALERTA_API_KEY: String(made.body.key) };
    }
    this.running = { server, cli: new AlertaCli(server.endpoint, credentials) };
    this.homes.push(this.running.cli);
  }

  get server(): RunningServer {
    if (this.running === undefined) throw new Error('the server of this configuration is not running');
    return this.running.server;
  }

  get cli(): AlertaCli {
    if (this.running === undefined) throw new Error('the server of this configuration is not running');
    return this.running.cli;
  }

  /** Another `alerta` configuration on the same server, with its own HOME. */
  newCli(credentials: Record<string, string> = {}): AlertaCli {
    const cli = new AlertaCli(this.cli.endpoint, credentials);
    this.homes.push(cli);
    return cli;
  }

  /** Runs the main `alerta` and asserts it exited 0 (stderr in the message when not). */
  async ok(args: string[], options: RunOptions = {}): Promise<CliResult> {
    const result = await this.cli.run(args, options);
    assert.equal(result.code, 0, `alerta ${args.join(' ')} exited ${result.code}:\n${result.stdout}\n${result.stderr}`);
    return result;
  }

  /** Calls our API as the administrator and asserts a 2xx answer. */
  async api(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
    const answer: ApiAnswer = await this.server.api(method, path, body);
    assert.ok(answer.status >= 200 && answer.status < 300, `${method} ${path}: ${JSON.stringify(answer.body)}`);
    return answer.body;
  }

  /** The login shown as the author of changes made by the main configuration (none with auth off). */
  get actor(): string | null {
    return this.auth === 'key' ? this.server.admin.login : null;
  }

  async stop(): Promise<void> {
    for (const cli of this.homes.splice(0)) rmSync(cli.home, { recursive: true, force: true });
    await this.running?.server.stop();
  }
}
