import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * What the sign-in limits count by (README.md#sign-in-limits). An IPv4 address counts as itself (an IPv4 address
 * written as IPv6, `::ffff:a.b.c.d`, too); an IPv6 address counts by its /64 network, since one machine is commonly
 * handed a whole /64 and could otherwise change address at every attempt.
 */
export function clientNetwork(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1] !== undefined && isIPv4(mapped[1])) return mapped[1];
  const bare = ip.replace(/%.*$/, '');
  if (!isIPv6(bare)) return ip;
  const [head = '', tail] = bare.toLowerCase().split('::');
  const groups = (part: string | undefined) => (part === undefined || part === '' ? [] : part.split(':'));
  const front = groups(head);
  const back = groups(tail);
  // An embedded IPv4 tail (`…:1.2.3.4`) stands for two groups; only the first four groups matter here.
  const width = back.reduce((sum, group) => sum + (group.includes('.') ? 2 : 1), 0);
  const full =
    tail === undefined ? front : [...front, ...Array<string>(Math.max(0, 8 - front.length - width)).fill('0'), ...back];
  const prefix = full.slice(0, 4).map((group) => (group.includes('.') ? '0' : parseInt(group, 16).toString(16)));
  while (prefix.length < 4) prefix.push('0');
  return `${prefix.join(':')}::/64`;
}

/**
 * The id of one count: a digest of its kind and what it counts, so the database keeps neither the logins people typed
 * (now and then a password typed in the wrong field) nor email or client addresses in clear.
 */
export function countId(kind: string, ...parts: string[]): string {
  return createHash('sha256')
    .update([kind, ...parts].join('\u0000'))
    .digest('base64url');
}
