// A synthetic next release of each source, built at test time (no copy is committed): the newest
// snapshot mapping-spec.yaml supports, plus one message no release has, vendored as the next patch
// version. Tests that depend on the supported set run against the repository's set and against
// the set with these added, so a real bump (one more snapshot, a new newest) cannot break them.
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { parse } from 'yaml';
import { loadCatalog } from '../generator/catalog/load.ts';
import { resolveVersion } from '../generator/catalog/snapshots.ts';
import { isMessageKind } from '../generator/mapping/coverage-status.ts';
import { REVIEW_MARKER } from '../generator/mapping/review.ts';
import { isObj } from '../generator/schema/object.ts';
import { getAtPointer } from '../generator/schema/pointer.ts';
import { derefPointer } from '../generator/schema/ref.ts';
import { SOURCE_NAMES, type SourceName } from '../generator/project/sources.ts';
import { runCli } from './run-cli.ts';

export const REPO = join(import.meta.dirname, '..');

/** The versions a spec text supports for a source, oldest first. */
export function supportedVersions(
  source: SourceName,
  specText = readFileSync(join(REPO, 'mapping-spec.yaml'), 'utf8'),
) {
  const spec = parse(specText) as { sources: Record<string, { snapshots: unknown[] }> };
  return spec.sources[source]!.snapshots.map(String).sort(semver.compare);
}

export const newestSupported = (source: SourceName, specText?: string) => supportedVersions(source, specText).at(-1)!;

export interface NextRelease {
  source: SourceName;
  /** The newest supported version it is built from, and its own version (the next patch). */
  base: string;
  version: string;
  /** The message it adds, as the catalog names it (`kind:name`). */
  discriminant: string;
}

type Json = Record<string, unknown>;
type Defs = Record<string, Json>;

const edit = (file: string, change: (doc: Json) => void) => {
  const doc = JSON.parse(readFileSync(file, 'utf8')) as Json;
  change(doc);
  writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
};
const union = (schema: Json) => (schema.oneOf ?? schema.anyOf) as Json[];

/** surface.json lists a TypeScript union's members (claude-agent-sdk, codex-sdk). */
const addSurfaceMember = (dir: string, type: string, member: string) =>
  edit(join(dir, 'surface.json'), (doc) => {
    (doc.unions as { type: string; members: string[] }[]).find((u) => u.type === type)!.members.push(member);
  });

/** The new message of each source: an ordinary one, that `suggest` drafts by analogy. */
const ADD: Record<SourceName, (dir: string) => string> = {
  'codex-app-server': (dir) => {
    edit(join(dir, 'ServerNotification.json'), (doc) => {
      const defs = doc.definitions as Defs;
      defs.ThreadPinnedNotification = {
        type: 'object',
        required: ['threadId', 'pinned'],
        properties: { threadId: { type: 'string' }, pinned: { type: 'boolean' } },
      };
      union(doc).push({
        type: 'object',
        required: ['method', 'params'],
        properties: {
          method: { type: 'string', enum: ['thread/pinned'] },
          params: { $ref: '#/definitions/ThreadPinnedNotification' },
        },
      });
    });
    return 'notification:thread/pinned';
  },
  'claude-agent-sdk': (dir) => {
    const member = 'SDKTaskPausedMessage';
    edit(join(dir, 'sdk.schema.json'), (doc) => {
      const defs = doc.definitions as Defs;
      defs[member] = {
        type: 'object',
        required: ['type', 'subtype', 'task_id', 'description', 'uuid', 'session_id'],
        properties: {
          type: { type: 'string', const: 'system' },
          subtype: { type: 'string', const: 'task_paused' },
          task_id: { type: 'string' },
          description: { type: 'string' },
          uuid: { type: 'string' },
          session_id: { type: 'string' },
        },
        additionalProperties: false,
      };
      union(defs.SDKMessage!).push({ $ref: `#/definitions/${member}` });
    });
    addSurfaceMember(dir, 'SDKMessage', member);
    return 'sdk-message:system:task_paused';
  },
  'codex-sdk': (dir) => {
    edit(join(dir, 'index.schema.json'), (doc) => {
      const defs = doc.definitions as Defs;
      defs.ThreadResumedEvent = {
        type: 'object',
        properties: { type: { type: 'string', const: 'thread.resumed' }, thread_id: { type: 'string' } },
        required: ['type', 'thread_id'],
      };
      union(defs.ThreadEvent!).push({ $ref: '#/definitions/ThreadResumedEvent' });
    });
    addSurfaceMember(dir, 'ThreadEvent', 'ThreadResumedEvent');
    return 'thread-event:thread.resumed';
  },
  acp: (dir) => {
    edit(join(dir, 'schema.json'), (doc) => {
      union(((doc.$defs ?? doc.definitions) as Defs).SessionUpdate!).push({
        type: 'object',
        properties: {
          sessionUpdate: { type: 'string', const: 'current_model_update' },
          currentModelId: { type: 'string' },
        },
        required: ['sessionUpdate', 'currentModelId'],
      });
    });
    return 'session-update:current_model_update';
  },
};

