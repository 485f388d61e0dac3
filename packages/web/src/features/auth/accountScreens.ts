/**
 * The account screens, login included, as one chunk outside the first bundle (a visitor who is logged in never needs
 * them): each alone is small.
 */
export { default as SignupScreen } from './SignupScreen';
export { default as ConfirmEmailScreen } from './ConfirmEmailScreen';
export { default as ForgotPasswordScreen } from './ForgotPasswordScreen';
export { default as ResetPasswordScreen } from './ResetPasswordScreen';
export { LoginScreen } from './LoginScreen';
