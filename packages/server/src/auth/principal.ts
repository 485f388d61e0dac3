// The caller as every layer sees it once credentials are checked; kept apart from authenticate.ts so that modules
// authentication itself uses can name it without importing authentication back.

/** Who is calling, once their credentials have been checked. */
export interface Principal {
  kind: 'user' | 'key' | 'anonymous';
  login: string | null;
  userId: string | null;
  roles: string[];
  scopes: string[];
  /** docs/api/auth.md#credentials: anonymous callers with auth off are not scope-checked at all. */
  unrestricted: boolean;
  /**
   * docs/api/customers.md: the only customers whose data the caller sees and writes; undefined for all. Credentials set
   * what they carry (a key's customer); the request hook then settles it with `customersOf`.
   */
  customers: readonly string[] | undefined;
}
