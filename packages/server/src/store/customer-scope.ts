import { type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * docs/api/customers.md: rows of these customers only, `customer IN (...)`. A row without a customer is none of them,
 * and an empty list matches nothing; undefined (every customer) adds no condition.
 */
export function customerIn(
  customers: readonly string[] | undefined,
  column: RawBuilder<unknown> = sql`${sql.ref('customer')}`,
): RawBuilder<SqlBool> {
  if (customers === undefined) return sql<SqlBool>`1 = 1`;
  if (customers.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`${column} in (${sql.join(customers)})`;
}
