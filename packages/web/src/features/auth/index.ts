/** The signed-in session and what it may do, for every other feature. */
export { useSession } from './AuthContext';
export { usePermission } from './usePermission';
export type { Session } from './token';
