// What every schema document of a snapshot must satisfy before anything walks it, checked once
// when the file is read (SnapshotReader), so no later walker, Ajv or json-schema-to-typescript
// meets what it cannot handle:
// - every `$ref` is document-local (`#/...`) and points at a schema;
// - no `$ref` cycle that consumes no data (`A: {$ref: B}`, `B: {anyOf: [{$ref: A}]}`): a validator
//   would recurse forever on any input. Recursion through `properties`, `items`... is fine;
// - no schema deeper than MAX_DEPTH pointer segments (the walkers recurse);
// - `pattern`s and `patternProperties` keys compile as Ajv compiles them (with the `u` flag), and
//   run in linear time (generator/schema/linear-pattern.ts);
// - `enum`s are non-empty lists of distinct values, checked here in linear time, so the
//   validators' meta-schema can skip its quadratic `uniqueItems` (emit/upstream/ajv-meta.ts).
// The walk is iterative: a document nested 100,000 deep is an error, not a stack overflow.
import { nonLinearReason } from '../schema/linear-pattern.ts';
import { compareStrings } from '../io/fsutil.ts';
import { getAtPointer, joinPointer, pointerSegments } from '../schema/pointer.ts';
import { isObj, type Obj } from '../schema/object.ts';
import { isLocalRef, refPointer } from '../schema/ref.ts';

export const MAX_DEPTH = 128;

export interface SchemaProblem {
  pointer: string;
  code: string;
  message: string;
  hint: string;
}

/**
 * Keywords holding schemas: one, a list or a map of them, applying to the same value (a cycle
 * through them never ends) or to a part of it (recursion through them ends with the data).
 */
const KEYWORDS: [shape: 'one' | 'list' | 'map', sameValue: boolean, keys: string[]][] = [
  ['one', true, ['not', 'if', 'then', 'else']],
  ['list', true, ['allOf', 'anyOf', 'oneOf']],
  ['map', true, ['dependentSchemas', 'dependencies']],
  ['one', false, ['additionalProperties', 'additionalItems', 'contains', 'propertyNames']],
  ['one', false, ['unevaluatedProperties', 'unevaluatedItems', 'items']],
  ['list', false, ['items', 'prefixItems']],
  ['map', false, ['properties', 'patternProperties']],
  ['map', false, ['definitions', '$defs']], // schemas that apply only where referenced
];

interface Child {
  pointer: string;
  node: unknown;
  sameValue: boolean;
  /** Pointer segments below the parent (1 or 2). */
  segments: number;
}

function children(node: Obj, at: string): Child[] {
  const out: Child[] = [];
  for (const [shape, sameValue, keys] of KEYWORDS)
    for (const k of keys) {
      const v = node[k];
      if (shape === 'one' && (isObj(v) || typeof v === 'boolean'))
        out.push({ pointer: joinPointer(at, k), node: v, sameValue, segments: 1 });
      if (shape === 'list' && Array.isArray(v))
        v.forEach((s, i) => out.push({ pointer: joinPointer(at, k, i), node: s, sameValue, segments: 2 }));
      // `dependencies` values may be property lists (arrays), which are not schemas.
      if (shape === 'map' && isObj(v))
        for (const [name, s] of Object.entries(v))
          if (!Array.isArray(s)) out.push({ pointer: joinPointer(at, k, name), node: s, sameValue, segments: 2 });
    }
  return out;
}

/** The problems of one schema document (empty when it is fine), in document order. */
export function schemaProblems(doc: unknown): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  /** pointer → pointers of the schemas that apply to the same value (members, `$ref` target). */
  const sameValue = new Map<string, string[]>();
  const stack: { pointer: string; node: unknown; depth: number }[] = [{ pointer: '#', node: doc, depth: 0 }];
  const queued = new Set<string>(['#']);
  const enqueue = (pointer: string, node: unknown, depth: number) => {
    if (queued.has(pointer)) return;
    queued.add(pointer);
    stack.push({ pointer, node, depth });
  };
  while (stack.length > 0 && problems.length < 5) {
    const { pointer, node, depth } = stack.pop()!;
    if (!isObj(node)) continue;
    if (depth > MAX_DEPTH) {
      problems.push({
        pointer,
        code: 'snapshot/too-deep',
        message: `schemas are nested more than ${MAX_DEPTH} levels (JSON pointer segments) deep`,
        hint: 'no real protocol schema nests this deep; check where the snapshot came from',
      });
      continue;
    }
    const edges: string[] = [];
    for (const child of children(node, pointer)) {
      if (child.sameValue) edges.push(child.pointer);
      enqueue(child.pointer, child.node, depth + child.segments);
    }
    if ('$ref' in node) {
      const target = checkedRefTarget(doc, node.$ref);
      if (typeof target === 'string')
        problems.push({
          pointer: joinPointer(pointer, '$ref'),
          code: target.startsWith('points') ? 'snapshot/dangling-ref' : 'snapshot/bad-ref',
          message: `\`$ref\` ${JSON.stringify(node.$ref)} ${target}`,
          hint: 'snapshots use document-local references (`#/definitions/Name`) to schemas in the same file; restore the snapshot',
        });
      else {
        edges.push(target.pointer);
        // A schema reached only through a `$ref` (not under a schema keyword) is still checked.
        enqueue(target.pointer, target.node, target.depth);
      }
    }
    sameValue.set(pointer, edges);
    checkKeywords(node, pointer, problems);
  }
  if (problems.length === 0) {
    const cycle = findCycle(sameValue);
    if (cycle)
      problems.push({
        pointer: cycle[0]!,
        code: 'snapshot/ref-cycle',
        message: `\`$ref\`s loop back to the same value without going into it (${cycle.join(' → ')}): a validator would never finish`,
        hint: 'a recursive type must recurse through a property or an array item; restore the snapshot',
      });
  }
  return problems.sort((a, b) => compareStrings(a.pointer, b.pointer));
}

