// Which regular expressions may reach a generated validator: only those a backtracking engine runs
// in linear time, so a hostile snapshot cannot make `push()` hang on one short string (issue 29:
// `^(a+)+$` blocked a push for 15 s on 29 characters). The rule is a subset, checked on the
// pattern's syntax tree (`ret`), rather than a second engine (docs/decisions.md, "Linear-time
// patterns: a budget at the door"):
//   - at most one unbounded quantifier (`*`, `+`, `{n,}`), on a single character or class;
//   - no repetition inside a repetition (but `?`), and no alternation inside a repetition;
//   - with one, the pattern is anchored at its start (`^…`, one alternative), so the engine tries
//     one start position, and backtracks at most once per character;
//   - no backreference and no lookaround;
//   - bounded quantifiers multiply what the engine may try (issue 37: `a{0,20000}a{0,20000}b`
//     tries every split of a run of `a`s, 24 s on 2,000 characters), so the steps one start
//     position can cost, counted on the tree with each unbounded quantifier taken once, are at
//     most PATTERN_STEPS_PER_CHAR: the whole match then costs at most that per input character.
// The canonical model's own patterns are held to the same rule (test/schema/linear-pattern.test.ts).
import { createRequire } from 'node:module';
import { types, type tokenizer, type Token, type Tokens } from 'ret';

// A CommonJS module whose export is the function itself (Node's ESM view has no named `tokenizer`).
const ret = createRequire(import.meta.url)('ret') as typeof tokenizer;

/** The most steps a pattern may cost a backtracking engine per character of input. */
export const PATTERN_STEPS_PER_CHAR = 10_000;

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
  const steps = stepsPerStart(root).work;
  if (steps > PATTERN_STEPS_PER_CHAR)
    return `its quantifiers let a backtracking engine take more than ${PATTERN_STEPS_PER_CHAR.toLocaleString('en-US')} steps per character of input (bounded repetitions multiply: \`a{0,100}a{0,100}\` tries 10,201 splits); lower the bounds, or state a length with \`maxLength\``;
  return undefined;
}

/**
 * What one start position can cost: `paths`, the ways a node can match (each one a retry of what
 * follows it), and `work`, the steps trying all of them takes, every node entered costing one.
 * Both saturate just above the budget, so a `{0,4294967295}` is counted in budget-many steps.
 * An unbounded quantifier is counted as one optional copy more than its minimum: the rest of the
 * rule lets it retry once per input character, which is the "per character" of the budget.
 */
interface Steps {
  paths: number;
  work: number;
}

const CAP = PATTERN_STEPS_PER_CHAR + 1;
const cap = (n: number) => Math.min(n, CAP);

/** A then B: B is entered once for each way A matches. */
function then(a: Steps, b: Steps): Steps {
  return { paths: cap(a.paths * b.paths), work: cap(a.work + a.paths * b.work) };
}

function sequence(tokens: readonly Token[]): Steps {
  return tokens.reduce<Steps>((acc, t) => then(acc, stepsPerStart(t)), { paths: 1, work: 0 });
}

function stepsPerStart(t: Tokens): Steps {
  switch (t.type) {
    case types.ROOT:
    case types.GROUP: {
      const options = t.options ?? [t.stack ?? []];
      const each = options.map(sequence);
      return {
        paths: cap(each.reduce((n, o) => n + o.paths, 0)),
        work: cap(1 + each.reduce((n, o) => n + o.work, 0)),
      };
    }
    case types.REPETITION: {
      const body = stepsPerStart(t.value);
      const max = t.max === Infinity ? t.min + 1 : t.max;
      let fixed: Steps = { paths: 1, work: 1 };
      for (let i = 0; i < t.min && fixed.work < CAP; i++) fixed = then(fixed, body);
      // The optional copies nest (greedy: one more copy, or stop): opt(k) = body opt(k-1) | nothing.
      let optional: Steps = { paths: 1, work: 1 };
      for (let k = 0; k < max - t.min && optional.work < CAP; k++)
        optional = {
          paths: cap(body.paths * optional.paths + 1),
          work: cap(1 + body.work + body.paths * optional.work),
        };
      return then(fixed, optional);
    }
    default:
      // A character, a class, a range, an anchor (backreferences and lookarounds are refused above).
      return { paths: 1, work: 1 };
  }
}
