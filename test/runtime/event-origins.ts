// Which code path produced each canonical event of a recording: the spec's own emits (`spec`: a
// generated `ctx.emit` with no helper around it, including what the runtime's bookkeeping adds to
// such an emit), a helper (`helper:<name>`: anything pushed while a helper of runtime/helpers runs,
// the outermost one named), or the runtime alone (`runtime`: warnings for unknown or invalid input).
// Method: every helper of the source's table (generated/<source>/mappers.ts HELPERS: the generated
// code calls each helper through it) and MapContext's emit are wrapped for the run, and each event
// is attributed when MapContext.push appends it. Run it: `node --import tsx test/runtime/event-origins.ts`.
import { pathToFileURL } from 'node:url';
import * as acpMappers from '../../generated/acp/mappers.ts';
import * as claudeAgentSdkMappers from '../../generated/claude-agent-sdk/mappers.ts';
import * as codexAppServerMappers from '../../generated/codex-app-server/mappers.ts';
import * as codexSdkMappers from '../../generated/codex-sdk/mappers.ts';
import { MapContext } from '../../runtime/context.ts';
import { createNormalizer } from '../../runtime/index.ts';
import type { SourceName } from '../../runtime/sources/index.ts';
import { transcripts, type Source } from '../conformance/transcripts.ts';

export interface OriginCount {
  total: number;
  /** Events by origin: `spec`, `runtime`, `helper:<name>`. */
  byOrigin: Record<string, number>;
}

type Helper = (ctx: MapContext, ...rest: unknown[]) => unknown;
/** The helper table each source's generated mappers call through (the same objects the normalizer's mappers read). */
export const HELPER_TABLES: Record<Source, object> = {
  'codex-app-server': codexAppServerMappers.HELPERS,
  'claude-agent-sdk': claudeAgentSdkMappers.HELPERS,
  'codex-sdk': codexSdkMappers.HELPERS,
  acp: acpMappers.HELPERS,
};

/** Count the events each origin produced while normalising these records (one session each). */
export function countOrigins(source: Source, sessions: unknown[][]): OriginCount {
  const helpers = HELPER_TABLES[source] as Record<string, Helper>;
  const originals = { ...helpers };
  const proto = MapContext.prototype;
  const { emit, push } = proto;
  const stack: string[] = [];
  const byOrigin: Record<string, number> = {};
  let total = 0;
  for (const [name, fn] of Object.entries(originals)) {
    helpers[name] = (ctx, ...rest) => {
      stack.push(`helper:${name}`);
      try {
        return fn(ctx, ...rest);
      } finally {
        stack.pop();
      }
    };
  }
  proto.emit = function (this: MapContext, ...args: Parameters<MapContext['emit']>) {
    stack.push('spec');
    try {
      emit.apply(this, args);
    } finally {
      stack.pop();
    }
  };
  proto.push = function (this: MapContext, ...args: Parameters<MapContext['push']>) {
    push.apply(this, args);
    const origin = stack[0] ?? 'runtime';
    byOrigin[origin] = (byOrigin[origin] ?? 0) + 1;
    total++;
  };
  try {
    for (const records of sessions) {
      const normalizer = createNormalizer(source as SourceName, { clock: () => 0 });
      for (const r of records) normalizer.push(r as never);
    }
  } finally {
    Object.assign(helpers, originals);
    proto.emit = emit;
    proto.push = push;
  }
  return { total, byOrigin };
}

/**
 * The share of events helpers produced on every committed recording of a source, per version. A
 * recording is its full log (`*.events.jsonl`, permissions included); `*.messages.jsonl` is the same
 * traffic again in the bare format, so it is left out rather than counted twice.
 */
export function helperShare(source: Source): { version: string; total: number; helpers: number }[] {
  const byVersion = new Map<string, unknown[][]>();
  for (const t of recordings(source)) byVersion.set(t.version, [...(byVersion.get(t.version) ?? []), t.records]);
  return [...byVersion].map(([version, sessions]) => {
    const { total, byOrigin } = countOrigins(source, sessions);
    const helpers = Object.entries(byOrigin)
      .filter(([o]) => o.startsWith('helper:'))
      .reduce((n, [, c]) => n + c, 0);
    return { version, total, helpers };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const source = (process.argv[2] ?? 'claude-agent-sdk') as Source;
  let total = 0;
  let helpers = 0;
  for (const row of helperShare(source)) {
    total += row.total;
    helpers += row.helpers;
    console.log(
      `${source}@${row.version}: ${row.helpers} of ${row.total} events from helpers (${pct(row.helpers, row.total)})`,
    );
  }
  console.log(`${source}: ${helpers} of ${total} events from helpers (${pct(helpers, total)})`);
  const sessions = recordings(source).map((t) => t.records);
  console.log(JSON.stringify(countOrigins(source, sessions).byOrigin, null, 1));
}

function recordings(source: Source) {
  const all = transcripts(source);
  const full = all.filter((t) => t.file.endsWith('.events.jsonl'));
  return full.length ? full : all;
}

function pct(n: number, of: number): string {
  return `${((100 * n) / Math.max(of, 1)).toFixed(1)}%`;
}
