import { hash, verify } from '@node-rs/bcrypt';

/** docs/api/auth.md#passwords-and-sign-up: bcrypt; cost from BCRYPT_LOG_ROUNDS. */
export function hashPassword(password: string, cost: number): Promise<string> {
  return hash(password, { cost });
}

// Compared against when the user does not exist, so a wrong login takes as long as a wrong password.
const DUMMY_HASH = '$2b$10$xM86UGN6mOacUk7B4L2lWeTQYOY01Z4dM4XWw3Eybf0aKWTPKBKqK';

export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  try {
    const ok = await verify(password, stored ?? DUMMY_HASH);
    return ok && stored !== undefined;
  } catch {
    return false;
  }
}
