// Upstream ids a session keeps to match what comes later (a message's id, for its next chunks or
// its copy): one longer than LONG_ID is kept by its length and UUID v5, so that what a session
// holds per thread stays within its bound whatever length an upstream sends (docs/security.md).
// Its items are named by the same key, so an event does not carry such an id twice.
import { uuidV5 } from '../ids.ts';

export const LONG_ID = 512;

/** The key an id is kept by: itself, or for a long one `<length>#<UUID v5>`. */
export function keptId(id: string): string;
export function keptId(id: string | undefined): string | undefined;
export function keptId(id: string | undefined): string | undefined {
  return id === undefined || id.length <= LONG_ID ? id : `${id.length}#${uuidV5(`kept-id:${id}`)}`;
}
