// The built-in tool list of a bundled cli.js, read from the CLI's own tool registry: hand-made
// edges, then the real 0.2.62 excerpt against the tools its real sessions report (system:init).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registryToolNames } from '../../generator/upstream/cli-tool-registry.ts';
import { ROOT } from '../catalog/helpers.ts';

const tool = (id: string, nameId: string, name: string) =>
  `var ${nameId}="${name}";${id}={name:${nameId},maxResultSizeChars:1e5,get inputSchema(){return z()},async call(){}};`;
const eight = ['Bash', 'Read', 'Edit', 'Write', 'Glob', 'Grep', 'WebFetch', 'WebSearch'];
const defs = eight.map((n, i) => tool(`t${i}`, `n${i}`, n)).join('');
const ids = eight.map((_, i) => `t${i}`).join(',');

describe('registryToolNames (edges)', () => {
  it('resolves each element to its tool object and the name to its constant, conditional ones included', () => {
    const text = `${defs}${tool('sk', 'sn', 'Skill')}var gone=null;function reg(){return[${ids},...f()?[sk]:[],...gone?[gone]:[]]}`;
    expect(registryToolNames(text)).toEqual({ fn: 'reg', names: [...eight, 'Skill'] });
  });

  it('follows a lazily required tool through its export', () => {
    const text = `${defs}${tool('tc', 'tn', 'TeamCreate')}ex(mod,{TeamCreateTool:()=>tc});var lazy=()=>(init(),cjs(mod)).TeamCreateTool;function reg(){return[${ids},...on()?[lazy()]:[]]}`;
    expect(registryToolNames(text)?.names).toEqual([...eight, 'TeamCreate']);
  });

  it('rejects an array with anything that is not a tool, and arrays of a few tools', () => {
    expect(registryToolNames(`${defs}var other={a:1};function reg(){return[${ids},other]}`)).toBeUndefined();
    expect(registryToolNames(`${defs}function few(){return[t0,t1,t2]}`)).toBeUndefined();
  });

  it('takes no name that is not one string (a constant bound to two values)', () => {
    const text = `${defs.replace('var n0="Bash";', 'var n0="Bash";n0="Sh";')}function reg(){return[${ids}]}`;
    expect(registryToolNames(text)).toBeUndefined();
  });
});

/** The `tools` of every system:init message recorded with `version`. */
function sessionTools(version: string): string[][] {
  const dir = join(ROOT, 'test/fixtures/transcripts/claude-agent-sdk', version);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.messages.jsonl'))
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n').filter(Boolean))
    .flatMap((line) => {
      const found: string[][] = [];
      const walk = (v: unknown): void => {
        if (!v || typeof v !== 'object') return;
        const o = v as Record<string, unknown>;
        if (o.type === 'system' && o.subtype === 'init' && Array.isArray(o.tools)) found.push(o.tools as string[]);
        else Object.values(o).forEach(walk);
      };
      walk(JSON.parse(line));
      return found;
    });
}

const withExcerpt = readdirSync(join(ROOT, 'test/fixtures/upstream-src/claude-agent-sdk')).filter((v) =>
  existsSync(join(ROOT, 'test/fixtures/upstream-src/claude-agent-sdk', v, 'cli.js.registry.excerpt')),
);

describe.each(withExcerpt)('the real cli.js of %s', (version) => {
  const registry = registryToolNames(
    readFileSync(join(ROOT, 'test/fixtures/upstream-src/claude-agent-sdk', version, 'cli.js.registry.excerpt'), 'utf8'),
  )!;

  it('lists every tool its real sessions report, in the registry order', () => {
    const sessions = sessionTools(version);
    expect(sessions.length).toBeGreaterThan(0);
    for (const tools of sessions) expect(registry.names.filter((n) => tools.includes(n))).toEqual(tools);
  });

  it('is what the vendored snapshot catalogs, with nameSource cli.js-registry', () => {
    const surface = JSON.parse(
      readFileSync(join(ROOT, 'upstream-schemas/claude-agent-sdk', version, 'surface.json'), 'utf8'),
    ) as { tools: { name: string; nameSource: string }[] };
    const fromRegistry = surface.tools.filter((t) => t.nameSource === 'cli.js-registry').map((t) => t.name);
    expect(new Set(fromRegistry)).toEqual(new Set(registry.names));
  });
});
