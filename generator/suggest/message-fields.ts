// The fields one upstream discriminant has, in each supported snapshot that has it: what a draft
// may read, and in which versions (a path some of them lack gets `since`/`until`).
import type { FieldInfo } from '../schema/fields.ts';
import { compareStrings } from '../io/fsutil.ts';
import { lastName, pathDepth } from '../mapping/field-paths.ts';
import { compareVersions, presenceFor, type Presence } from '../mapping/presence.ts';

export interface VersionFields {
  version: string;
  fields: Map<string, FieldInfo>;
}

export class MessageFields {
  private readonly views: VersionFields[];

  constructor(views: VersionFields[]) {
    this.views = [...views].sort((a, b) => compareVersions(b.version, a.version)); // newest first
  }

  /** No snapshot describes this message (e.g. a request without a response schema). */
  get empty(): boolean {
    return this.views.length === 0;
  }

  /** Some version has the path (`$` always). */
  has(path: string): boolean {
    return path === '$' || this.views.some((v) => v.fields.has(path));
  }

  /** In which versions the path is there, as a draft writes it. */
  presence(path: string): Presence {
    if (path === '$') return { absentIn: [] };
    const having = this.views.filter((v) => v.fields.has(path)).map((v) => v.version);
    const lacking = this.views.filter((v) => !v.fields.has(path)).map((v) => v.version);
    return lacking.length ? presenceFor(having, lacking) : { absentIn: [] };
  }

  /** The field at `path` in the newest version that has it. */
  info(path: string): FieldInfo | undefined {
    return this.views.find((v) => v.fields.has(path))?.fields.get(path);
  }

  /** The shallowest path (at most `maxDepth` names below `$`, none in an array) whose last name passes `test`; present in the most versions first, then by name. */
  byName(test: (name: string) => boolean, maxDepth: number): string | undefined {
    const all = [...new Set(this.views.flatMap((v) => [...v.fields.keys()]))].filter(
      (p) => !p.includes('[') && pathDepth(p) <= maxDepth && test(lastName(p)),
    );
    const count = (p: string) => this.views.filter((v) => v.fields.has(p)).length;
    return all.sort((a, b) => pathDepth(a) - pathDepth(b) || count(b) - count(a) || compareStrings(a, b))[0];
  }
}
