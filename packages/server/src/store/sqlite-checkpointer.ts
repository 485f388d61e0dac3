import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';

/** How often the background connection copies the write-ahead log into the database file. */
const CHECKPOINT_INTERVAL_MS = 200;

/**
 * WAL pages after which a commit checkpoints by itself: only if the background checkpoints fall behind, or stop. About
 * 80 MB of log.
 */
const BACKSTOP_PAGES = 20_000;

/** SQLite's own default, used again if the background checkpoints stop. */
const FALLBACK_PAGES = 10_000;

// A worker with its own connection to the same file. A passive checkpoint never blocks the server's connection, which
// keeps reading and writing while it runs. Plain JavaScript, so it runs the same from source and from the bundle.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const timer = setInterval(() => {
  try {
    checkpoint.run();
  } catch (error) {
    // Another checkpoint is running: this one has nothing to do.
    if (error === null || typeof error !== 'object' || error.code !== 'SQLITE_BUSY') throw error;
  }
}, workerData.intervalMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Stops the background checkpoints; the server's connection then checkpoints on its own. */
  stop(): Promise<void>;
}

/**
 * Moves WAL checkpoints off the request path. SQLite otherwise checkpoints inside whichever commit crosses the
 * threshold: that commit copies thousands of pages and syncs the file while every request waits behind it. Here a
 * second connection in a worker thread checkpoints every 200 ms on the other core, and the server's connection keeps
 * a high threshold only as a backstop. If the worker fails, the server's connection goes back to SQLite's default.
 */
export function startCheckpointer(database: BetterSqlite3.Database, file: string): Checkpointer {
  database.pragma(`wal_autocheckpoint = ${String(BACKSTOP_PAGES)}`);
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { driver, file, intervalMs: CHECKPOINT_INTERVAL_MS },
    // The worker runs plain JavaScript: it needs none of the flags the server was started with.
    execArgv: [],
  });
  worker.unref();
  let stopping = false;
  const exited = new Promise<void>((resolve) => {
    worker.once('exit', () => {
      if (!stopping && database.open) database.pragma(`wal_autocheckpoint = ${String(FALLBACK_PAGES)}`);
      resolve();
    });
  });
  // An error ends the worker, and its exit (above) hands checkpoints back; without a listener it would end the server.
  worker.on('error', () => undefined);
  return {
    stop: async () => {
      if (stopping) return;
      stopping = true;
      // Keep the process up until the worker has closed its connection.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
