/** The user search the group members dialog offers. */
export { searchUsers } from './usersApi';
