// Uses of runtime helpers in mapping-spec.yaml against the helper manifest
// (runtime/helpers/manifest.ts): the name, the kind the place needs (a value in a field or an id,
// a hook in `before:`/`after:`), the arity, constant arguments, the sources it serves, and the
// value maps a hook reads by name. Each problem is a located error finding (generate exits 2).
import type { HelperManifest, HelperSpec } from '../../runtime/helpers/manifest.ts';
import { guessHint } from '../shared/did-you-mean.ts';
import { sourceFinding, type Finding } from './findings.ts';
import type { Loc, MappingEntry, MappingSpec, ValueExpr } from './types.ts';

type HelperExpr = Extract<ValueExpr, { kind: 'helper' }>;

interface Use {
  manifest: HelperManifest;
  spec: Pick<MappingSpec, 'valueMaps'>;
  entry: MappingEntry;
  findings: Finding[];
}

/** `before:` / `after:` names a helper run for its effect. */
export function checkHookUse(use: Use, h: { name: string; loc: Loc }, where: 'before' | 'after'): void {
  const helper = known(use, h.name, h.loc);
  if (!helper) return;
  if (helper.kind !== 'hook') {
    return problem(
      use,
      h.loc,
      'spec/helper-kind',
      `\`${h.name}\` is a value helper; \`${where}:\` runs hooks (helpers run for their effect)`,
      `use it where a value goes: \`{ helper: ${h.name}, args: [...] }\` in a payload field or an id`,
    );
  }
  checkSource(use, h.name, helper, h.loc);
  checkValueMaps(use, h.name, helper, h.loc);
}

/** The value maps a helper looks up by name exist for the entry's source. */
function checkValueMaps(use: Use, name: string, helper: HelperSpec, loc: Loc): void {
  for (const map of helper.valueMaps ?? []) {
    const m = use.spec.valueMaps[map];
    if (!m || (m.source !== undefined && m.source !== use.entry.source))
      problem(
        use,
        loc,
        'spec/helper-value-map',
        `\`${name}\` looks up value map \`${map}\`, which ${use.entry.source} does not have`,
        `declare \`${map}\` under valueMaps for ${use.entry.source} (runtime/helpers/manifest.ts lists what each helper reads)`,
      );
  }
}

/** `{ helper, args }` in a payload field or an id: a value helper with the arguments it takes. */
export function checkValueUse(use: Use, expr: HelperExpr): void {
  const helper = known(use, expr.name, expr.loc);
  if (!helper) return;
  if (helper.kind !== 'value') {
    return problem(
      use,
      expr.loc,
      'spec/helper-kind',
      `\`${expr.name}\` is a hook (it runs for its effect and returns no value); it cannot fill a field or an id`,
      `run it with \`after: [${expr.name}]\` (or \`before:\`) on the entry, and give this field a $.path, a constant or a value helper`,
    );
  }
  checkSource(use, expr.name, helper, expr.loc);
  checkValueMaps(use, expr.name, helper, expr.loc);
  const most = helper.args.length;
  const least = most - helper.optional;
  const given = expr.args.length;
  if (given < least || given > most) {
    const wanted = least === most ? `${most}` : `${least} to ${most}`;
    return problem(
      use,
      expr.loc,
      'spec/helper-arity',
      `\`${expr.name}\` takes ${wanted} argument${most === 1 ? '' : 's'}; ${given} given`,
      `write \`args: [...]\` with ${wanted} value${most === 1 ? '' : 's'} (runtime/helpers/manifest.ts)`,
    );
  }
  expr.args.forEach((arg, i) => {
    if (helper.args[i] === 'literal' && arg.kind !== 'const')
      problem(
        use,
        arg.loc,
        'spec/helper-argument',
        `argument ${i + 1} of \`${expr.name}\` must be a constant; a ${arg.kind} expression was given`,
        'write the value itself (e.g. `true`), not a $.path or a helper',
      );
  });
}

function known(use: Use, name: string, loc: Loc): HelperSpec | undefined {
  const helper = Object.hasOwn(use.manifest, name) ? use.manifest[name] : undefined;
  if (!helper) {
    const names = Object.keys(use.manifest);
    problem(
      use,
      loc,
      'spec/unknown-helper',
      `unknown runtime helper \`${name}\``,
      guessHint(name, names, `helpers are declared in runtime/helpers/manifest.ts: ${names.join(', ')}`),
    );
  }
  return helper;
}

function checkSource(use: Use, name: string, helper: HelperSpec, loc: Loc): void {
  if ((helper.sources as readonly string[]).includes(use.entry.source)) return;
  problem(
    use,
    loc,
    'spec/helper-source',
    `\`${name}\` is not for ${use.entry.source}: it serves ${helper.sources.join(', ')}`,
    `use a helper of ${use.entry.source}, or add ${use.entry.source} to \`${name}\`'s sources in runtime/helpers/manifest.ts once it handles that source's messages`,
  );
}

function problem(use: Use, loc: Loc, code: string, message: string, hint: string): void {
  use.findings.push(sourceFinding(use.entry, { code, message, hint, loc }));
}
