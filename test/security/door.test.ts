// Names are validated where they enter (issue 12): source names at run time, the spec's provider,
// and names that would find Object.prototype's members in a plain record.
import { afterEach, describe, expect, it } from 'vitest';
import { createNormalizer } from '../../runtime/index.ts';
import { PROVIDERS } from '../../runtime/sources/index.ts';
import { generate, hostileProject, type HostileProject } from './hostile-project.ts';

const open: HostileProject[] = [];
afterEach(() => {
  for (const p of open.splice(0)) p.remove();
});

describe('names at the door', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', ''])(
    'createNormalizer(%j) is an unknown source',
    (name) => {
      expect(() => createNormalizer(name as never)).toThrow(TypeError);
    },
  );

  it("the runtime's provider of each source is the spec's", async () => {
    const { parse } = await import('yaml');
    const { readFileSync } = await import('node:fs');
    const spec = parse(readFileSync(new URL('../../mapping-spec.yaml', import.meta.url), 'utf8')) as {
      sources: Record<string, { provider: string }>;
    };
    expect(PROVIDERS).toEqual(Object.fromEntries(Object.entries(spec.sources).map(([s, v]) => [s, v.provider])));
  });

  it('a provider that is not a ProviderKind is refused at its line', async () => {
    const p = hostileProject(['codex-sdk']);
    open.push(p);
    p.editYaml('mapping-spec.yaml', (d) => d.setIn(['sources', 'codex-sdk', 'provider'], 'nonsense'));
    const outcome = await generate(p);
    expect(outcome.kind).toBe('refused');
    if (outcome.kind === 'refused')
      expect(outcome.diagnostics).toEqual([
        expect.objectContaining({
          code: 'spec/unknown-provider',
          file: expect.stringContaining('mapping-spec.yaml'),
          line: expect.any(Number),
          col: expect.any(Number),
        }),
      ]);
  });

  it('an upstream item type named `constructor` is a gap, not mapped by Object.prototype', async () => {
    const p = hostileProject(['codex-sdk']);
    open.push(p);
    p.editJson('upstream-schemas/codex-sdk/0.163.0/index.schema.json', (j) => {
      j.definitions.ProtoItem = {
        type: 'object',
        properties: { type: { type: 'string', const: 'constructor' }, id: { type: 'string' } },
        required: ['type', 'id'],
      };
      j.definitions.ThreadItem.anyOf.push({ $ref: '#/definitions/ProtoItem' });
    });
    p.editJson('upstream-schemas/codex-sdk/0.163.0/surface.json', (j) => {
      j.unions.find((u: { type: string }) => u.type === 'ThreadItem').members.push('ProtoItem');
    });
    const outcome = await generate(p);
    expect(outcome.kind).toBe('generated');
    if (outcome.kind !== 'generated') return;
    const coverage = JSON.parse(outcome.files.get('coverage.json')!) as {
      sources: Record<string, { discriminants: Array<{ name: string; status: string }> }>;
    };
    expect(coverage.sources['codex-sdk']!.discriminants.find((d) => d.name === 'constructor')?.status).toBe('gap');
  });
});
