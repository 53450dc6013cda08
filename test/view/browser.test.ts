// `eventmap view` in a real browser: Debian's headless Chromium (installed by .ci/run) opens the
// page of EVERY committed recording from a file, and the rendered DOM is checked against the
// recording (its methods, one row per line) and the runtime (its canonical events, in order, each
// linked to its line), with no console error; then a `--compare` page marks exactly the events of
// a one-field edit. One browser and one tab for the file. Without Chromium the tests are skipped, saying why;
// in CI (CI set) its absence fails.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inCi } from '../../generator/cli/ci.ts';
import { createNormalizer, type SourceName } from '../../runtime/index.ts';
import { transcripts, TRANSCRIPTS_ROOT, type Transcript } from '../conformance/transcripts.ts';
import { eventmap, REPO } from '../diff/helpers.ts';
import { dropField, pickFieldDrop, replayProject } from '../diff/replay-edit.ts';
import { scratchDir } from '../scratch.ts';
import { available, CHROMIUM, skipped, viewer, type Doc, type Viewer } from './chromium.ts';

let view: Viewer | undefined;
let out: string;

beforeAll(async () => {
  out = scratchDir('eventmap-view-');
  if (available) view = await viewer();
});

afterAll(async () => {
  await view?.close();
});

const open = (file: string) => view!.open(file);

/** The name a line's message goes by: its JSON-RPC method, or its type (checked against the page's labels). */
function messageName(line: string): string | undefined {
  const r = JSON.parse(line) as Record<string, any>;
  const m = typeof r.line === 'string' ? JSON.parse(r.line) : r.kind === 'message' ? r.message : r;
  if (typeof r.kind === 'string' && r.kind !== 'message') return r.kind;
  return typeof m.method === 'string' ? m.method : typeof m.type === 'string' ? m.type : undefined;
}

async function render(t: Transcript, ...extra: string[]): Promise<string> {
  const html = join(out, `${t.file.replace(/\//g, '_')}${extra.length ? '.compare' : ''}.html`);
  const r = await eventmap(REPO, 'view', join(TRANSCRIPTS_ROOT, t.file), '-o', html, ...extra);
  expect(r.status, r.stderr).toBe(0);
  return html;
}

