import { isPlausibleEmail } from '@alerta/contract';
import { PASSWORD_MIN_LENGTH } from '../../shared/passwordRules';
import type { NewUserBody, UserChanges, UserRow } from './usersApi';

/** A group as the form holds it: the id the membership calls need and the name shown. */
export interface GroupChoice {
  id: string;
  name: string;
}

export interface UserFormValues {
  name: string;
  active: boolean;
  login: string;
  email: string;
  emailVerified: boolean;
  password: string;
  confirmPassword: string;
  groups: GroupChoice[];
  roles: string[];
  text: string;
}

export function initialValues(user: UserRow | null): UserFormValues {
  return {
    name: user?.name ?? '',
    active: user === null || user.status === 'active',
    login: user?.login ?? '',
    email: user?.email ?? '',
    emailVerified: user?.email_verified ?? false,
    password: '',
    confirmPassword: '',
    groups: [],
    roles: user === null ? [] : [...user.roles],
    text: user?.text ?? '',
  };
}

/** What is wrong with a field, as a message key with its values; undefined when it is fine. */
export type FieldProblem =
  { key: 'required' } | { key: 'email' } | { key: 'minLength'; count: number } | { key: 'passwordsDiffer' };

export type FormProblems = Partial<Record<'name' | 'login' | 'email' | 'password' | 'confirmPassword', FieldProblem>>;

export interface FormRules {
  creating: boolean;
  /**
   * Basic login: the identity fields and the password are the console's to set (docs/console/admin-screens.md#users).
   */
  basic: boolean;
}

/**
 * docs/console/admin-screens.md#users: name, login and email required; a password on creation, at least the minimum
 * when given.
 */
export function checkUserForm(values: UserFormValues, { creating, basic }: FormRules): FormProblems {
  const problems: FormProblems = {};
  // Fields the identity provider fills are disabled, so only basic login can be asked to fix them.
  if (!basic) return problems;
  if (values.name.trim() === '') problems.name = { key: 'required' };
  if (values.login.trim() === '') problems.login = { key: 'required' };
  const email = values.email.trim();
  if (email === '') problems.email = { key: 'required' };
  else if (!isPlausibleEmail(email)) problems.email = { key: 'email' };
  if (values.password === '') {
    if (creating) problems.password = { key: 'required' };
  } else if (values.password.length < PASSWORD_MIN_LENGTH) {
    problems.password = { key: 'minLength', count: PASSWORD_MIN_LENGTH };
  }
  if (values.password !== values.confirmPassword) problems.confirmPassword = { key: 'passwordsDiffer' };
  return problems;
}

const statusOf = (values: UserFormValues) => (values.active ? 'active' : 'inactive');

/** POST /user's body (docs/console/admin-screens.md#users), without the confirmation. */
export function newUserBody(values: UserFormValues): NewUserBody {
  return {
    name: values.name.trim(),
    status: statusOf(values),
    login: values.login.trim(),
    email: values.email.trim(),
    email_verified: values.emailVerified,
    password: values.password,
    roles: values.roles,
    text: values.text.trim(),
  };
}

/**
 * PUT /user/{id}'s body: the login is not sent (it cannot be changed here), the password only when one was typed (an
 * empty one leaves it as it is). Without basic login the name and email belong to the identity provider, so they are
 * left out rather than sent back (an empty name or a missing address would be refused).
 */
export function userChanges(values: UserFormValues, basic: boolean): UserChanges {
  return {
    ...(basic ? { name: values.name.trim(), email: values.email.trim() } : {}),
    status: statusOf(values),
    roles: values.roles,
    text: values.text.trim(),
    email_verified: values.emailVerified,
    ...(basic && values.password !== '' ? { password: values.password } : {}),
  };
}

/** The membership calls that take a user from the groups `before` to the groups `after`. */
export function membershipChanges(before: readonly GroupChoice[], after: readonly GroupChoice[]) {
  const had = new Set(before.map((g) => g.id));
  const has = new Set(after.map((g) => g.id));
  return {
    add: after.filter((g) => !had.has(g.id)),
    remove: before.filter((g) => !has.has(g.id)),
  };
}
