/**
 * docs/console/behaviour.md#validation, docs/console/behaviour.md#constants: a note is required, trimmed, and at most
 * 200 characters.
 */
export const NOTE_MAX_LENGTH = 200;

export type NoteProblem = 'required' | 'tooLong' | null;

export function noteProblem(text: string): NoteProblem {
  const trimmed = text.trim();
  if (trimmed === '') return 'required';
  if (trimmed.length > NOTE_MAX_LENGTH) return 'tooLong';
  return null;
}
