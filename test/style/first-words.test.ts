// What a newcomer reads first: every description names every source, from the one list
// (generator/project/sources.ts), and the README's first screen shows how to install, the app's
// first lines and the maintainer's two set-up commands.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourcesInProse } from '../../generator/project/sources.ts';
import { runCli } from '../run-cli.ts';

const REPO = join(import.meta.dirname, '../..');
const read = (rel: string) => readFileSync(join(REPO, rel), 'utf8');
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('descriptions', () => {
  it.each(['package.json', 'packages/eventmap/package.template.json', 'packages/runtime/package.template.json'])(
    "%s's description names every source",
    (file) => {
      expect((JSON.parse(read(file)) as { description: string }).description).toContain(sourcesInProse());
    },
  );

  it("the runtime package's README says so in its first paragraph", () => {
    expect(flat(read('packages/runtime/README.md').split('\n\n')[1]!)).toContain(sourcesInProse());
  });

  it("the CLI's help names every source", async () => {
    const r = await runCli(['--help']);
    expect(r.status).toBe(0);
    expect(flat(r.stdout)).toContain(sourcesInProse());
  });
});

describe("the README's first screen", () => {
  const screen = read('README.md').split('\n').slice(0, 60).join('\n');
  const blocks = (lang: string) =>
    [...screen.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)].filter((m) => m[1] === lang).map((m) => m[2]!);

  it('says an app is an ES module', () => {
    expect(screen).toContain('"type": "module"');
    expect(screen).toContain('ESM only');
  });

  it("installs the runtime and shows an app's first lines", () => {
    expect(blocks('sh').some((b) => /^npm install \S*eventmap-runtime-[^\s]+\.tgz$/m.test(b))).toBe(true);
    expect(blocks('ts').some((b) => b.includes("from '@eventmap/runtime") && b.includes('createNormalizer('))).toBe(
      true,
    );
  });

  it('gives the two set-up commands of a fresh machine, each a script of package.json', () => {
    expect(blocks('sh')).toContain('npm install && npm run generate\nnpm test\n');
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    expect(Object.keys(scripts)).toEqual(expect.arrayContaining(['generate', 'test']));
  });
});
