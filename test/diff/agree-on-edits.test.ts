// Issue 38, deliverable 5, as a property: `diff` and `check` agree on any one edit of a field the
// spec reads (in a message, or in the client's answer to a request), of a catalog enum a value map
// covers (a value added or removed), or of the union a mapped discriminant is a member of (the
// member removed). Each case takes a source's newest supported snapshot, edits one property that a
// mapping reads (retyped, made nullable, removed, made optional, closed to new named values), and
// asks both judges in this process: `check --with <candidate>` (the spec analysed over the
// supported snapshots and the candidate: any finding fails) and `diff <newest> <candidate>
// --fail-on needs-mapping` (any breaking or needs-mapping change fails). They fail together or
// pass together. FUZZ_RUNS / FUZZ_TOTAL / FUZZ_SEED as in test/fuzz/support.ts.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../generator/catalog/load.ts';
import { resolveSnapshot } from '../../generator/catalog/snapshots.ts';
import type { Catalog } from '../../generator/catalog/types.ts';
import { responseSchema } from '../../generator/catalog/response.ts';
import { messageFields, responseFields } from '../../generator/diff/snapshot-diff.ts';
import { buildSnapshotDiff } from '../../generator/diff/snapshot-report.ts';
import { entryReads } from '../../generator/diff/spec-reads.ts';
import { analyzeSpec } from '../../generator/mapping/analyze.ts';
import { parseSpec } from '../../generator/mapping/load.ts';
import { getAtPointer } from '../../generator/schema/pointer.ts';
import { loadModel } from '../../generator/model/load.ts';
import { EventmapError } from '../../generator/shared/diagnostics.ts';
import { HELPER_MANIFEST } from '../../runtime/helpers/manifest.ts';
import { LONG, params } from '../fuzz/support.ts';
import { REPO, tempDir } from './helpers.ts';

type Json = Record<string, unknown> & { properties?: Record<string, unknown>; required?: string[] };
type Doc = Json & { definitions?: Record<string, Json>; $defs?: Record<string, Json> };

/** One edit of property `name` of `owner` (a definition's schema). */
const EDITS: Record<string, (owner: Json, name: string) => void> = {
  'made an integer': (o, k) => void (o.properties![k] = { type: 'integer' }),
  'made an object': (o, k) => void (o.properties![k] = { type: 'object', properties: { x: { type: 'string' } } }),
  'made an array': (o, k) => void (o.properties![k] = { type: 'array', items: { type: 'string' } }),
  'made a plain string': (o, k) => void (o.properties![k] = { type: 'string' }),
  'closed to two new values': (o, k) => void (o.properties![k] = { type: 'string', enum: ['eventmapA', 'eventmapB'] }),
  'made nullable': (o, k) => void (o.properties![k] = { anyOf: [o.properties![k], { type: 'null' }] }),
  removed: (o, k) => {
    delete o.properties![k];
    o.required = o.required?.filter((r) => r !== k);
  },
  'made optional': (o, k) => void (o.required = o.required?.filter((r) => r !== k)),
};

// A budget set by hand (FUZZ_RUNS, FUZZ_TOTAL) runs as long as it needs; else the config's hang
// guard, as the other property tests (no verdict on how fast this machine is).
const timeout = LONG || process.env.FUZZ_RUNS || process.env.FUZZ_TOTAL ? 0 : undefined;

const spec = parseSpec(readFileSync(join(REPO, 'mapping-spec.yaml'), 'utf8'), 'mapping-spec.yaml');
const model = loadModel(join(REPO, 'canonical-model.yaml'));

/** A read the spec makes, and the definition property it reaches in the newest snapshot. */
interface Target {
  read: string;
  document: string;
  definition: string;
  property: string;
}

function targetsOf(source: string, newest: Catalog): Target[] {
  const out = new Map<string, Target>();
  for (const entry of spec.entries.filter((e) => e.source === source && e.ignore === undefined)) {
    const ce = newest.entries.find((e) => e.kind === entry.kind && e.name === entry.name);
    if (!ce) continue;
    const answer = responseSchema(newest, ce);
    const scopes = {
      message: { fields: messageFields(newest, ce), document: ce.document },
      response: { fields: responseFields(newest, ce), document: answer?.document },
    };
    for (const read of entryReads(entry)) {
      const { fields, document } = scopes[read.scope];
      const origin = fields?.get(read.path)?.origin;
      const property = origin && /^\$\.([A-Za-z_]\w*)$/.exec(origin.path)?.[1];
      if (!origin || !property || !document) continue; // a property of a definition, one level down: what an edit reaches
      const key = `${document}#${origin.definition}.${property}`;
      if (!out.has(key))
        out.set(key, {
          read: `${entry.kind} ${entry.name} ${read.scope} ${read.path}`,
          document,
          definition: origin.definition,
          property,
        });
    }
  }
  return [...out.values()];
}

