import { buildApp } from './app.js';
import { createContext } from './context.js';
import { adminKeyLine, administratorLine, bootstrapAdminKey, bootstrapAdministrators } from './domain/bootstrap.js';
import { loadDemo } from './domain/demo.js';
import { ServerMetrics } from './http/metrics.js';
import { ingestSettingsOf } from './domain/ingest-settings.js';
import { resolveSecretKey } from './secret.js';
import { type Settings, SettingsError, loadSettings } from './settings.js';
import { openStore, storeOptionsOf } from './store/open.js';

function readSettings(): Settings {
  try {
    return loadSettings(process.env);
  } catch (error) {
    if (error instanceof SettingsError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const settings = readSettings();
  // The database first: a data folder the server cannot write is reported with the database's own message.
  const store = openStore(settings.database, storeOptionsOf(settings));
  const secretKey = resolveSecretKey(settings.SECRET_KEY, settings.DATA_DIR);
  await store.migrate();
  await store.useAlarmModel(settings.ALARM_MODEL);

  for (const created of await bootstrapAdministrators(store.users, settings)) {
    process.stdout.write(`${administratorLine(created)}\n`);
  }
  const adminKey = await bootstrapAdminKey(store.keys, settings);
  if (adminKey !== undefined) process.stdout.write(`${adminKeyLine(adminKey)}\n`);

  // The demo alerts count as created, as alerts sent to the server do (docs/api/management.md#status-and-metrics).
  const metrics = new ServerMetrics();
  const app = await buildApp(settings, store, { secretKey, metrics });
  if (settings.DEMO || process.argv.slice(2).includes('--demo')) {
    const context = createContext(settings, store, secretKey);
    const loaded = await loadDemo(
      store,
      ingestSettingsOf(settings, context.model, context.origin),
      settings.ALLOWED_ENVIRONMENTS,
      (outcome) => metrics.countIngest(outcome),
    );
    if (loaded > 0) app.log.info(`Loaded ${loaded} demo alerts`);
  }

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) {
      // A second signal while draining means "now".
      process.exit(1);
    }
    stopping = true;
    app.log.info(`${signal} received, finishing in-flight requests`);
    // close() stops accepting, waits for in-flight requests, then we release the database.
    void app
      .close()
      .then(() => store.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'error during shutdown');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  await app.listen({ port: settings.PORT, host: settings.HOST });
  const address = app.server.address();
  const port = address !== null && typeof address === 'object' ? address.port : settings.PORT;
  app.log.info(`Listening on http://${settings.HOST}:${port}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
