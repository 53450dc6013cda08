// What a pipeline run is asked to do beyond the committed inputs: other snapshots (a what-if), and
// whether generated/ may be trusted. Apart from pipeline.ts so that check's fast path, which only
// asks whether a run is a what-if, does not load the pipeline.
import type { SnapshotRef } from '../catalog/snapshots.ts';
import type { SourceName } from '../project/sources.ts';

export interface PipelineOptions {
  /** `--upstream <source>=<dir>`: use this folder in place of a source's supported snapshots. */
  upstreamOverrides?: Partial<Record<SourceName, string>>;
  /** `--with <source>@<version|dir>`: add these snapshots to the supported set, for this run only. */
  withSnapshots?: SnapshotRef[];
  /**
   * Reuse files of generated/ that its manifest says an earlier generate wrote (default true).
   * False where nothing may be trusted: a manifest is only as honest as whoever committed it
   * (`check --full`, CI).
   */
  reuseGenerated?: boolean;
}

/** A what-if run: the snapshots differ from what mapping-spec.yaml supports (so generated/ is not comparable). */
export function isWhatIf(options: PipelineOptions): boolean {
  return Object.keys(options.upstreamOverrides ?? {}).length > 0 || (options.withSnapshots?.length ?? 0) > 0;
}
