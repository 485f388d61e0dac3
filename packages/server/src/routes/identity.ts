import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { registerKeyRoutes } from './keys.js';

/** API keys, users, groups, permissions, scopes and customers (api.md §1.5–§1.6). */
export function registerIdentityRoutes(app: FastifyInstance, context: AppContext): void {
  registerKeyRoutes(app, context);
}
