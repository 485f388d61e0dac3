import { z } from 'zod/mini';
import { optionalField } from './fields.js';

/** The user object (docs/api/identity.md); `email_verified` keeps the reference's snake case. */
export const userSchema = z.object({
  id: z.string(),
  href: z.string(),
  name: z.string(),
  login: z.string(),
  email: z.nullable(z.string()),
  domain: z.nullable(z.string()),
  status: z.string(),
  roles: z.array(z.string()),
  attributes: z.record(z.string(), z.unknown()),
  createTime: z.string(),
  lastLogin: z.nullable(z.string()),
  text: z.string(),
  updateTime: z.nullable(z.string()),
  email_verified: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const USER_STATUSES = ['active', 'inactive'] as const;

/** Longest user name, login, role, group name and lookup match: ample for any real one, small enough to index. */
export const MAX_IDENTITY_NAME_LENGTH = 256;
/** Longest email address: the SMTP limit, as signup's check uses. */
export const MAX_EMAIL_LENGTH = 254;
/** Longest comment on a user or group, and longest password (bcrypt reads only the first 72 bytes anyway). */
export const MAX_IDENTITY_TEXT_LENGTH = 1024;
// Nobody needs more roles or scopes than this; the cap keeps one request from storing huge lists.
const MAX_LIST_LENGTH = 100;

/**
 * Whether an address an administrator records looks like one: a single `@` between a non-empty local part and
 * domain, no spaces. Looser than signup's check on purpose, so internal addresses such as `ops@localhost` still fit.
 */
export function isPlausibleEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+$/.test(value);
}

/** The name a user gets when none is given (README "Senders"): the part of the login before any `@`. */
export function defaultUserName(login: string): string {
  const local = login.split('@')[0] ?? '';
  return local === '' ? login : local;
}

const string = (field: string, maxLength: number) =>
  z
    .string({ error: `'${field}' must be a string` })
    .check(z.maxLength(maxLength, { error: `'${field}' must be at most ${maxLength} characters` }));
const nonEmpty = (field: string) => z.minLength(1, { error: `'${field}' must not be empty` });
/** A name the body must carry, bounded and not empty; null counts as missing. */
const requiredName = (field: string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? `missing '${field}'` : `'${field}' must be a string`,
    })
    .check(
      nonEmpty(field),
      z.maxLength(MAX_IDENTITY_NAME_LENGTH, {
        error: `'${field}' must be at most ${MAX_IDENTITY_NAME_LENGTH} characters`,
      }),
    );
/** A name a body may leave out or null (README "Senders"); when given it must not be empty. */
const optionalName = (field: string) => optionalField(string(field, MAX_IDENTITY_NAME_LENGTH).check(nonEmpty(field)));
const optionalText = (field: string) => optionalField(string(field, MAX_IDENTITY_TEXT_LENGTH));
const email = optionalField(
  string('email', MAX_EMAIL_LENGTH).check(
    z.refine(isPlausibleEmail, { error: "'email' must be an email address such as name@example.com" }),
  ),
);
const stringList = (field: string) =>
  z
    .array(
      // The error names the entry by its place, as `'roles.0'`.
      z
        .string({ error: `'${field}' must be a list of strings` })
        .check(
          z.maxLength(MAX_IDENTITY_NAME_LENGTH, { error: `must be at most ${MAX_IDENTITY_NAME_LENGTH} characters` }),
        ),
      { error: `'${field}' must be a list` },
    )
    .check(z.maxLength(MAX_LIST_LENGTH, { error: `'${field}' must list at most ${MAX_LIST_LENGTH} entries` }));
const attributes = z.record(z.string(), z.unknown(), { error: "'attributes' must be an object" });
const status = z.enum(USER_STATUSES, { error: "'status' must be one of active, inactive" });
const emailVerified = z.boolean({ error: "'email_verified' must be true or false" });

/**
 * The body of POST /user (docs/api/identity.md); every field may be left out or null (README "Senders"), the server
 * says which it misses. The password's minimum length is a setting, so the server checks it.
 */
export const userInputSchema = z.object({
  name: optionalName('name'),
  email,
  login: optionalField(string('login', MAX_IDENTITY_NAME_LENGTH)),
  password: optionalText('password'),
  status: optionalField(status),
  roles: optionalField(stringList('roles')),
  attributes: optionalField(attributes),
  text: optionalText('text'),
  email_verified: optionalField(emailVerified),
});
export type UserInput = z.infer<typeof userInputSchema>;

/**
 * The body of PUT /user/{id}: any subset; `role` is the legacy single role. A null leaves the field as it is, as in
 * the reference (README "Senders").
 */
export const userUpdateSchema = z.object({
  name: optionalName('name'),
  login: optionalName('login'),
  password: optionalField(string('password', MAX_IDENTITY_TEXT_LENGTH).check(nonEmpty('password'))),
  email,
  status: optionalField(status),
  roles: optionalField(stringList('roles')),
  role: optionalField(string('role', MAX_IDENTITY_NAME_LENGTH)),
  attributes: optionalField(attributes),
  text: optionalText('text'),
  email_verified: optionalField(emailVerified),
});
export type UserUpdate = z.infer<typeof userUpdateSchema>;

/** The fields PUT /user/me may change (docs/api/identity.md); anything else is refused by name. */
export const OWN_USER_FIELDS = ['name', 'email', 'password', 'text'] as const;

/** The body of PUT /user/{id}/attributes and PUT /user/me/attributes. */
export const attributesUpdateSchema = z.object({
  attributes: z.record(z.string(), z.unknown(), {
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? "must supply 'attributes' as json data"
        : "'attributes' must be an object",
  }),
});

export const groupSchema = z.object({
  id: z.string(),
  href: z.string(),
  name: z.string(),
  text: z.string(),
  count: z.int(),
});
export type Group = z.infer<typeof groupSchema>;

export const groupInputSchema = z.object({ name: requiredName('name'), text: optionalText('text') });
export const groupUpdateSchema = z.object({ name: optionalName('name'), text: optionalText('text') });

/** A group member as GET /group/{id}/users lists it. */
export const groupMemberSchema = z.object({
  id: z.string(),
  href: z.string(),
  login: z.string(),
  name: z.string(),
  status: z.string(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

export const permissionSchema = z.object({
  id: z.string(),
  href: z.string(),
  match: z.string(),
  scopes: z.array(z.string()),
});
export type Permission = z.infer<typeof permissionSchema>;

const match = requiredName('match');

export const permissionInputSchema = z.object({ match, scopes: optionalField(stringList('scopes')) });
export const permissionUpdateSchema = z.object({
  match: optionalField(match),
  scopes: optionalField(stringList('scopes')),
});

export const customerSchema = z.object({
  id: z.string(),
  href: z.string(),
  match: z.string(),
  customer: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

const customerName = requiredName('customer');

export const customerInputSchema = z.object({ match, customer: customerName });
export const customerUpdateSchema = z.object({ match: optionalField(match), customer: optionalField(customerName) });