/** An enum schema's list of values and how to write one more: `enum: [...]`, or `oneOf: [{ const }, ...]`. */
function valuesOf(schema: unknown): { list: unknown[]; make: (v: string) => unknown } | undefined {
  const s = schema as { enum?: unknown; oneOf?: unknown; anyOf?: unknown } | undefined;
  if (Array.isArray(s?.enum)) return { list: s.enum, make: (v) => v };
  const union = Array.isArray(s?.oneOf) ? s.oneOf : Array.isArray(s?.anyOf) ? s.anyOf : undefined;
  if (union?.length && union.every((m) => typeof (m as { const?: unknown } | null)?.const === 'string'))
    return { list: union, make: (v) => ({ type: 'string', const: v }) };
  return undefined;
}

/** The union (`oneOf`/`anyOf`, as a `#/…` pointer) in `doc` with a member `{ $ref: ref }`, and the member's place. */
function unionReferring(doc: unknown, ref: string): { union: string; index: number } | undefined {
  const walk = (node: unknown, pointer: string, depth: number): { union: string; index: number } | undefined => {
    if (depth > 8 || node === null || typeof node !== 'object') return undefined;
    for (const [key, child] of Object.entries(node)) {
      const here = `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
      if ((key === 'oneOf' || key === 'anyOf') && Array.isArray(child)) {
        const index = child.findIndex((m) => (m as { $ref?: unknown } | null)?.$ref === ref);
        if (index >= 0) return { union: here, index };
      }
      const found = walk(child, here, depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  return walk(doc, '#', 0);
}

const sources = Object.keys(spec.sources).sort();

describe.each(sources)('%s: diff and check agree on one edit of a field the spec reads', (source) => {
  const versions = spec.sources[source]!.snapshots.map((s) => s.version);
  const newest = versions.at(-1)!;
  const upstream = join(REPO, 'upstream-schemas');
  const supported = versions.map((v) => loadCatalog(resolveSnapshot(upstream, `${source}@${v}`)));
  const base = supported.at(-1)!;
  const targets = targetsOf(source, base);
  const root = tempDir('eventmap-agree-');
  // The spec as `check` reads it for this source alone (the other sources have their own snapshots).
  const only = {
    ...spec,
    sources: { [source]: spec.sources[source]! },
    entries: spec.entries.filter((e) => e.source === source),
  };
  let n = 0;

  /**
   * The candidate: the newest snapshot with one edit of `document` (`edit` says whether it applied),
   * as the next version `<major>.<minor>.<1000+n>`.
   */
  const candidate = (document: string, edit: (doc: Doc) => boolean): Catalog | undefined => {
    const [major, minor] = newest.split('.');
    const version = `${major}.${minor}.${1000 + ++n}`;
    const dir = join(root, source, version);
    cpSync(join(upstream, source, newest), dir, { recursive: true });
    const file = join(dir, document);
    const doc = JSON.parse(readFileSync(file, 'utf8')) as Doc;
    if (!edit(doc)) return undefined;
    writeFileSync(file, JSON.stringify(doc));
    const prov = join(dir, 'provenance.json');
    writeFileSync(prov, JSON.stringify({ ...(JSON.parse(readFileSync(prov, 'utf8')) as object), version }));
    try {
      return loadCatalog(resolveSnapshot(root, `${source}@${version}`));
    } catch (err) {
      // An edit that leaves no catalog (a union the loader needs is gone): both commands refuse it alike (exit 2).
      if (err instanceof EventmapError) return undefined;
      throw err;
    }
  };

  /** Both judges on one candidate: they fail together or pass together. */
  const agree = (cand: Catalog | undefined, what: string) => {
    if (!cand) return;
    const analysis = analyzeSpec(only, { [source]: [...supported, cand] }, model, HELPER_MANIFEST);
    const check = analysis.findings.map((f) => `${f.code}: ${f.message}`);
    const diff = buildSnapshotDiff(base, cand, spec, model, supported)
      .changes.filter((c) => c.class !== 'informational')
      .map((c) => `${c.change} ${c.class}`);
    const verdicts = { check: check.length ? 'fail' : 'pass', diff: diff.length ? 'fail' : 'pass' };
    // Thrown (not expect): fast-check prints an error's message with the counterexample.
    if (verdicts.check !== verdicts.diff)
      throw new Error(
        `${what}: check ${verdicts.check}s, diff ${verdicts.diff}es\ncheck: ${check.join('\n')}\ndiff: ${diff.join('\n')}`,
      );
  };

  // The enums the source's value maps cover, and the unions its mapped discriminants are members of.
  const enums = Object.values(spec.valueMaps).flatMap((m) => {
    const name = m.source === source && m.covers && 'enum' in m.covers ? m.covers.enum : undefined;
    const e = name === undefined ? undefined : base.enums[name];
    // Only an enum whose values are a list (`enum`, or a union of `const`s): the edit below applies to every one kept.
    return e && valuesOf(getAtPointer(base.documents[e.document], e.pointer.slice(1)))
      ? [{ name: name!, document: e.document, pointer: e.pointer }]
      : [];
  });
  const members = only.entries.flatMap((e) => {
    const ce = base.entries.find((c) => c.kind === e.kind && c.name === e.name);
    if (!ce) return [];
    // A member in place (`#/oneOf/3`), or a named definition a union refers to (Claude's, the Codex SDK's).
    const slot = /^(.*)\/(oneOf|anyOf)\/(\d+)$/.exec(ce.pointer);
    const at = slot
      ? { union: `${slot[1]}/${slot[2]}`, index: Number(slot[3]) }
      : unionReferring(base.documents[ce.document], ce.pointer);
    return at ? [{ name: `${e.kind}:${e.name}`, document: ce.document, ...at }] : [];
  });

  it('reaches reads to edit', () => expect(targets.length).toBeGreaterThan(0));

  it('one edit of a field: both fail or both pass', { timeout }, () => {
    fc.assert(
      fc.property(fc.nat(), fc.constantFrom(...Object.keys(EDITS)), (i, edit) => {
        const t = targets[i % targets.length]!;
        const cand = candidate(t.document, (doc) => {
          const owner = (doc.definitions ?? doc.$defs)?.[t.definition] ?? doc;
          if (!owner.properties?.[t.property]) return false;
          EDITS[edit]!(owner, t.property);
          return true;
        });
        agree(cand, `${t.definition}.${t.property} ${edit} (read: ${t.read})`);
      }),
      params(0.1),
    );
  });

  it.skipIf(!enums.length)(
    `one value added to or removed from a covered enum: both fail or both pass${enums.length ? '' : ' (skipped: no value map covers an enum written as a list of values)'}`,
    { timeout },
    () => {
      fc.assert(
        fc.property(fc.nat(), fc.nat(), fc.boolean(), (i, at, add) => {
          const e = enums[i % enums.length]!;
          const cand = candidate(e.document, (doc) => {
            const values = valuesOf(getAtPointer(doc, e.pointer.slice(1)));
            if (!values || (!add && values.list.length < 2)) return false;
            if (add) values.list.push(values.make('eventmapNewValue'));
            else values.list.splice(at % values.list.length, 1);
            return true;
          });
          agree(cand, `enum ${e.name}: a value ${add ? 'added' : `removed (#${at})`}`);
        }),
        params(0.05),
      );
    },
  );

  it.skipIf(!members.length)(
    `a mapped discriminant removed from its union: both fail or both pass${members.length ? '' : ' (skipped: no union holds its discriminants)'}`,
    { timeout },
    () => {
      fc.assert(
        fc.property(fc.nat(), (i) => {
          const m = members[i % members.length]!;
          const cand = candidate(m.document, (doc) => {
            const union = getAtPointer(doc, m.union.slice(1));
            if (!Array.isArray(union) || union.length <= m.index) return false;
            union.splice(m.index, 1);
            return true;
          });
          agree(cand, `${m.name} removed`);
        }),
        params(0.05),
      );
    },
  );
});
