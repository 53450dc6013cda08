// Checks of one `emit` against the canonical model and the upstream schemas of every supported
// snapshot that has the discriminant.
import { resolveSchemaPath, type JsonType, type PathInfo } from '../schema/paths.ts';
import { getAtPointer } from '../schema/pointer.ts';
import type { CanonicalModel } from '../model/types.ts';
import { fieldEnumName, fieldInfo, payloadShape } from '../model/query.ts';
import { guessHint } from '../shared/did-you-mean.ts';
import { flowText } from './edit.ts';
import { missingPathHint, readValue, type PathTarget } from './path-hints.ts';
import { describePresence, expectedIn, presenceFor, type Presence } from './presence.ts';
import { sourceFinding, type Finding } from './findings.ts';
import type { HelperManifest } from '../../runtime/helpers/manifest.ts';
import { checkValueUse } from './helper-check.ts';
import type { Catalog } from '../catalog/types.ts';
import { valueMapHit } from './coverage-status.ts';
import type { EmitSpec, MappingEntry, MappingSpec, PathExpr, ValueExpr, ValueMap } from './types.ts';
import { isFolderVersion, isStrictVersion } from '../project/versions.ts';

export interface EmitContext {
  spec: Pick<MappingSpec, 'valueMaps'>;
  model: CanonicalModel;
  helpers: HelperManifest;
  entry: MappingEntry;
  targets: PathTarget[];
  findings: Finding[];
  /** Collects the named values each value map's reads can take (a value one can take is not stale). */
  mapReads?: MapReads;
}

/** Value map name → the named values its `{ path, map }` reads can take, in the snapshots checked. */
export type MapReads = Map<string, Set<string>>;

export function checkEmit(ctx: EmitContext, emit: EmitSpec): void {
  const { model } = ctx;
  const shape = payloadShape(model, emit.type);
  if (!shape) {
    report(ctx, {
      code: 'spec/unknown-canonical-type',
      message: `unknown canonical event type \`${emit.type}\``,
      hint: guessHint(
        emit.type,
        model.eventTypes,
        `use one of the types in canonical-model.yaml, e.g. ${nearest(emit.type, model.eventTypes)}`,
      ),
      loc: emit.loc,
    });
    return;
  }
  for (const [field, expr] of Object.entries(emit.payload)) {
    const schema = shape.fields[field];
    if (schema === undefined) {
      report(ctx, {
        code: 'spec/unknown-payload-field',
        message: `\`${emit.type}\` has no payload field \`${field}\``,
        hint: guessHint(
          field,
          Object.keys(shape.fields),
          `its fields are: ${Object.keys(shape.fields).join(', ') || '(none)'}`,
        ),
        loc: expr.loc,
      });
      continue;
    }
    checkExpr(ctx, expr, { type: emit.type, field, schema });
  }
  for (const req of shape.required) {
    if (!(req in emit.payload)) {
      report(ctx, {
        code: 'spec/required-field-unmapped',
        message: `required field \`${req}\` of \`${emit.type}\` is not mapped`,
        hint: `add \`${req}:\` under payload (a $.path, a constant, or a helper)`,
        loc: emit.loc,
      });
    }
  }
  for (const expr of Object.values(emit.ids)) if (expr) checkExpr(ctx, expr, 'id');
  if (emit.when) checkPath(ctx, emit.when.path, { absentIn: [] }, emit.when.loc);
}

/** A finding about the emit's entry. */
const report = (ctx: EmitContext, f: Parameters<typeof sourceFinding>[1]) =>
  ctx.findings.push(sourceFinding(ctx.entry, f));

interface FieldTarget {
  type: string;
  field: string;
  schema: unknown;
}

/**
 * What an id takes: the runtime's idOf keeps a string or a finite number and drops anything else
 * (runtime/values.ts), so an id read of another type loses the id.
 */
const ID_TYPES: ReadonlySet<JsonType> = new Set(['string', 'integer', 'number']);

/** What a value map takes: a string, or an object whose tag it translates (runtime/values.ts `tagOf`). */
const TAG_TYPES: ReadonlySet<JsonType> = new Set(['string', 'object']);

/**
 * Where a value lands: a payload field, an id (`'id'`), or a helper's argument (`undefined`: a
 * helper takes any value). The type rule of each place is here, once; `diff` classes a field
 * change by these findings (generator/diff/read-problems.ts).
 */
type Place = FieldTarget | 'id' | undefined;

