/** The colours the default alarm models use, as hex, so the badge text can be chosen for contrast. */
const NAMED_COLORS: Readonly<Record<string, string>> = {
  black: '#000000',
  blue: '#0000ff',
  dodgerblue: '#1e90ff',
  gold: '#ffd700',
  gray: '#808080',
  green: '#008000',
  grey: '#808080',
  lightblue: '#add8e6',
  orange: '#ffa500',
  purple: '#800080',
  red: '#ff0000',
  silver: '#c0c0c0',
  skyblue: '#87ceeb',
  white: '#ffffff',
  yellow: '#ffff00',
};

function toRgb(color: string): [number, number, number] | null {
  const hex = NAMED_COLORS[color.toLowerCase()] ?? color;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(hex);
  const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  const parts = short ? short.slice(1).map((p) => p + p) : long?.slice(1);
  if (parts === undefined) return null;
  const [r, g, b] = parts.map((p) => parseInt(p, 16));
  return r === undefined || g === undefined || b === undefined ? null : [r, g, b];
}

/** Black or white, whichever reads better on `background` (WCAG relative luminance). Unknown colours get black. */
export function textColorFor(background: string): '#000000' | '#ffffff' {
  const rgb = toRgb(background.trim());
  if (rgb === null) return '#000000';
  const linear = (channel: number) => {
    const s = channel / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * linear(rgb[0]) + 0.7152 * linear(rgb[1]) + 0.0722 * linear(rgb[2]);
  // Contrast with black beats contrast with white above this luminance.
  return luminance > 0.179 ? '#000000' : '#ffffff';
}
