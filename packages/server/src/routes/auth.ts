import { loginBodySchema } from '@alerta/contract';
import type { FastifyInstance } from 'fastify';
import { mailToken } from '../auth/account-mail.js';
import { loginThrottle } from '../auth/login-throttle.js';
import { Mailer } from '../auth/mailer.js';
import { verifyPassword } from '../auth/passwords.js';
import { tokenForUser } from '../auth/user-token.js';
import type { AppContext } from '../context.js';
import { ApiError } from '../errors.js';
import { registerAccountMailRoutes } from './auth-mail.js';
import { registerProviderRoutes } from './auth-providers.js';
import { checkEmailDomain } from './users.js';

const MISSING = "must supply 'username' and 'password'";

export function registerAuthRoutes(app: FastifyInstance, context: AppContext): void {
  const { settings } = context;
  const mailer = new Mailer(settings, app.log);
  app.addHook('onClose', () => mailer.close());
  const throttle = loginThrottle(settings);

  // api.md §1.7: 200 {token} (no status key); 401 for missing or wrong credentials; 403 for an inactive user.
  app.post('/auth/login', async (request) => {
    const body = loginBodySchema.safeParse(request.body ?? {});
    if (!body.success) throw new ApiError(401, MISSING);
    const name = body.data.username ?? body.data.email;
    const password = body.data.password;
    if (name === undefined || name === '' || password === undefined || password === '') {
      throw new ApiError(401, MISSING);
    }
    throttle.check(name, request.ip);
    const user = await context.store.users.findByLoginOrEmail(name);
    const ok = await verifyPassword(password, user?.password);
    if (user === undefined || !ok) {
      throttle.recordFailure(name, request.ip);
      throw new ApiError(401, 'Invalid username or password');
    }
    throttle.recordSuccess(name);
    if (user.status !== 'active') throw new ApiError(403, `User ${user.login} not active`);
    checkEmailDomain(settings, user.email);
    if (settings.EMAIL_VERIFICATION && !user.emailVerified) {
      // api.md §1.7: the confirmation mail goes out again.
      await mailToken(context, mailer, request, user, 'confirm');
      throw new ApiError(403, 'email not verified');
    }
    return { token: await tokenForUser(context, request, user, 'basic') };
  });

  registerAccountMailRoutes(app, context, mailer);
  registerProviderRoutes(app, context);
}
