import type { ColumnType, Kysely } from 'kysely';
import type { Database } from './schema.js';

/** Tables of migration 6, typed like those of schema.ts (engine-specific columns are decoded by the codec). */
type Encoded = ColumnType<unknown, unknown, unknown>;
type DateColumn = ColumnType<Date | string, string, string>;
type NullableDateColumn = ColumnType<Date | string | null, string | null, string | null>;

export interface KeysTable {
  id: string;
  key: string;
  user: string;
  scopes: Encoded;
  text: string;
  expire_time: DateColumn;
  count: number;
  last_used_time: NullableDateColumn;
  customer: string | null;
}

export interface GroupsTable {
  id: string;
  name: string;
  text: string;
}

export interface GroupUsersTable {
  group_id: string;
  user_id: string;
}

export interface PermsTable {
  id: string;
  match: string;
  scopes: Encoded;
}

export interface CustomersTable {
  id: string;
  match: string;
  customer: string;
}

// A type alias, not an interface: Kysely's withTables wants a type with an implicit index signature.
export type IdentityTables = {
  keys: KeysTable;
  groups: GroupsTable;
  group_users: GroupUsersTable;
  perms: PermsTable;
  customers: CustomersTable;
};

export type IdentityDatabase = Database & IdentityTables;

export const withIdentityTables = (db: Kysely<Database>): Kysely<IdentityDatabase> => db.withTables<IdentityTables>();
