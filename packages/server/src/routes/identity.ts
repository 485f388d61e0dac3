import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { registerCustomerRoutes } from './customers.js';
import { registerGroupRoutes } from './groups.js';
import { registerKeyRoutes } from './keys.js';
import { registerPermissionRoutes } from './perms.js';
import { registerOwnUserRoutes } from './user-me.js';
import { registerUserRoutes } from './users.js';

/** API keys, users, groups, permissions, scopes and customers (docs/api/keys.md, docs/api/identity.md). */
export function registerIdentityRoutes(app: FastifyInstance, context: AppContext): void {
  registerKeyRoutes(app, context);
  registerOwnUserRoutes(app, context);
  registerUserRoutes(app, context);
  registerGroupRoutes(app, context);
  registerPermissionRoutes(app, context);
  registerCustomerRoutes(app, context);
}
