/** Group lookups and membership changes the user dialog makes. */
export { PICKER_PAGE_SIZE, addMember, fetchUserGroups, removeMember, searchGroups } from './groupsApi';
