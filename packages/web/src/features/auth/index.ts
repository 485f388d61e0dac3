/** The signed-in session and what it may do, for every other feature, and what the app's frame needs to hold one. */
export { AuthProvider, useSession } from './AuthContext';
export { AuthStore } from './authStore';
export { LogoutScreen } from './LogoutScreen';
export { isAllowed } from './permissions';
export { handOffSignInResult } from './popupReturn';
export { usePermission } from './usePermission';
export type { Session } from './token';
