import { useState } from 'react';
import classes from './UserAvatar.module.css';

/** The token's `picture`, if it is an https address: anything else (http, data:, javascript:) is not loaded. */
export function pictureUrl(picture: string | undefined): string | null {
  if (picture === undefined) return null;
  try {
    const url = new URL(picture);
    return url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Up to two capitals from the name's first words: "Alice Example" → "AE", "bob@example.com" → "B". */
export function initials(name: string): string {
  const words = name
    .split(/[\s@._-]+/)
    .filter((word) => word !== '')
    .slice(0, name.includes('@') ? 1 : 2);
  return words.map((word) => String.fromCodePoint(word.codePointAt(0) ?? 0x20).toUpperCase()).join('');
}

const circle = (size: number) =>
  ({
    width: size,
    height: size,
    borderRadius: '50%',
    flex: 'none',
    objectFit: 'cover',
  }) as const;

/**
 * docs/console/shell.md#top-bar: the avatar from the token's `picture` claim, or the initials when there is none or it
 * does not load. Decorative: the button around it is labelled with the user's name.
 */
export function UserAvatar({
  picture,
  name,
  size = 26,
}: {
  picture?: string | undefined;
  name: string;
  size?: number;
}) {
  const src = pictureUrl(picture);
  const [failed, setFailed] = useState<string | null>(null);
  if (src !== null && failed !== src) {
    return (
      <img
        src={src}
        alt=""
        width={size}
        height={size}
        referrerPolicy="no-referrer"
        style={circle(size)}
        onError={() => setFailed(src)}
      />
    );
  }
  return (
    <span
      aria-hidden
      className={classes.initials}
      data-initials={initials(name)}
      style={{
        ...circle(size),
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontSize: size * 0.42,
        fontWeight: 600,
        color: 'var(--mantine-color-white)',
        background: 'var(--mantine-primary-color-filled)',
      }}
    />
  );
}
