// What an ingester wrote (an upstream binary's output, in the sandbox's scratch folder) is checked
// before a byte of it is read: names, count, depth and sizes, each found from the folder listing
// and `lstat` alone. A 600 MB sparse file (no disk used) made `upstream add` fail with a raw
// `Cannot create a string longer than…` after holding 820 MB; a name with ESC, LF + `::error`,
// U+202E or `$(id)` was vendored as it was (issue 37). Links, pipes and devices are refused when
// read (io/safe-read.ts).
import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readRegularText, realFolder } from '../io/safe-read.ts';
import { compareStrings } from '../io/fsutil.ts';
import { EventmapError } from '../shared/diagnostics.ts';

/** What one snapshot may hold (the largest vendored today: 332 files, 4 MB, 0.8 MB the largest file). */
export const OUTPUT_LIMITS = {
  files: 5_000,
  /** Folders below the snapshot's own (vendored snapshots use one: `v2/`). */
  depth: 8,
  fileBytes: 32 * 1024 * 1024,
  totalBytes: 128 * 1024 * 1024,
} as const;

/**
 * A file or folder name a snapshot may hold: letters, digits, `.`, `_`, `-`, `@`, `+`; not
 * starting with `.` or `-`; at most 255 characters. Nothing a terminal, a CI log, a shell or a
 * Markdown report reads as more than text.
 */
const NAME = /^[A-Za-z0-9_@+][A-Za-z0-9._@+-]{0,254}$/;

function refuse(code: string, message: string, hint: string): never {
  throw new EventmapError({ code, message, hint });
}

const UNTRUSTED =
  'do not vendor this release: the files an upstream binary writes are its own choice, so a refusal here is worth a report upstream';

/** The snapshot files under `dir` (relative path → text), refused whole if any limit is passed. */
export function readUpstreamOutput(dir: string): Map<string, string> {
  const found: string[] = [];
  let total = 0;
  const walk = (at: string, rel: string, depth: number) => {
    for (const name of readdirSync(at).sort(compareStrings)) {
      const path = rel === '' ? name : `${rel}/${name}`;
      if (!NAME.test(name))
        refuse(
          'upstream/bad-output-name',
          `the snapshot's files include ${JSON.stringify(path)}, a name eventmap does not vendor (a snapshot file name is letters, digits, \`.\`, \`_\`, \`-\`, \`@\` and \`+\`, starting with neither \`.\` nor \`-\`)`,
          UNTRUSTED,
        );
      const st = lstatSync(join(at, name));
      if (st.isDirectory()) {
        if (depth >= OUTPUT_LIMITS.depth)
          refuse(
            'upstream/output-too-large',
            `the snapshot's folder ${JSON.stringify(path)} lies more than ${OUTPUT_LIMITS.depth} folders deep`,
            UNTRUSTED,
          );
        walk(join(at, name), path, depth + 1);
        continue;
      }
      found.push(path);
      if (found.length > OUTPUT_LIMITS.files)
        refuse(
          'upstream/output-too-large',
          `the snapshot holds more than ${OUTPUT_LIMITS.files.toLocaleString('en-US')} files`,
          UNTRUSTED,
        );
      if (st.size > OUTPUT_LIMITS.fileBytes)
        refuse(
          'upstream/output-too-large',
          `the snapshot's file ${JSON.stringify(path)} has ${st.size.toLocaleString('en-US')} bytes, more than the ${OUTPUT_LIMITS.fileBytes.toLocaleString('en-US')} one file may have`,
          UNTRUSTED,
        );
      total += st.size;
      if (total > OUTPUT_LIMITS.totalBytes)
        refuse(
          'upstream/output-too-large',
          `the snapshot's files hold more than ${OUTPUT_LIMITS.totalBytes.toLocaleString('en-US')} bytes`,
          UNTRUSTED,
        );
    }
  };
  if (realFolder(dir)) walk(dir, '', 0); // nothing written: an empty snapshot, as before
  // Read only once the whole listing is within bounds; a link, pipe or device is refused here.
  return new Map(found.map((rel) => [rel, readRegularText(dir, rel)]));
}
