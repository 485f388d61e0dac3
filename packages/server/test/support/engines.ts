import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe } from 'node:test';
import { createTestDatabase, dropTestDatabases, stopOwnCluster } from './postgres.js';

export interface Engine {
  name: 'sqlite' | 'postgres';
  /** A DATABASE_URL for a new, empty database. */
  newDatabaseUrl(): Promise<string>;
}

const tempDirs: string[] = [];

export function tempDir(prefix = 'alerta-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

const sqlite: Engine = {
  name: 'sqlite',
  newDatabaseUrl: () => Promise.resolve(`sqlite:${join(tempDir(), 'alerta.sqlite')}`),
};

const postgres: Engine = { name: 'postgres', newDatabaseUrl: createTestDatabase };

/** Runs the same tests once on SQLite and once on PostgreSQL. */
export function forEachEngine(suite: (engine: Engine) => void): void {
  for (const engine of [sqlite, postgres]) {
    void describe(engine.name, () => suite(engine));
  }
  after(async () => {
    await dropTestDatabases();
    await stopOwnCluster();
    for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
}
