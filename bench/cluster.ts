import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface BenchDatabase {
  url: string;
  stop(): Promise<void>;
}

/** Runs one statement on its own connection to the database at `url`. */
export async function runStatement(url: string, statement: string): Promise<void> {
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new database named `name` on a throwaway PostgreSQL cluster, started in a child process as the server tests start
 * theirs (packages/server/test/support/postgres.ts); `durable` keeps PostgreSQL's own fsync, synchronous_commit and
 * full_page_writes, which the tests' cluster turns off. Stopping it removes the cluster.
 */
export async function startBenchDatabase(name: string, options: { durable?: boolean } = {}): Promise<BenchDatabase> {
  const args = [
    '--import',
    'tsx',
    'packages/server/test/support/postgres.ts',
    ...(options.durable ? ['--durable'] : []),
  ];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const clusterUrl = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /^DATABASE_URL_TEST=(.+)$/.exec(line);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', () => reject(new Error('PostgreSQL did not start')));
  });
  await runStatement(clusterUrl, `CREATE DATABASE ${name}`);
  return {
    url: clusterUrl.replace(/\/[^/]*$/, `/${name}`),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
