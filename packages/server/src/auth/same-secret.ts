import { timingSafeEqual } from 'node:crypto';

/**
 * Whether two secrets (MACs, signatures, tokens) are the same, in time that does not depend on where they differ. A
 * secret's length is no secret, so texts of different lengths differ at once.
 */
export function sameSecret(given: string, expected: string): boolean {
  const left = Buffer.from(given);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}
