import { z } from 'zod/mini';

/** The user object (api.md §1.6); `email_verified` keeps the reference's snake case. */
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

const text = (field: string) => z.string({ error: `'${field}' must be a string` }).check(z.maxLength(1024));
const optionalText = (field: string) => z.optional(z.nullable(text(field)));
const stringList = (field: string) =>
  z.array(z.string({ error: `'${field}' must be a list of strings` }), { error: `'${field}' must be a list` });
const attributes = z.record(z.string(), z.unknown(), { error: "'attributes' must be an object" });
const status = z.enum(USER_STATUSES, { error: "'status' must be one of active, inactive" });
const emailVerified = z.boolean({ error: "'email_verified' must be true or false" });

/** The body of POST /user (api.md §1.6). */
export const userInputSchema = z.object({
  name: z
    .string({ error: (issue) => (issue.input === undefined ? "missing 'name'" : "'name' must be a string") })
    .check(z.minLength(1, { error: "'name' must not be empty" }), z.maxLength(1024)),
  email: optionalText('email'),
  login: optionalText('login'),
  password: optionalText('password'),
  status: z.optional(status),
  roles: z.optional(stringList('roles')),
  attributes: z.optional(attributes),
  text: optionalText('text'),
  email_verified: z.optional(emailVerified),
});
export type UserInput = z.infer<typeof userInputSchema>;

/** The body of PUT /user/{id}: any subset; `role` is the legacy single role. */
export const userUpdateSchema = z.object({
  name: z.optional(text('name').check(z.minLength(1, { error: "'name' must not be empty" }))),
  login: z.optional(text('login').check(z.minLength(1, { error: "'login' must not be empty" }))),
  password: z.optional(text('password').check(z.minLength(1, { error: "'password' must not be empty" }))),
  email: optionalText('email'),
  status: z.optional(status),
  roles: z.optional(stringList('roles')),
  role: z.optional(text('role')),
  attributes: z.optional(attributes),
  text: optionalText('text'),
  email_verified: z.optional(emailVerified),
});
export type UserUpdate = z.infer<typeof userUpdateSchema>;

/** The fields PUT /user/me may change (api.md §1.6); anything else is refused by name. */
export const OWN_USER_FIELDS = ['name', 'email', 'password', 'text'] as const;

/** The body of PUT /user/{id}/attributes and PUT /user/me/attributes. */
export const attributesUpdateSchema = z.object({
  attributes: z.record(z.string(), z.unknown(), {
    error: (issue) =>
      issue.input === undefined ? "must supply 'attributes' as json data" : "'attributes' must be an object",
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

export const groupInputSchema = z.object({
  name: z
    .string({ error: (issue) => (issue.input === undefined ? "missing 'name'" : "'name' must be a string") })
    .check(z.minLength(1, { error: "'name' must not be empty" }), z.maxLength(256)),
  text: optionalText('text'),
});

export const groupUpdateSchema = z.object({
  name: z.optional(text('name').check(z.minLength(1, { error: "'name' must not be empty" }))),
  text: optionalText('text'),
});

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

const match = z
  .string({ error: (issue) => (issue.input === undefined ? "missing 'match'" : "'match' must be a string") })
  .check(z.minLength(1, { error: "'match' must not be empty" }), z.maxLength(256));

export const permissionInputSchema = z.object({ match, scopes: z.optional(stringList('scopes')) });
export const permissionUpdateSchema = z.object({
  match: z.optional(match),
  scopes: z.optional(stringList('scopes')),
});

export const customerSchema = z.object({
  id: z.string(),
  href: z.string(),
  match: z.string(),
  customer: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

const customerName = z
  .string({ error: (issue) => (issue.input === undefined ? "missing 'customer'" : "'customer' must be a string") })
  .check(z.minLength(1, { error: "'customer' must not be empty" }), z.maxLength(256));

export const customerInputSchema = z.object({ match, customer: customerName });
export const customerUpdateSchema = z.object({ match: z.optional(match), customer: z.optional(customerName) });
