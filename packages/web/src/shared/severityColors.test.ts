import { describe, expect, it } from 'vitest';
import { textColorFor } from './severityColors';

describe('badge text colour', () => {
  it.each([
    ['red', '#000000'], // black on pure red has the higher contrast (5.3:1 against 4:1)
    ['blue', '#ffffff'],
    ['#9D006D', '#ffffff'],
    ['yellow', '#000000'],
    ['lightblue', '#000000'],
    ['#00CC00', '#000000'],
    ['#fff', '#000000'],
    ['not-a-colour', '#000000'],
  ])('on %s is %s', (background, text) => {
    expect(textColorFor(background)).toBe(text);
  });
});
