// Counting: every line of every file, by source and upstream version, then by native type.
// A file's version is the one its content states (codex cliVersion, the Claude capture's
// sdkVersion), else the one its path names (…/<source>/<version>/…), else unknown.
import { readFileSync } from 'node:fs';
import compare from 'semver/functions/compare.js';
import { isStrictVersion } from '../project/versions.ts';
import { EventmapError } from '../shared/diagnostics.ts';
import { compareStrings } from '../io/fsutil.ts';
import { SOURCE_NAMES, type SourceName } from '../project/sources.ts';
import { detectLine, type NativeType } from './detect.ts';

export interface TypeCount extends NativeType {
  count: number;
}

export interface CensusGroup {
  source: SourceName;
  /** Undefined when neither the content nor the path says. */
  version?: string;
  files: string[];
  /** Upstream messages (lines with native types). */
  messages: number;
  /** The app's side: client requests and answers, hooks, driver markers. */
  appRecords: number;
  types: TypeCount[];
}

export interface CensusCounts {
  files: string[];
  lines: number;
  /** Lines that are not JSON, or JSON no source recognises: file:line. */
  unrecognised: string[];
  groups: CensusGroup[];
}

export function countFiles(files: string[], forced?: SourceName): CensusCounts {
  const groups = new Map<string, CensusGroup & { byType: Map<string, TypeCount> }>();
  const result: CensusCounts = { files, lines: 0, unrecognised: [], groups: [] };
  for (const file of files) {
    const perSource = new Map<SourceName, { version?: string; messages: number; app: number; types: NativeType[] }>();
    readLines(file).forEach((line, index) => {
      if (!line.trim()) return;
      result.lines++;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        result.unrecognised.push(`${file}:${index + 1}`);
        return;
      }
      const kind = detectLine(value, forced);
      if (kind.what === 'unrecognised') return void result.unrecognised.push(`${file}:${index + 1}`);
      const s = perSource.get(kind.source) ?? { messages: 0, app: 0, types: [] };
      perSource.set(kind.source, s);
      if (kind.what === 'app') return void s.app++;
      if (kind.version !== undefined) s.version ??= kind.version;
      if (kind.types.length > 0) s.messages++;
      s.types.push(...kind.types);
    });
    for (const [source, s] of perSource) {
      const version = s.version ?? versionFromPath(file, source);
      const key = `${source}@${version ?? '?'}`;
      const g = groups.get(key) ?? {
        source,
        ...(version !== undefined ? { version } : {}),
        files: [] as string[],
        messages: 0,
        appRecords: 0,
        types: [] as TypeCount[],
        byType: new Map<string, TypeCount>(),
      };
      groups.set(key, g);
      g.files.push(file);
      g.messages += s.messages;
      g.appRecords += s.app;
      for (const t of s.types) {
        const k = `${t.kind} ${t.name}`;
        const c = g.byType.get(k) ?? { ...t, count: 0 };
        g.byType.set(k, c);
        c.count++;
      }
    }
  }
  result.groups = [...groups.values()]
    .map(({ byType, ...g }) => ({
      ...g,
      types: [...byType.values()].sort((a, b) => compareStrings(a.kind, b.kind) || compareStrings(a.name, b.name)),
    }))
    .sort((a, b) =>
      a.source === b.source
        ? compareVersions(a.version, b.version)
        : SOURCE_NAMES.indexOf(a.source) - SOURCE_NAMES.indexOf(b.source),
    );
  return result;
}

function readLines(file: string): string[] {
  try {
    return readFileSync(file, 'utf8').split('\n');
  } catch (err) {
    throw new EventmapError({
      code: 'census/unreadable',
      message: `cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`,
      hint: 'pass transcript or log files (JSONL), one JSON value per line',
      file,
    });
  }
}

/** `…/<source>/<version>/…` in the path (the fixtures' layout). */
function versionFromPath(file: string, source: SourceName): string | undefined {
  const parts = file.split(/[\\/]/);
  const i = parts.indexOf(source);
  const v = i >= 0 ? parts[i + 1] : undefined;
  return isStrictVersion(v) ? v : undefined;
}

/** Versions are strict (isStrictVersion), an unknown one last. */
function compareVersions(a: string | undefined, b: string | undefined): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
  return compare(a, b);
}
