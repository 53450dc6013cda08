// The generator fuzz property (issue 12): hostile strings in any input position either make
// generate exit with a located error, or give code that compiles under `tsc --strict` and whose
// import has no side effect. A case costs seconds (generate, tsc, a child process), so `npm test`
// runs a few random cases plus one deterministic case with every pass-through position at once;
// `npm run fuzz` runs many (EVENTMAP_GENERATOR_RUNS overrides).
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { LONG } from '../fuzz/support.ts';
import {
  generate,
  HOSTILE,
  hostileProject,
  importSideEffects,
  PAYLOAD,
  typecheck,
  type HostileProject,
} from './hostile-project.ts';
import { POSITIONS } from './positions.ts';

const RUNS = Number(process.env.EVENTMAP_GENERATOR_RUNS) || (LONG ? 150 : 2);
const seed = Number(process.env.FUZZ_SEED);

const open: HostileProject[] = [];
afterEach(() => {
  for (const p of open.splice(0)) p.remove();
});

/** Apply `cases`, generate, and check the outcome; returns which way it went. */
async function check(cases: Array<{ position: number; value: string }>): Promise<'refused' | 'generated'> {
  const p = hostileProject(['codex-sdk']);
  open.push(p);
  let options = {};
  for (const c of cases) options = { ...options, ...(POSITIONS[c.position]!.apply(p, c.value) ?? {}) };
  const outcome = await generate(p, options);
  if (outcome.kind === 'refused') {
    for (const d of outcome.diagnostics) expect(d.file, `unlocated: ${JSON.stringify(d)}`).toBeTruthy();
    return 'refused';
  }
  expect(typecheck(p)).toBe('');
  const run = importSideEffects(p);
  expect(run).toEqual({ stdout: '', stderr: '', canary: null });
  return 'generated';
}

const hostile = fc.oneof(
  fc.constantFrom(...HOSTILE),
  // Composed: an opener, a breaker and the payload, so new combinations come up.
  fc
    .tuple(
      fc.constantFrom('', 'x', 'a b', '$x', '0'),
      fc.constantFrom('*/', '\n', '\r', '\u2028', '\u2029', '`', '${', '"', "'", '\\', '</script>', '\u0000', '-->'),
      fc.string({ maxLength: 8 }),
    )
    .map(([a, b, c]) => `${a}${b}${c}${b}${PAYLOAD}${b}`),
);

describe('generator fuzz: nothing a snapshot, the spec or the model supplies becomes code', () => {
  // Every hostile string at once, in every position that must pass (each a little different, so
  // two added members never clash); then the prototype names, which must stay plain keys.
  it.each([
    ['every hostile string', (i: number) => `${HOSTILE.join(' ')} #${i}`],
    ['__proto__', (i: number) => (i % 2 ? '__proto__' : 'constructor')],
    ['constructor', (i: number) => (i % 2 ? 'constructor' : '__proto__')],
  ])('%s in every pass-through position: code that compiles and does nothing on import', async (_name, value) => {
    const cases = POSITIONS.flatMap((pos, i) => (pos.door ? [] : [{ position: i, value: value(i) }]));
    expect(await check(cases)).toBe('generated');
  });

  it.each(POSITIONS.filter((p) => p.door).map((p) => [p.name, POSITIONS.indexOf(p)] as const))(
    '%s: refused with a location, or inert',
    async (_name, position) => {
      for (const value of [HOSTILE[0]!, HOSTILE[1]!]) await check([{ position, value }]);
    },
  );

  it(
    `random positions and strings (${RUNS} cases)`,
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.uniqueArray(fc.nat({ max: POSITIONS.length - 1 }), { minLength: 1, maxLength: 3 }),
          fc.array(hostile, { minLength: 3, maxLength: 3 }),
          async (positions, values) => {
            await check(positions.map((position, i) => ({ position, value: values[i]! })));
            for (const p of open.splice(0)) p.remove();
          },
        ),
        { numRuns: RUNS, ...(Number.isFinite(seed) ? { seed } : {}) },
      );
    },
    LONG ? 0 : 180_000,
  );
});
