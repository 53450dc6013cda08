// What the spec analysis finds. `error`s stop generate (exit 2); gaps, stale entries, missing
// paths and drafts still needing a decision are what `eventmap check` reports as findings (exit 1);
// notices are reported and fail nothing.
import type { Loc } from './types.ts';

export type FindingCategory = 'error' | 'gap' | 'stale' | 'path' | 'review' | 'notice';

/** Findings generate writes through (the coverage report shows them; `check` fails on them). */
export const GENERATES_THROUGH: ReadonlySet<FindingCategory> = new Set<FindingCategory>(['gap', 'review']);

export interface Finding {
  category: FindingCategory;
  code: string;
  message: string;
  hint?: string;
  source?: string;
  versions?: string[];
  /** `kind:name` of the upstream discriminant concerned. */
  discriminant?: string;
  loc?: Loc;
  /** The edit the hint prints, for `suggest --write`: replace the spec value at this node path. */
  fix?: { at: (string | number)[]; value: unknown };
}

export type CoverageStatus = 'mapped' | 'ignored' | 'gap';

export interface CoverageRow {
  source: string;
  kind: string;
  name: string;
  /** Supported snapshots that have this discriminant. */
  versions: string[];
  status: CoverageStatus;
  /** Canonical event types (message kinds) or canonical values (value kinds). */
  targets: string[];
  reason?: string;
  loc?: Loc;
}

/** A finding about a source (and an entry of it: its discriminant); an error unless it says otherwise. */
export function sourceFinding(
  of: { source?: string; kind?: string; name?: string },
  f: Omit<Finding, 'category' | 'source'> & { category?: FindingCategory },
): Finding {
  const discriminant = of.kind === undefined ? {} : { discriminant: `${of.kind}:${of.name}` };
  return { category: 'error', ...(of.source === undefined ? {} : { source: of.source }), ...discriminant, ...f };
}
