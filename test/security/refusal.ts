// The EventmapError `fn` throws; anything else (another error, or no error) fails the test.
import { EventmapError } from '../../generator/shared/diagnostics.ts';

export function refusal(fn: () => unknown): EventmapError {
  try {
    fn();
  } catch (err) {
    if (err instanceof EventmapError) return err;
    throw err;
  }
  throw new Error('expected an EventmapError');
}
