// What `eventmap suggest` leaves for a person: the marker comment on every draft it writes, and
// the TODO placeholder in the `ignore:` reason of a draft it could not map. `check` fails on both:
// a placeholder is a decision missing, a marker a draft nobody has reviewed yet (the reviewer
// deletes the comment).

export const REVIEW_MARKER = 'eventmap suggest: review';
export const PLACEHOLDER = 'TODO(eventmap suggest):';

/** An `ignore:` reason nobody has written yet. */
export function isPlaceholder(reason: string): boolean {
  return /^TODO\b/.test(reason.trim());
}