/**
 * Writes the next release of `source` into `<upstreamRoot>/<source>/<version>/` (as `upstream add`
 * leaves it), built from the newest version `specText` supports in `from` (an upstream-schemas/).
 */
export function buildNextRelease(
  source: SourceName,
  upstreamRoot: string,
  { from = join(REPO, 'upstream-schemas'), specText }: { from?: string; specText?: string } = {},
): NextRelease {
  const { base, version, dir } = copyNewest(source, upstreamRoot, from, specText);
  const discriminant = ADD[source](dir);
  // The one assumption about a future release: it does not have this message yet. Say so if one does.
  const name = discriminant.slice(discriminant.lastIndexOf(':') + 1);
  const files = readdirSync(join(from, source, base), { recursive: true, withFileTypes: true }).filter((e) =>
    e.isFile(),
  );
  if (files.some((e) => readFileSync(join(e.parentPath, e.name), 'utf8').includes(`"${name}"`)))
    throw new Error(
      `${source}@${base} already has \`${name}\`: give the synthetic next release another new message (test/next-release.ts)`,
    );
  return { source, base, version, discriminant };
}

/**
 * The newest version `specText` supports of `source`, copied from `from` to
 * `<upstreamRoot>/<source>/<its next patch version>/`, its provenance saying that version.
 */
function copyNewest(
  source: SourceName,
  upstreamRoot: string,
  from: string,
  specText: string | undefined,
): { base: string; version: string; dir: string } {
  const base = newestSupported(source, specText);
  const version = semver.inc(base, 'patch')!;
  const dir = join(upstreamRoot, source, version);
  cpSync(join(from, source, base), dir, { recursive: true });
  edit(join(dir, 'provenance.json'), (doc) => {
    doc.version = version;
  });
  return { base, version, dir };
}

/** The optional field a synthetic patch release adds to one message. */
export const PATCH_FIELD = 'eventmapPatchField';

/**
 * Writes a patch release of `source` into `<upstreamRoot>/<source>/<version>/`: the newest
 * supported snapshot with one optional field added to the first message (by kind, then name) whose
 * schema lists its fields. Returns it and the message it changed.
 */
export function buildPatchRelease(
  source: SourceName,
  upstreamRoot: string,
  { from = join(REPO, 'upstream-schemas'), specText }: { from?: string; specText?: string } = {},
): NextRelease {
  const { base, version, dir } = copyNewest(source, upstreamRoot, from, specText);
  const catalog = loadCatalog(resolveVersion(from, source, base));
  const messages = catalog.entries
    .filter((e) => isMessageKind(e.kind))
    .sort((a, b) => `${a.kind}:${a.name}`.localeCompare(`${b.kind}:${b.name}`));
  for (const entry of messages) {
    const file = join(dir, entry.document);
    const doc = JSON.parse(readFileSync(file, 'utf8')) as Json;
    const node = getAtPointer(doc, derefPointer(doc, entry.pointer));
    if (!isObj(node) || !isObj(node.properties) || PATCH_FIELD in node.properties) continue;
    node.properties[PATCH_FIELD] = { type: 'string' };
    writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
    return { source, base, version, discriminant: `${entry.kind}:${entry.name}` };
  }
  throw new Error(`${source}@${base}: no message lists its fields (test/next-release.ts)`);
}

export { SOURCE_NAMES };

/** A reviewer's one edit: delete every `# eventmap suggest: review` marker (whole-line or trailing). */
export function removeReviewMarkers(text: string): string {
  const marker = REVIEW_MARKER.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text
    .replace(new RegExp(`^[ \\t]*# ${marker}.*\\n`, 'gm'), '')
    .replace(new RegExp(` +# ${marker}.*$`, 'gm'), '');
}

/**
 * The bump a maintainer plays from the printed steps, on the project at `root`: each source's next
 * release vendored (as `upstream add` leaves it; `releases` already vendored there, or built from
 * `sources`), `suggest --with … --write`, the review markers deleted, `upstream support`.
 * Generate and check are the caller's.
 */
export async function takeNextReleases(root: string, releases: readonly (SourceName | NextRelease)[] = SOURCE_NAMES) {
  const spec = join(root, 'mapping-spec.yaml');
  const taken = releases.map((r) =>
    typeof r === 'string'
      ? buildNextRelease(r, join(root, 'upstream-schemas'), { specText: readFileSync(spec, 'utf8') })
      : r,
  );
  const withArgs = taken.flatMap((r) => ['--with', `${r.source}@${r.version}`]);
  const cli = async (...args: string[]) => {
    const r = await runCli(['--root', root, ...args]);
    if (r.status !== 0) throw new Error(`eventmap ${args.join(' ')}: exit ${r.status}\n${r.stdout}${r.stderr}`);
    return r;
  };
  await cli('suggest', ...withArgs, '--write');
  writeFileSync(spec, removeReviewMarkers(readFileSync(spec, 'utf8')));
  for (const r of taken) await cli('upstream', 'support', `${r.source}@${r.version}`);
  return taken;
}
