import { randomUUID } from 'node:crypto';
import { defaultUserName, forgotBodySchema, isEmailAddress, resetBodySchema, signupBodySchema } from '@alerta/contract';
import { z } from 'zod';
import { mailToken } from '../auth/account-mail.js';
import { checkEmailDomain, saveUser } from '../auth/accounts.js';
import { emailTokenDigest, verifyEmailToken } from '../auth/email-tokens.js';
import type { Mailer } from '../auth/mailer.js';
import { hashPassword } from '../auth/passwords.js';
import { isAdminUser } from '../auth/permissions.js';
import { tokenForUser } from '../auth/user-token.js';
import type { AppContext } from '../context.js';
import { ApiError, badRequest } from '../errors.js';
import { type ApiApp, absentBodyIsEmpty, checkFirst } from '../http/validation.js';
import type { UserRecord } from '../store/types.js';

/** The token a confirmation or reset mail links to. */
const tokenParams = z.object({ token: z.string() });

/**
 * Signup, email confirmation, forgotten and reset passwords (docs/api/auth.md#routes,
 * docs/api/auth.md#passwords-and-sign-up).
 */
export function registerAccountMailRoutes(app: ApiApp, context: AppContext, mailer: Mailer): void {
  const { settings, store } = context;

  const checkPassword = (password: string | undefined): string => {
    if (password === undefined || password === '') throw badRequest("missing 'password'");
    if (password.length < settings.PASSWORD_MIN_LENGTH) {
      throw badRequest(`password must be at least ${settings.PASSWORD_MIN_LENGTH} characters`);
    }
    return password;
  };

  // Bad input is answered with the first problem's own text; no body, or `null`, is an empty one
  // (docs/api/auth.md#routes).
  const signup = {
    schema: { body: signupBodySchema },
    config: { invalidInput: 'first-issue' as const },
    preValidation: [
      // Whatever the body, a server without signup says so first.
      checkFirst(() => {
        if (settings.AUTH_PROVIDER !== 'basic' || !settings.SIGNUP_ENABLED) {
          throw new ApiError(403, 'user signup is disabled');
        }
      }),
      absentBodyIsEmpty,
    ],
  };
  app.post('/auth/signup', signup, async (request) => {
    const { email, text } = request.body;
    const name = request.body.name?.trim() ?? '';
    if (email === undefined || email === '') throw badRequest("missing 'email'");
    if (!isEmailAddress(email)) throw badRequest('invalid email address');
    const password = checkPassword(request.body.password);
    // README.md#sign-in-limits: counted once the request is well formed, before anything is looked up or written.
    await context.requestLimits.count('signup', email, request.ip);
    checkEmailDomain(settings, email);
    if ((await store.users.findByLoginOrEmail(email)) !== undefined) throw new ApiError(409, 'username already exists');

    const now = new Date().toISOString();
    const user: UserRecord = {
      id: randomUUID(),
      // Without a name (the reference's client sends null when none is given) the user is named after the address.
      name: name === '' ? defaultUserName(email) : name,
      login: email,
      email,
      password: await hashPassword(password, settings.BCRYPT_LOG_ROUNDS),
      status: 'active',
      // docs/api/scopes.md#scopes-from-roles: new signups get USER_ROLES, or ADMIN_ROLES when listed in ADMIN_USERS.
      roles: isAdminUser(settings, email) ? [...settings.ADMIN_ROLES] : [...settings.USER_ROLES],
      attributes: {},
      createTime: now,
      lastLogin: null,
      text: text ?? '',
      updateTime: null,
      emailVerified: false,
    };
    await saveUser(store, user, true);
    if (settings.EMAIL_VERIFICATION) {
      await mailToken(context, mailer, request, user, 'confirm');
      throw new ApiError(403, 'email not verified');
    }
    return { token: await tokenForUser(context, request, user, 'basic') };
  });

  app.post('/auth/confirm/:token', { schema: { params: tokenParams } }, async (request) => {
    const userId = verifyEmailToken(context.secretKey, 'confirm', request.params.token);
    const user = await store.users.get(userId);
    if (user === undefined) throw badRequest('invalid token');
    if (user.emailVerified) throw badRequest('email address already verified');
    const used = await store.users.consumeEmailToken(user.id, emailTokenDigest(request.params.token), {
      emailVerified: true,
      updateTime: new Date().toISOString(),
    });
    if (!used) throw badRequest('invalid token');
    return { status: 'ok', message: `email address ${user.email ?? user.login} confirmed` };
  });

  // Answers the same whether or not the address belongs to an active user, so it cannot be used to find accounts.
  const forgot = {
    schema: { body: forgotBodySchema },
    config: { invalidInput: 'first-issue' as const },
    preValidation: absentBodyIsEmpty,
  };
  app.post('/auth/forgot', forgot, async (request) => {
    const email = request.body.email;
    if (email === undefined || email === '' || !isEmailAddress(email)) throw badRequest('invalid email address');
    // README.md#sign-in-limits: counted whether or not the address has an account, so a 429 tells nothing either.
    await context.requestLimits.count('reset', email, request.ip);
    const user = await store.users.findByLoginOrEmail(email);
    if (user !== undefined && user.status === 'active' && user.email?.toLowerCase() === email.toLowerCase()) {
      await mailToken(context, mailer, request, user, 'reset');
    }
    return { status: 'ok', message: 'password reset sent' };
  });

  const reset = {
    schema: { params: tokenParams, body: resetBodySchema },
    config: { invalidInput: 'first-issue' as const },
    preValidation: [
      // A token that is not valid is the answer, whatever the body holds.
      checkFirst((request) => {
        const { token } = tokenParams.parse(request.params);
        verifyEmailToken(context.secretKey, 'reset', token);
      }),
      absentBodyIsEmpty,
    ],
  };
  app.post('/auth/reset/:token', reset, async (request) => {
    const userId = verifyEmailToken(context.secretKey, 'reset', request.params.token);
    const password = checkPassword(request.body.password);
    const user = await store.users.get(userId);
    if (user === undefined) throw badRequest('invalid token');
    const used = await store.users.consumeEmailToken(user.id, emailTokenDigest(request.params.token), {
      password: await hashPassword(password, settings.BCRYPT_LOG_ROUNDS),
      updateTime: new Date().toISOString(),
    });
    if (!used) throw badRequest('invalid token');
    return { status: 'ok', message: 'password reset successful' };
  });
}
