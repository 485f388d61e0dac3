/**
 * The shortest password the console's forms accept (sign-up, password reset, the user dialog): the server's
 * PASSWORD_MIN_LENGTH default (docs/api/auth.md#passwords-and-sign-up). A server set higher still refuses a shorter
 * one, and its message is shown.
 */
export const PASSWORD_MIN_LENGTH = 8;

export type PasswordProblem = 'required' | 'tooShort' | 'differ';

/** What is wrong with a new password and its repetition, field by field (nothing when both are fine). */
export function passwordProblems(
  password: string,
  confirm: string,
): {
  password?: PasswordProblem;
  confirm?: PasswordProblem;
} {
  const problems: { password?: PasswordProblem; confirm?: PasswordProblem } = {};
  if (password === '') problems.password = 'required';
  else if (password.length < PASSWORD_MIN_LENGTH) problems.password = 'tooShort';
  if (confirm === '') problems.confirm = 'required';
  else if (confirm !== password) problems.confirm = 'differ';
  return problems;
}