/** Where a `$ref` leads, or why it leads nowhere usable. */
function checkedRefTarget(doc: unknown, ref: unknown): { pointer: string; node: unknown; depth: number } | string {
  if (typeof ref !== 'string' || !isLocalRef(ref)) return 'is not a document-local reference';
  const pointer = refPointer(ref);
  const segments = pointerSegments(pointer);
  const target = getAtPointer(doc, pointer);
  if (target === undefined) return 'points at nothing in this document';
  if (!isObj(target) && typeof target !== 'boolean') return 'does not point at a schema';
  return { pointer: segments.length ? joinPointer('#', ...segments) : '#', node: target, depth: segments.length };
}

function checkKeywords(node: Obj, pointer: string, problems: SchemaProblem[]): void {
  const regexp = (source: string, at: string) => {
    try {
      new RegExp(source, 'u');
    } catch (err) {
      problems.push({
        pointer: at,
        code: 'snapshot/invalid-pattern',
        message: `${JSON.stringify(source)} is not a valid regular expression (${err instanceof Error ? err.message : String(err)})`,
        hint: 'patterns are compiled with the `u` flag, as the generated validators do; restore the snapshot',
      });
      return;
    }
    const slow = nonLinearReason(source);
    if (slow !== undefined)
      problems.push({
        pointer: at,
        code: 'snapshot/nonlinear-pattern',
        message: `${JSON.stringify(source)} could take more than linear time to match: ${slow}`,
        hint: 'the generated validators run every pattern on live traffic, so only linear-time patterns are accepted (generator/schema/linear-pattern.ts); if a real upstream ships this pattern, report it and refuse the release until it is fixed',
      });
  };
  if (typeof node.pattern === 'string') regexp(node.pattern, joinPointer(pointer, 'pattern'));
  if (isObj(node.patternProperties))
    for (const key of Object.keys(node.patternProperties)) regexp(key, joinPointer(pointer, 'patternProperties', key));
  if ('enum' in node) {
    const values = node.enum;
    if (!Array.isArray(values) || values.length === 0) {
      problems.push({
        pointer: joinPointer(pointer, 'enum'),
        code: 'snapshot/bad-enum',
        message: '`enum` must be a non-empty list',
        hint: 'restore the snapshot',
      });
      return;
    }
    const seen = new Set<string>();
    for (const [i, v] of values.entries()) {
      const key = typeof v === 'string' ? `s${v}` : `j${JSON.stringify(v)}`;
      if (!seen.has(key)) seen.add(key);
      else {
        problems.push({
          pointer: joinPointer(pointer, 'enum', i),
          code: 'snapshot/bad-enum',
          message: `${JSON.stringify(v)} is listed twice in this \`enum\``,
          hint: 'an enum lists each value once; restore the snapshot',
        });
        return;
      }
    }
  }
}

/** A cycle in the same-value graph, as the pointers along it (iterative depth-first search). */
function findCycle(edges: Map<string, string[]>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  for (const start of edges.keys()) {
    if (state.has(start)) continue;
    const path: string[] = [start];
    const next: number[] = [0];
    state.set(start, 'open');
    while (path.length > 0) {
      const at = path[path.length - 1]!;
      const out = edges.get(at) ?? [];
      const i = next[next.length - 1]!;
      if (i >= out.length) {
        state.set(at, 'done');
        path.pop();
        next.pop();
        continue;
      }
      next[next.length - 1] = i + 1;
      const to = out[i]!;
      if (state.get(to) === 'open') return [...path.slice(path.indexOf(to)), to];
      if (!state.has(to)) {
        state.set(to, 'open');
        path.push(to);
        next.push(0);
      }
    }
  }
  return undefined;
}