function checkExpr(ctx: EmitContext, expr: ValueExpr, place: Place): void {
  const { model, entry, findings, spec } = ctx;
  const target = typeof place === 'object' ? place : undefined;
  const canonical = target ? fieldInfo(model, target.schema) : undefined;
  const enumName = target ? fieldEnumName(model, target.schema) : undefined;
  switch (expr.kind) {
    case 'const': {
      if (!target || !canonical) return;
      const v = expr.value;
      const t: JsonType =
        v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'object' ? 'object' : (typeof v as JsonType);
      if (!fits(new Set([t]), canonical.types)) {
        report(ctx, {
          code: 'spec/type-mismatch',
          message: `constant ${JSON.stringify(v)} cannot fit \`${target.type}.${target.field}\` (${[...canonical.types].join(' | ')})`,
          hint: 'give a value of the field’s type',
          loc: expr.loc,
        });
      } else if (canonical.values && typeof v === 'string' && !canonical.values.has(v)) {
        report(ctx, {
          code: 'spec/unknown-enum-value',
          message: `\`${v}\` is not a value of ${enumName ?? `\`${target.type}.${target.field}\``}`,
          hint: guessHint(v, canonical.values, `use one of: ${[...canonical.values].join(', ')}`),
          loc: expr.loc,
        });
      }
      return;
    }
    case 'helper':
      checkValueUse({ manifest: ctx.helpers, spec, entry, findings }, expr);
      for (const a of expr.args) checkExpr(ctx, a, undefined);
      return;
    case 'first':
      for (const o of expr.options) checkExpr(ctx, o, place);
      return;
    case 'path': {
      const infos = checkPath(ctx, expr.path, expr, expr.loc);
      if (place === 'id')
        return unfit(
          ctx,
          expr,
          infos,
          ID_TYPES,
          'which cannot be an id',
          'read the id from another path, or build it with a helper',
        );
      // A value map translates wherever it is read: a payload field, or a helper's argument.
      if (expr.map) {
        const map = spec.valueMaps[expr.map];
        if (!map) {
          report(ctx, {
            code: 'spec/unknown-value-map',
            message: `unknown value map \`${expr.map}\``,
            hint: guessHint(
              expr.map,
              Object.keys(spec.valueMaps),
              `define it under valueMaps, or use one of: ${Object.keys(spec.valueMaps).join(', ')}`,
            ),
            loc: expr.loc,
          });
        } else if (target && canonical?.values && map.to !== enumName) {
          report(ctx, {
            code: 'spec/type-mismatch',
            message: `value map \`${expr.map}\` gives ${map.to} values but \`${target.type}.${target.field}\` takes ${enumName ?? [...canonical.values].join(' | ')}`,
            hint: 'use a value map whose `to` is the field’s enum',
            loc: expr.loc,
          });
        } else {
          const where = `which value map \`${expr.map}\` cannot translate (it takes a string or an object's tag)`;
          unfit(ctx, expr, infos, TAG_TYPES, where, 'map another path, or convert it with a helper');
          unlisted(ctx, expr, infos, map);
        }
        return;
      }
      if (!target || !canonical) return;
      for (const { info, version } of infos) {
        if (!fits(info.types, canonical.types)) {
          report(ctx, {
            code: 'spec/type-mismatch',
            message: `\`${expr.path.text}\` is ${[...info.types].join(' | ')} in ${entry.source}@${version}, which cannot fit \`${target.type}.${target.field}\` (${[...canonical.types].join(' | ')})`,
            hint: 'map another path, or convert it with a value map or a helper',
            versions: [version],
            loc: expr.loc,
          });
          return;
        }
        if (canonical.values && info.values) {
          const outside = [...info.values].filter((v) => !canonical.values!.has(v));
          if (outside.length) {
            report(ctx, {
              code: 'spec/unknown-enum-value',
              message: `\`${expr.path.text}\` can be ${outside.map((v) => `\`${v}\``).join(', ')} in ${entry.source}@${version}, not values of ${enumName ?? `\`${target.field}\``}`,
              hint: 'translate it with a value map (`{ path, map }`)',
              versions: [version],
              loc: expr.loc,
            });
            return;
          }
        }
      }
    }
  }
}

/** Reports the first version whose type of the read cannot land where it goes (an id, a value map). */
function unfit(
  ctx: EmitContext,
  expr: Extract<ValueExpr, { kind: 'path' }>,
  infos: { info: PathInfo; version: string }[],
  takes: ReadonlySet<JsonType>,
  where: string,
  hint: string,
): void {
  const bad = infos.find(({ info }) => !fits(info.types, takes));
  if (bad)
    report(ctx, {
      code: 'spec/type-mismatch',
      message: `\`${expr.path.text}\` is ${[...bad.info.types].join(' | ')} in ${ctx.entry.source}@${bad.version}, ${where}`,
      hint,
      versions: [bad.version],
      loc: expr.loc,
    });
}

/**
 * The named values a `{ path, map }` read can take that its map does not list: each would get the
 * map's default. What the map `covers` (a catalog enum's values, a kind's discriminants) is left to
 * the coverage check (analyze.ts), so one missing value is one finding.
 */
function unlisted(
  ctx: EmitContext,
  expr: Extract<ValueExpr, { kind: 'path' }>,
  infos: { info: PathInfo; version: string }[],
  map: ValueMap,
): void {
  const missing = new Map<string, string[]>();
  let read = ctx.mapReads?.get(map.name);
  if (ctx.mapReads && !read) ctx.mapReads.set(map.name, (read = new Set()));
  for (const { info, version } of infos) {
    for (const v of info.values ?? []) read?.add(v);
    const catalog = ctx.targets.find((t) => t.catalog.version === version)?.catalog;
    for (const v of info.values ?? [])
      if (!valueMapHit(map, v) && !(catalog && coveredBy(map, catalog, v)))
        missing.set(v, [...(missing.get(v) ?? []), version]);
  }
  // One finding a value, as coverage/enum-gap (suggest drafts each into the map).
  for (const [value, versions] of missing)
    report(ctx, {
      category: 'gap',
      code: 'coverage/map-gap',
      message: `\`${expr.path.text}\` can be \`${value}\` in ${ctx.entry.source}@${versions.join(', ')}, which value map \`${map.name}\` does not list`,
      hint: `add \`${value}: <${map.to} value or null>\` to valueMaps.${map.name}.values (\`eventmap suggest\` drafts it)`,
      versions,
      discriminant: `${MAP_GAP}${map.name}.${value}`,
      loc: expr.loc,
    });
}

/** A map-gap finding's discriminant: `value-map:<map>.<value>` (a map's name has no dot). */
export const MAP_GAP = 'value-map:';

/** Whether `value` is one the map `covers` in `catalog`: a value of its enum, or a discriminant of its kind. */
function coveredBy(map: ValueMap, catalog: Catalog, value: string): boolean {
  if (!map.covers) return false;
  if ('enum' in map.covers) return catalog.enums[map.covers.enum]?.values.includes(value) ?? false;
  const kind = map.covers.kind;
  return catalog.entries.some((e) => e.kind === kind && e.name === value);
}

/** Check a path against every target snapshot; returns what it found where it is expected. */
function checkPath(
  ctx: EmitContext,
  path: PathExpr,
  presence: Presence,
  loc: EmitSpec['loc'],
): { info: PathInfo; version: string }[] {
  const found: { info: PathInfo; version: string }[] = [];
  const missing: string[] = [];
  const { entry } = ctx;
  for (const bound of ['since', 'until'] as const) {
    const v = presence[bound];
    if (v !== undefined && !isStrictVersion(v))
      report(ctx, {
        code: 'spec/bad-version',
        message: `\`${bound}: ${v}\` is not a version as semver writes it`,
        hint: `give the ${bound === 'since' ? 'first' : 'last'} version that has \`${path.text}\`, e.g. 0.171.0`,
        loc,
      });
  }
  const results = ctx.targets.map((target) => {
    const doc = target.catalog.documents[target.document];
    const info = resolveSchemaPath(doc, getAtPointer(doc, target.pointer), path.segments);
    return { target, info, found: info !== undefined };
  });
  const versionsWhere = (found: boolean) =>
    results.filter((r) => r.found === found).map((r) => r.target.catalog.version);
  const [having, lacking] = [versionsWhere(true), versionsWhere(false)];
  const excluded: string[] = [];
  for (const { target, info } of results) {
    const version = target.catalog.version;
    const expected = expectedIn(presence, version);
    if (info && expected) found.push({ info, version });
    else if (!info && expected) missing.push(version);
    else if (info && !expected) excluded.push(version);
  }
  // One finding for every version the range wrongly excludes, with the read to write instead.
  if (excluded.length) {
    const value = readValue(path.text, presenceFor(having, lacking), (presence as { map?: string }).map);
    report(ctx, {
      category: 'stale',
      code: 'spec/stale-absent-in',
      message: `\`${path.text}\` is marked ${describePresence(presence)}, but ${entry.source}@${excluded.join(', ')} ${excluded.length > 1 ? 'have' : 'has'} it`,
      hint: `${lacking.length ? '' : 'every supported snapshot has it: '}write \`${flowText(value)}\` (\`eventmap suggest --write\` writes it)`,
      versions: excluded,
      loc,
      ...(loc.node ? { fix: { at: loc.node.path, value } } : {}),
    });
  }
  // One finding for every version that lacks the path: one cause, one error.
  if (missing.length) {
    // A snapshot folder named by its content hash has no version a spec could list: no hint writes one.
    const range = presenceFor(having, missing);
    const writesFolder = [range.since, range.until, ...range.absentIn].some(
      (v) => v !== undefined && isFolderVersion(v),
    );
    const hint =
      having.length && writesFolder
        ? 'fix the path, or check the snapshot folder'
        : missingPathHint(path.text, results);
    report(ctx, {
      category: 'path',
      code: 'spec/unknown-path',
      message: `${entry.source}@${missing.join(', ')} ${ctx.targets.some((t) => t.scope === 'response') ? 'the answer to ' : ''}${entry.kind} \`${entry.name}\` has no \`${path.text}\``,
      hint,
      versions: missing,
      loc,
    });
  }
  return found;
}

/** Can a value of `from` types land in a field of `to` types? (integer fits number; null never blocks.) */
export function fits(from: ReadonlySet<JsonType>, to: ReadonlySet<JsonType>): boolean {
  for (const t of from) {
    if (t === 'null') continue;
    if (to.has(t) || (t === 'integer' && to.has('number')) || (t === 'number' && to.has('integer'))) return true;
  }
  return from.size === 1 && from.has('null');
}

function nearest(word: string, options: string[]): string {
  const prefix = word.split('.')[0] ?? '';
  const same = options.filter((o) => o.startsWith(prefix));
  return (same.length ? same : options).slice(0, 4).join(', ');
}