describe('eventmap view in headless Chromium', () => {
  it.runIf(inCi())('Chromium is installed (CI)', () => {
    expect(available, `no Chromium at ${CHROMIUM}: .ci/run installs it with apt-get`).toBe(true);
  });

  it.skipIf(!available)(
    `renders every recording: its methods, its canonical events linked to their lines, no console error${skipped}`,
    async () => {
      const all = transcripts();
      expect(all.length).toBeGreaterThan(0);
      for (const t of all) {
        const { page, errors } = await open(await render(t));
        const dom = await page.evaluate(() => {
          const document = (globalThis as unknown as { document: Doc }).document;
          return {
            rows: Array.from(document.querySelectorAll('#timeline tr.row:not([data-status="end"])')).map((r) => ({
              id: r.id,
              label: r.querySelector('.label')?.textContent ?? '',
            })),
            events: Array.from(document.querySelectorAll('#timeline .event')).map((e) => e.getAttribute('data-type')),
            warnings: document.querySelectorAll('#timeline .event.warning').length,
            unlinked: Array.from(document.querySelectorAll('#timeline .event a.from'))
              .map((a) => a.getAttribute('href')!.slice(1))
              .filter((id) => !document.getElementById(id)).length,
            threads: document.querySelectorAll('#session h3').length,
          };
        });
        // One row per non-blank line, each named by its method or type.
        expect(dom.rows.map((r) => r.id)).toEqual(
          t.lines.map((_, i) => `line-${i + 1}`).filter((_, i) => t.lines[i]!.trim()),
        );
        t.lines.forEach((line, i) => {
          const name = messageName(line);
          if (name) expect(dom.rows[i]!.label.startsWith(name), `${t.file}:${i + 1} ${name}`).toBe(true);
        });
        // The runtime's canonical events, in order; warnings highlighted; every event's line there.
        const n = createNormalizer(t.source as SourceName, { clock: () => 0, deriveSessionId: true });
        const events = [...t.lines.flatMap((l) => n.push(l)), ...n.end().events];
        expect(dom.events, t.file).toEqual(events.map((e) => e.type));
        expect(dom.warnings).toBe(
          events.filter((e) =>
            ['runtime.warning', 'runtime.error', 'config.warning', 'deprecation.notice'].includes(e.type),
          ).length,
        );
        expect(dom.unlinked).toBe(0);
        if (events.some((e) => e.type === 'thread.started')) expect(dom.threads).toBeGreaterThan(0);
        expect(errors, t.file).toEqual([]);
      }
    },
  );

  it.skipIf(!available)(`shows markup in the traffic as text, and loads nothing${skipped}`, async () => {
    // A hand-made edge: a real recording's first message (so the source is known), then a warning
    // and an unknown method whose strings are markup that would run if it were parsed as HTML.
    const hostile = '</script><img src=x onerror="console.error(1)"><b>bold</b>';
    const [first] = transcripts('codex-app-server');
    const lines = [
      first!.lines.find((l) => !l.includes('"dir":"c2s"'))!,
      JSON.stringify({
        method: 'configWarning',
        params: { summary: hostile, details: '<script>console.error(2)</script>' },
      }),
      JSON.stringify({ method: hostile, params: { x: hostile } }),
    ];
    const input = join(out, 'hostile.jsonl');
    writeFileSync(input, `${lines.join('\n')}\n`);
    const html = join(out, 'hostile.html');
    const r = await eventmap(REPO, 'view', input, '-o', html);
    expect(r.status, r.stderr).toBe(0);
    const { page, errors } = await open(html);
    const dom = await page.evaluate(() => {
      const document = (globalThis as unknown as { document: Doc }).document;
      return {
        injected: document.querySelectorAll('img, b, #timeline script').length,
        labels: Array.from(document.querySelectorAll('#timeline .label')).map((l) => l.textContent),
        statuses: Array.from(document.querySelectorAll('#timeline tr.row')).map((l) => l.getAttribute('data-status')),
        notices: Array.from(document.querySelectorAll('#session .notice')).map((n) => n.textContent ?? ''),
      };
    });
    expect(dom.injected).toBe(0);
    expect(dom.labels[2]).toBe(hostile);
    expect(dom.statuses[2]).toBe('unknown');
    expect(dom.notices.some((n) => n.includes(hostile))).toBe(true);
    expect(errors).toEqual([]);
  });

  it.skipIf(!available)(`--compare marks exactly the events a one-field edit changes${skipped}`, async () => {
    const { project } = replayProject();
    const picked = pickFieldDrop(project);
    expect(picked).toBeDefined();
    dropField(project, picked!);
    const file = picked!.hits[0]!.file;
    const expected = picked!.hits.filter((h) => h.file === file).length;
    const html = join(out, 'compare.html');
    const r = await eventmap(project, 'view', join(TRANSCRIPTS_ROOT, file), '-o', html, '--compare', 'HEAD');
    expect(r.status, r.stderr).toBe(0);
    const { page, errors } = await open(html);
    const dom = await page.evaluate(() => {
      const document = (globalThis as unknown as { document: Doc }).document;
      return {
        marked: Array.from(document.querySelectorAll('#timeline .event[data-diff]')).map((e) => ({
          diff: e.getAttribute('data-diff'),
          type: e.getAttribute('data-type'),
          fields: e.querySelector('.fields')?.textContent ?? '',
        })),
        groups: Array.from(document.querySelectorAll('#compare-groups tr.group')).map((g) => g.textContent ?? ''),
      };
    });
    expect(dom.marked).toEqual(
      Array.from({ length: expected }, () => ({
        diff: 'changed',
        type: picked!.type,
        fields: `payload.${picked!.field} removed`,
      })),
    );
    expect(dom.groups).toHaveLength(1);
    expect(dom.groups[0]).toContain(`${picked!.type} payload.${picked!.field} removed`);
    expect(errors).toEqual([]);
  });
});
