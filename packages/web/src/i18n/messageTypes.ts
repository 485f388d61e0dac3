import type aboutEn from '../features/about/messages/en.json';
import type adminEn from '../features/admin/messages/en.json';
import type alertsEn from '../features/alerts/messages/en.json';
import type authEn from '../features/auth/messages/en.json';
import type blackoutsEn from '../features/blackouts/messages/en.json';
import type customersEn from '../features/customers/messages/en.json';
import type groupsEn from '../features/groups/messages/en.json';
import type heartbeatsEn from '../features/heartbeats/messages/en.json';
import type keysEn from '../features/keys/messages/en.json';
import type permsEn from '../features/perms/messages/en.json';
import type profileEn from '../features/profile/messages/en.json';
import type reportsEn from '../features/reports/messages/en.json';
import type settingsEn from '../features/settings/messages/en.json';
import type usersEn from '../features/users/messages/en.json';
import type en from './en.json';

/** Every text of the console: the first bundle's catalogue and those of the areas (see areas.ts). */
export type AllMessages = typeof en &
  typeof adminEn &
  typeof alertsEn &
  typeof aboutEn &
  typeof authEn &
  typeof blackoutsEn &
  typeof customersEn &
  typeof groupsEn &
  typeof heartbeatsEn &
  typeof keysEn &
  typeof permsEn &
  typeof profileEn &
  typeof reportsEn &
  typeof settingsEn &
  typeof usersEn;
