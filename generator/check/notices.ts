// What `check` reads beside the analysis: vendored snapshots that no source supports (an `upstream
// add` not followed through, or a leftover: a notice, never a failure), and the drafts `eventmap
// suggest` wrote that still carry their review marker (a `review` finding: nobody has looked at
// the draft yet, so the gate cannot pass it).
import { join, relative } from 'node:path';
import type { SnapshotRef } from '../catalog/snapshots.ts';
import { listVersions } from '../catalog/vendored.ts';
import type { ProjectPaths } from '../project/paths.ts';
import { SOURCE_NAMES } from '../project/sources.ts';
import type { Finding } from '../mapping/findings.ts';
import { REVIEW_MARKER } from '../mapping/review.ts';

/** What the notices read of mapping-spec.yaml: its text, as shown, and the versions each source supports. */
export interface SpecNotes {
  file: string;
  text: string;
  snapshots: Record<string, readonly string[]>;
}

export async function checkNotices(
  paths: ProjectPaths,
  spec: SpecNotes,
  withSnapshots: SnapshotRef[],
): Promise<Finding[]> {
  const out: Finding[] = [];
  for (const source of SOURCE_NAMES) {
    const listed = Object.hasOwn(spec.snapshots, source) ? spec.snapshots[source] : undefined;
    const supported = new Set(listed ?? []);
    for (const version of listVersions(paths.upstream, source)) {
      if (supported.has(version) || withSnapshots.some((w) => w.source === source && w.version === version)) continue;
      const dir = relative(paths.root, join(paths.upstream, source, version));
      out.push({
        category: 'notice',
        code: 'upstream/unsupported-snapshot',
        message: `${dir} is vendored, but no source supports it`,
        hint: listed
          ? `try it with \`eventmap check --with ${source}@${version}\`; support it with \`eventmap upstream support ${source}@${version}\`; or delete the folder`
          : `mapping-spec.yaml has no sources.${source}: add it, or delete the folder`,
        source,
        versions: [version],
      });
    }
  }
  // Most specs hold no marker at all: then neither the lexing (a sixth of a check) nor the yaml
  // library is needed.
  const markers = spec.text.includes(REVIEW_MARKER)
    ? (await import('../mapping/review-markers.ts')).reviewMarkers(spec.text, spec.file)
    : [];
  for (const loc of markers) {
    out.push({
      category: 'review',
      code: 'spec/review-marker',
      message: `a draft by \`eventmap suggest\` awaits review (\`# ${REVIEW_MARKER}\`)`,
      hint: 'check the draft (the comment says what it was drafted from), fix what is wrong, then delete the marker comment',
      loc,
    });
  }
  return out;
}
