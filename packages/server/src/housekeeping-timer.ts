import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.js';
import { housekeep } from './domain/housekeeping.js';
import { housekeepingSettingsOf } from './routes/housekeeping.js';

/**
 * The built-in housekeeping scheduler (README.md#settings, HOUSEKEEPING_INTERVAL): every HOUSEKEEPING_INTERVAL seconds
 * (0 turns it off) the server runs a pass. With several processes on one PostgreSQL database, the pass of a process
 * that finds another pass under way is skipped. Starts when the server is ready and stops when it closes.
 */
export function scheduleHousekeeping(app: FastifyInstance, context: AppContext): void {
  const intervalMs = context.settings.HOUSEKEEPING_INTERVAL * 1000;
  if (intervalMs === 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const pass = async (): Promise<void> => {
    try {
      const settings = housekeepingSettingsOf(context);
      const outcome = await context.store.housekeeping.run((tx) => housekeep(tx, settings, new Date()), {
        wait: false,
      });
      if (outcome.ran) {
        const { expired, unshelve, unack } = outcome.value;
        const count = expired.length + unshelve.length + unack.length;
        if (count > 0) app.log.info({ expired, unshelve, unack }, `housekeeping changed ${count} alerts`);
      }
    } catch (error) {
      app.log.error({ err: error }, 'housekeeping pass failed');
    }
  };

  const next = (): void => {
    if (stopped) return;
    // The next pass is timed from the end of this one, so passes never overlap within a process.
    timer = setTimeout(() => {
      running = pass().finally(() => {
        running = undefined;
        next();
      });
    }, intervalMs);
    timer.unref();
  };

  app.addHook('onReady', (done) => {
    next();
    done();
  });
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
}
