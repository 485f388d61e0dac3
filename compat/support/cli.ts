import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PYTHON, clientDir } from './paths.js';

export interface CliResult {
  /** The exit code; -1 when the run was stopped (`until`). */
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** Text for the command's standard input (a password, a confirmation, JSON lines). */
  stdin?: string;
  /** Sets TERM, as in an interactive shell: `alerta send` then reads JSON lines from a non-terminal stdin. */
  shell?: boolean;
  /** Stops the command once what it printed satisfies this (for `watch`, which never ends by itself). */
  until?: (stdout: string) => boolean;
}

const TIMEOUT_MS = 30_000;

/** Options of `alerta` itself that take a value; the command is the first other word. */
const GLOBAL_OPTIONS_WITH_VALUE = new Set(['--config-file', '--profile', '--endpoint-url', '--output']);

/** The commands run so far in this process, to check that every one of the CLI's was. */
export const commandsRun = new Set<string>();

function recordCommand(args: string[]): void {
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? '';
    if (GLOBAL_OPTIONS_WITH_VALUE.has(arg)) index++;
    else if (!arg.startsWith('-')) {
      commandsRun.add(arg);
      return;
    }
  }
}

/**
 * The `alerta` command of one configuration: its own HOME (login keeps the token in ~/.netrc), the endpoint, and the
 * credentials its environment gives (`ALERTA_API_KEY`, `ALERTA_CONF_FILE` …).
 */
export class AlertaCli {
  readonly home: string;

  constructor(
    readonly endpoint: string,
    private readonly credentialEnv: Record<string, string> = {},
  ) {
    this.home = mkdtempSync(join(tmpdir(), 'alerta-cli-home-'));
  }

  /** The credentials as the SDK's `Client(...)` takes them (`key`), when the configuration has an API key. */
  credentials(): { key?: string } {
    const key = this.credentialEnv.ALERTA_API_KEY;
    return key === undefined ? {} : { key };
  }

  /** The environment of every run: nothing of ours leaks in (the CLI reads any `ALERTA_*` variable as an option). */
  environment(extra: Record<string, string> = {}): Record<string, string> {
    return {
      PATH: '/usr/bin:/bin',
      HOME: this.home,
      LANG: 'C.UTF-8',
      TZ: 'UTC',
      PYTHONPATH: clientDir(),
      PYTHONDONTWRITEBYTECODE: '1',
      ALERTA_ENDPOINT: this.endpoint,
      ...this.credentialEnv,
      ...extra,
    };
  }

  /** Runs `/usr/bin/python3 -m alertaclient <args>` and resolves with its exit code and output. */
  run(args: string[], options: RunOptions = {}): Promise<CliResult> {
    recordCommand(args);
    const env = this.environment(options.shell === true ? { TERM: 'xterm' } : {});
    return execute(PYTHON, ['-m', 'alertaclient', ...args], env, options);
  }

  /**
   * Runs a full-screen command (`top`) in a pseudo-terminal of 160×40 made by util-linux `script`, typing `keys` at
   * once; curses reads them after drawing its first screen.
   */
  runInTerminal(args: string[], keys: string): Promise<CliResult> {
    recordCommand(args);
    const command = ['stty cols 160 rows 40 &&', 'exec', PYTHON, '-m', 'alertaclient', ...args.map(quote)].join(' ');
    const env = this.environment({ TERM: 'xterm', SHELL: '/bin/sh' });
    return execute('/usr/bin/script', ['-qec', command, '/dev/null'], env, { stdin: keys, keepStdinOpen: true });
  }
}

function quote(arg: string): string {
  return `'${arg.replaceAll("'", `'\\''`)}'`;
}

function execute(
  command: string,
  args: string[],
  env: Record<string, string>,
  options: RunOptions & { keepStdinOpen?: boolean },
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let stopped = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`alerta ${args.join(' ')} did not finish in ${TIMEOUT_MS} ms:\n${stdout}\n${stderr}`));
    }, TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (!stopped && options.until?.(stdout) === true) {
        stopped = true;
        child.kill('SIGTERM');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdin.on('error', () => undefined);
    if (options.stdin !== undefined) child.stdin.write(options.stdin);
    if (options.keepStdinOpen !== true) child.stdin.end();
    child.on('close', (code) => {
      clearTimeout(timer);
      child.stdin.destroy();
      resolve({ code: code ?? -1, stdout, stderr });
    });
  });
}
