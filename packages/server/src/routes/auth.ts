import { loginBodySchema } from '@alerta/contract';
import { mailToken } from '../auth/account-mail.js';
import { signInWithLdap } from '../auth/ldap-sign-in.js';
import { Mailer } from '../auth/mailer.js';
import { signInWithPassword } from '../auth/password-sign-in.js';
import { tokenForUser } from '../auth/user-token.js';
import type { AppContext } from '../context.js';
import { ApiError } from '../errors.js';
import type { ApiApp } from '../http/validation.js';
import { registerAccountMailRoutes } from './auth-mail.js';
import { registerProviderRoutes } from './auth-providers.js';
import { registerSamlRoutes } from './auth-saml.js';

const MISSING = "must supply 'username' and 'password'";

export function registerAuthRoutes(app: ApiApp, context: AppContext): void {
  const { settings } = context;
  const mailer = new Mailer(settings, app.log);
  app.addHook('onClose', () => mailer.close());

  // docs/api/auth.md#routes: 200 {token} (no status key); 401 for missing or wrong credentials; 403 for an account that
  // may not sign in (inactive, unverified, or outside ALLOWED_EMAIL_DOMAINS). With AUTH_PROVIDER=ldap the directory
  // checks the password instead of the stored accounts.
  // A body that fails the schema is answered as missing credentials, as any other unusable body is.
  const login = { schema: { body: loginBodySchema }, config: { invalidInput: { statusCode: 401, message: MISSING } } };
  app.post('/auth/login', login, async (request) => {
    const body = request.body;
    const name = body.username ?? body.email;
    const password = body.password;
    if (name === undefined || name === '' || password === undefined || password === '') {
      throw new ApiError(401, MISSING);
    }
    if (settings.AUTH_PROVIDER === 'ldap') {
      const { user, groups } = await signInWithLdap(
        context,
        { name, password, address: request.ip },
        { refused: () => new ApiError(401, 'Invalid username or password'), log: request.log },
      );
      return { token: await tokenForUser(context, request, user, 'ldap', { groups }) };
    }
    const user = await signInWithPassword(
      { settings, users: context.store.users, loginThrottle: context.loginThrottle },
      { name, password, address: request.ip },
      {
        refused: () => new ApiError(401, 'Invalid username or password'),
        // docs/api/auth.md#routes: the confirmation mail goes out again.
        unverified: (unconfirmed) => mailToken(context, mailer, request, unconfirmed, 'confirm'),
      },
    );
    return { token: await tokenForUser(context, request, user, 'basic') };
  });

  registerAccountMailRoutes(app, context, mailer);
  registerProviderRoutes(app, context);
  registerSamlRoutes(app, context);
}
