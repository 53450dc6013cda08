// Which regular expressions may reach a generated validator: only those a backtracking engine runs
// in linear time, so a hostile snapshot cannot make `push()` hang on one short string (issue 29:
// `^(a+)+$` blocked a push for 15 s on 29 characters). JavaScript has no linear-time engine that a
// browser bundle can import, so the rule is a subset, checked on the pattern's syntax tree (`ret`):
//   - at most one unbounded quantifier (`*`, `+`, `{n,}`), on a single character or class;
//   - no repetition inside a repetition (but `?`), and no alternation inside a repetition;
//   - with one, the pattern is anchored at its start (`^…`, one alternative), so the engine tries
//     one start position, and backtracks at most once per character;
//   - no backreference and no lookaround.
// The canonical model's own patterns are held to the same rule (test/schema/linear-pattern.test.ts).
import { createRequire } from 'node:module';
import { types, type tokenizer, type Token } from 'ret';

// A CommonJS module whose export is the function itself (Node's ESM view has no named `tokenizer`).
const ret = createRequire(import.meta.url)('ret') as typeof tokenizer;

/** Why the pattern could take more than linear time, or undefined when it cannot. */
export function nonLinearReason(source: string): string | undefined {
  let root;
  try {
    root = ret(source);
  } catch (err) {
    return `it does not parse (${err instanceof Error ? err.message : String(err)})`;
  }
  let unbounded = 0;
  // Each walk returns the first reason found, and stops there.
  const walk = (tokens: Token[] | undefined, repeated: boolean): string | undefined => {
    for (const t of tokens ?? []) {
      let reason: string | undefined;
      if (t.type === types.REFERENCE) return 'it has a backreference';
      if (t.type === types.GROUP) {
        if (t.followedBy || t.notFollowedBy || t.lookBehind) return 'it has a lookaround';
        if (repeated && t.options) return 'it repeats an alternation';
        reason = walkGroup(t, repeated);
      } else if (t.type === types.REPETITION) {
        if (repeated && t.max > 1) return 'it nests a repetition inside a repetition';
        if (t.max === Infinity) {
          unbounded++;
          if (t.value.type === types.GROUP) return 'it repeats a group without bound';
        }
        // `?` ({0,1}) tries its body once or not at all: no more backtracking than its body's own.
        reason = walk([t.value], repeated || t.max > 1);
      }
      if (reason) return reason;
    }
    return undefined;
  };
  const walkGroup = (g: { stack?: Token[]; options?: Token[][] }, repeated: boolean) =>
    (g.options ?? [g.stack]).reduce<string | undefined>((found, o) => found ?? walk(o, repeated), undefined);
  const reason = walkGroup(root, false);
  if (reason) return reason;
  if (unbounded > 1) return `it has ${unbounded} unbounded quantifiers (one at most)`;
  const first = root.stack?.[0];
  if (unbounded === 1 && (root.options || first?.type !== types.POSITION || first.value !== '^'))
    return 'it has an unbounded quantifier but is not anchored at its start with `^`';
  return undefined;
}
