// Shared --format parsing.
import { EventmapError } from '../shared/diagnostics.ts';

export function parseFormat<const T extends readonly string[]>(value: string, allowed: T): T[number] {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new EventmapError({
      code: 'cli/bad-format',
      message: `unknown --format \`${value}\``,
      hint: `use one of: ${allowed.join(', ')}`,
    });
  }
  return value as T[number];
}
