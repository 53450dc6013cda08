// Reading snapshot files with diagnostics that name the file (and line:col) and say how to fix it.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { EventmapError, parseJsonFile } from '../shared/diagnostics.ts';
import { displayPath } from '../io/fsutil.ts';
import { locatePointer } from '../schema/locate-pointer.ts';
import { schemaProblems } from './schema-checks.ts';
import type { JsonSchema } from '../schema/types.ts';
import { readRegularText } from '../io/safe-read.ts';

export class SnapshotReader {
  readonly documents: Record<string, JsonSchema> = {};
  private readonly texts = new Map<string, string>();
  constructor(
    readonly dir: string,
    readonly source: string,
  ) {}

  /** Path shown in messages: relative to the working directory when inside it. */
  display(rel: string): string {
    return displayPath(join(this.dir, rel));
  }

  has(rel: string): boolean {
    return existsSync(join(this.dir, rel));
  }

  /** A snapshot file, parsed; a schema document (not `data`) is also checked (catalog/schema-checks.ts). */
  read(rel: string, kind: 'schema' | 'data' = 'schema'): JsonSchema {
    const cached = this.documents[rel];
    if (cached !== undefined) return cached;
    const full = join(this.dir, rel);
    if (!existsSync(full)) {
      throw new EventmapError({
        code: 'snapshot/missing-file',
        message: `the ${this.source} snapshot has no ${rel}`,
        hint: `re-create the snapshot with \`eventmap upstream add ${this.source}@<version>\`, or point at a complete snapshot folder`,
        file: this.display(rel),
      });
    }
    const text = readRegularText(this.dir, rel);
    this.texts.set(rel, text);
    const parsed = parseJsonFile(text, this.display(rel));
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw this.error(
        rel,
        '',
        'snapshot/not-a-schema',
        'the file is not a JSON Schema object',
        'restore the file from the snapshot',
      );
    }
    const problems = kind === 'schema' ? schemaProblems(parsed) : [];
    if (problems.length)
      throw new EventmapError(
        problems.map((p) => this.error(rel, p.pointer, p.code, p.message, p.hint).diagnostics[0]!),
      );
    this.documents[rel] = parsed as JsonSchema;
    return parsed as JsonSchema;
  }

  /** An error at a JSON pointer inside a snapshot file, with its line:col. */
  error(rel: string, pointer: string, code: string, message: string, hint: string): EventmapError {
    const text = this.texts.get(rel);
    const loc = text === undefined ? {} : locatePointer(text, pointer);
    return new EventmapError({
      code,
      message: pointer ? `${message} (at ${pointer})` : message,
      hint,
      file: this.display(rel),
      ...loc,
    });
  }
}
