import type { Migration } from './migrate.js';

const NAME = 'api keys, groups, permissions and customers';

// Group membership is its own table so "the groups of a user" and "the users of a group" are both index lookups.
const MEMBERSHIP = `CREATE TABLE group_users (
  group_id text NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (group_id, user_id)
)`;

const INDEXES = [
  'CREATE INDEX keys_user ON keys ("user")',
  'CREATE UNIQUE INDEX groups_name ON groups (lower(name))',
  'CREATE INDEX group_users_user ON group_users (user_id)',
  // docs/api/identity.md: one permission per role name and one customer lookup per match (409 on a second).
  'CREATE UNIQUE INDEX perms_match ON perms (match)',
  'CREATE UNIQUE INDEX customers_match ON customers (match)',
];

export const POSTGRES_IDENTITY_MIGRATION: Migration = {
  version: 6,
  name: NAME,
  statements: [
    `CREATE TABLE keys (
      id text PRIMARY KEY,
      key text NOT NULL UNIQUE,
      "user" text NOT NULL,
      scopes text[] NOT NULL DEFAULT '{}',
      text text NOT NULL DEFAULT '',
      expire_time timestamptz NOT NULL,
      count integer NOT NULL DEFAULT 0,
      last_used_time timestamptz,
      customer text
    )`,
    `CREATE TABLE groups (
      id text PRIMARY KEY,
      name text NOT NULL,
      text text NOT NULL DEFAULT ''
    )`,
    MEMBERSHIP,
    `CREATE TABLE perms (
      id text PRIMARY KEY,
      match text NOT NULL,
      scopes text[] NOT NULL DEFAULT '{}'
    )`,
    `CREATE TABLE customers (
      id text PRIMARY KEY,
      match text NOT NULL,
      customer text NOT NULL
    )`,
    ...INDEXES,
  ],
};

export const SQLITE_IDENTITY_MIGRATION: Migration = {
  version: 6,
  name: NAME,
  statements: [
    `CREATE TABLE keys (
      id TEXT PRIMARY KEY,
      key TEXT NOT NULL UNIQUE,
      "user" TEXT NOT NULL,
      scopes TEXT NOT NULL DEFAULT '[]',
      text TEXT NOT NULL DEFAULT '',
      expire_time TEXT NOT NULL,
      count INTEGER NOT NULL DEFAULT 0,
      last_used_time TEXT,
      customer TEXT
    )`,
    `CREATE TABLE groups (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      text TEXT NOT NULL DEFAULT ''
    )`,
    MEMBERSHIP,
    `CREATE TABLE perms (
      id TEXT PRIMARY KEY,
      match TEXT NOT NULL,
      scopes TEXT NOT NULL DEFAULT '[]'
    )`,
    `CREATE TABLE customers (
      id TEXT PRIMARY KEY,
      match TEXT NOT NULL,
      customer TEXT NOT NULL
    )`,
    ...INDEXES,
  ],
};
