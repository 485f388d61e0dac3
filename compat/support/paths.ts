import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Debian's interpreter by its full path: another `python3` earlier on PATH may not see Debian's packages. */
export const PYTHON = '/usr/bin/python3';

/**
 * The official client (python-alerta-client 8.5.3) lives outside the repository, beside it, and is never copied in:
 * `../shared/clients/python-alerta-client`, or wherever `PYTHON_ALERTA_CLIENT` points.
 */
export function clientDir(): string {
  checked ??= checkClient();
  return checked;
}

let checked: string | undefined;

function checkClient(): string {
  const dir = process.env.PYTHON_ALERTA_CLIENT ?? join(repoRoot, '../shared/clients/python-alerta-client');
  if (!existsSync(join(dir, 'alertaclient', 'cli.py'))) {
    throw new Error(
      `The official Alerta Python client (python-alerta-client 8.5.3) was not found in ${dir}. ` +
        'Put it there or point PYTHON_ALERTA_CLIENT at the folder that holds its `alertaclient` package ' +
        '(see compat/README.md).',
    );
  }
  if (!existsSync(PYTHON)) {
    throw new Error(
      `${PYTHON} is missing: apt-get install python3 python3-click python3-requests python3-tabulate python3-tz`,
    );
  }
  try {
    execFileSync(PYTHON, ['-c', 'import click, requests, tabulate, pytz'], { stdio: 'pipe' });
  } catch {
    throw new Error(
      `${PYTHON} cannot import what the client needs: apt-get install python3-click python3-requests ` +
        'python3-tabulate python3-tz',
    );
  }
  return dir;
}

/** The commands of the CLI, as it finds them: one `alertaclient/commands/cmd_<name>.py` each. */
export function cliCommands(): string[] {
  return readdirSync(join(clientDir(), 'alertaclient', 'commands'))
    .filter((file) => /^cmd_\w+\.py$/.test(file))
    .map((file) => file.slice(4, -3))
    .sort();
}
