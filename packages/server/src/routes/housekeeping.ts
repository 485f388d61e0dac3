import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { type HousekeepingSettings, housekeep } from '../domain/housekeeping.js';
import { badRequest } from '../errors.js';
import { changeSettingsOf } from './change-support.js';
import { queryParams } from './alert-params.js';

export function housekeepingSettingsOf(context: AppContext): HousekeepingSettings {
  return {
    ...changeSettingsOf(context),
    deleteExpiredAfter: context.settings.DELETE_EXPIRED_AFTER,
    deleteInfoAfter: context.settings.DELETE_INFO_AFTER,
    streamHistory: context.settings.STREAM_HISTORY,
  };
}

/**
 * `?expired=<hours>` and `?info=<hours>` override the thresholds for one call (docs/api/management.md#housekeeping).
 */
function hoursParam(request: FastifyRequest, name: string): number | undefined {
  const value = queryParams(request.query).get(name)?.[0];
  if (value === undefined || value === '') return undefined;
  if (!/^\d{1,6}(\.\d{1,6})?$/.test(value)) throw badRequest(`'${name}' must be a number of hours`);
  return Math.round(Number(value) * 3600);
}

/**
 * GET/POST /management/housekeeping (docs/api/management.md): one pass now, waiting for a pass another process is
 * running.
 */
export function registerHousekeepingRoutes(app: FastifyInstance, context: AppContext): void {
  const handler = async (request: FastifyRequest) => {
    const settings = housekeepingSettingsOf(context);
    const expired = hoursParam(request, 'expired');
    const info = hoursParam(request, 'info');
    if (expired !== undefined) settings.deleteExpiredAfter = expired;
    if (info !== undefined) settings.deleteInfoAfter = info;
    const outcome = await context.store.housekeeping.run((tx) => housekeep(tx, settings, new Date()), { wait: true });
    const report = outcome.ran ? outcome.value : { expired: [], unshelve: [], unack: [] };
    return {
      status: 'ok',
      ...report,
      count: report.expired.length + report.unshelve.length + report.unack.length,
    };
  };
  const options = { config: { scope: 'admin:management' } };
  app.get('/management/housekeeping', options, handler);
  app.post('/management/housekeeping', options, handler);
}
