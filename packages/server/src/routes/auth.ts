import { loginBodySchema } from '@alerta/contract';
import type { FastifyInstance } from 'fastify';
import { verifyPassword } from '../auth/passwords.js';
import { resolveIdentity } from '../auth/permissions.js';
import { issueToken } from '../auth/tokens.js';
import type { AppContext } from '../context.js';
import { ApiError } from '../errors.js';

const MISSING = "must supply 'username' and 'password'";

export function registerAuthRoutes(app: FastifyInstance, context: AppContext): void {
  const { settings } = context;
  // api.md §1.7: 200 {token} (no status key); 401 for missing or wrong credentials; 403 for an inactive user.
  app.post('/auth/login', async (request) => {
    const body = loginBodySchema.safeParse(request.body ?? {});
    if (!body.success) throw new ApiError(401, MISSING);
    const name = body.data.username ?? body.data.email;
    const password = body.data.password;
    if (name === undefined || name === '' || password === undefined || password === '') {
      throw new ApiError(401, MISSING);
    }
    const user = await context.store.users.findByLoginOrEmail(name);
    const ok = await verifyPassword(password, user?.password);
    if (user === undefined || !ok) throw new ApiError(401, 'Invalid username or password');
    if (user.status !== 'active') throw new ApiError(403, `User ${user.login} not active`);

    const { roles, groups, scopes } = await resolveIdentity(settings, context.store, user);
    const audience = settings.OAUTH2_CLIENT_ID !== '' ? settings.OAUTH2_CLIENT_ID : context.apiRoot(request);
    const token = await issueToken(
      {
        userId: user.id,
        name: user.name,
        login: user.login,
        email: user.email,
        emailVerified: user.emailVerified,
        provider: 'basic',
        roles,
        groups,
        scopes,
      },
      {
        secret: context.secretKey,
        issuer: context.apiRoot(request),
        audience,
        expireDays: settings.TOKEN_EXPIRE_DAYS,
      },
    );
    await context.store.users.recordLogin(user.id, new Date().toISOString());
    return { token };
  });
}
