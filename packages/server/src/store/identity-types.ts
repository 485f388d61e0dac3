import type { MonitorQuery, UserRecord } from './records.js';

/** List parameters shared by the identity lists: field filters, sort keys and, where the list has one, statuses. */
export type IdentityQuery = MonitorQuery;
export interface Page {
  offset: number;
  limit: number;
}

/** An API key as stored (docs/api/keys.md), without its computed status, type and href. */
export interface ApiKeyRecord {
  id: string;
  key: string;
  user: string;
  scopes: string[];
  text: string;
  expireTime: string;
  count: number;
  lastUsedTime: string | null;
  customer: string | null;
}

/** Uses of one key counted in memory since the last write. */
export interface KeyUsage {
  id: string;
  uses: number;
  lastUsedTime: string;
}

export interface ApiKeyRepository {
  /** Throws UniqueViolation when the key string is taken. */
  create(key: ApiKeyRecord): Promise<void>;
  /** By key string, or else by id. */
  find(keyOrId: string): Promise<ApiKeyRecord | undefined>;
  update(key: ApiKeyRecord): Promise<void>;
  delete(id: string): Promise<boolean>;
  /** `statuses` are active and expired, as of the query's `now`. */
  list(query: IdentityQuery, page: Page): Promise<ApiKeyRecord[]>;
  count(query: IdentityQuery): Promise<number>;
  /** Adds the counted uses and moves lastUsedTime forward. */
  recordUse(usage: readonly KeyUsage[]): Promise<void>;
}

/** The user administration of docs/api/identity.md, beyond what login needs. */
export interface UserAdministration {
  get(id: string): Promise<UserRecord | undefined>;
  /** Throws UniqueViolation when the login or email belongs to someone else. */
  update(user: UserRecord): Promise<void>;
  delete(id: string): Promise<boolean>;
  /** `statuses` filter on the user's status. */
  list(query: IdentityQuery, page: Page): Promise<UserRecord[]>;
  /** Every user when no query is given. */
  count(query?: IdentityQuery): Promise<number>;
}

export interface GroupRecord {
  id: string;
  name: string;
  text: string;
}

export interface GroupWithCount extends GroupRecord {
  /** Members. */
  count: number;
}

export interface GroupRepository {
  /** Throws UniqueViolation when the name is taken. */
  create(group: GroupRecord): Promise<void>;
  get(id: string): Promise<GroupWithCount | undefined>;
  update(group: GroupRecord): Promise<void>;
  delete(id: string): Promise<boolean>;
  list(query: IdentityQuery, page: Page): Promise<GroupWithCount[]>;
  count(query: IdentityQuery): Promise<number>;
  members(groupId: string): Promise<UserRecord[]>;
  groupsOf(userId: string): Promise<GroupWithCount[]>;
  /** False when the membership already existed. */
  addMember(groupId: string, userId: string): Promise<boolean>;
  removeMember(groupId: string, userId: string): Promise<boolean>;
}

/** A permission: the scopes a role name grants (docs/api/scopes.md#scopes-from-roles). */
export interface PermissionRecord {
  id: string;
  match: string;
  scopes: string[];
}

/** A customer lookup: a login, group name or email domain mapped to a customer (docs/api/customers.md). */
export interface CustomerRecord {
  id: string;
  match: string;
  customer: string;
}

/** Storage of rows identified by id with a unique `match` (permissions, customer lookups). */
export interface MatchRepository<T extends { id: string; match: string }> {
  /** Throws UniqueViolation when the match is taken. */
  create(row: T): Promise<void>;
  get(id: string): Promise<T | undefined>;
  update(row: T): Promise<void>;
  delete(id: string): Promise<boolean>;
  list(query: IdentityQuery, page: Page): Promise<T[]>;
  count(query: IdentityQuery): Promise<number>;
  /** The rows whose match is one of these. */
  matching(matches: readonly string[]): Promise<T[]>;
}

/** SAML sign-ins already answered, shared by every process on the database. */
export interface SamlSignInRepository {
  /**
   * Records the sign-in with this id as answered, kept until `keepUntil`; false when it was answered before, here or
   * by another process. One INSERT decides, so of two processes racing for the same sign-in only one gets true. Also
   * drops some claims kept past `now`, so they do not pile up where housekeeping never runs.
   */
  claim(id: string, keepUntil: string, now: string): Promise<boolean>;
}
