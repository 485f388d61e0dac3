/**
 * The account screens that are not in the first bundle, as one chunk: each alone is small, and every lazy import
 * costs the first bundle a list of the chunks it needs.
 */
export { default as SignupScreen } from './SignupScreen';
export { default as ConfirmEmailScreen } from './ConfirmEmailScreen';
export { default as ForgotPasswordScreen } from './ForgotPasswordScreen';
export { default as ResetPasswordScreen } from './ResetPasswordScreen';
export { default as ProviderLogin } from './ProviderLogin';
