// What each source's ingester does: turn an installed npm package into snapshot files.
import type { InstalledPackage } from './npm.ts';
import type { Confinement } from './sandbox.ts';

export interface IngestOptions {
  /** `upstream add --unconfined`: run an upstream binary without the sandbox (recorded). */
  unconfined?: boolean;
}

export interface Ingested {
  /** The command that produced the files, for provenance. */
  command: string;
  /** How an upstream binary ran; absent when the ingester runs no upstream code. */
  confinement?: Confinement;
}

export interface Ingester {
  /** The npm package the source is ingested from. */
  npmPackage: string;
  /** Extra `npm install` flags (e.g. --omit=optional to skip a 400 MB native binary). */
  npmInstallArgs: string[];
  /**
   * The snapshot is the package's own file, copied byte for byte (ACP): kept as published. Any
   * other snapshot's JSON is written in canonical order (generator/io/canonical-json.ts).
   */
  verbatim?: boolean;
  /** It runs an upstream binary (in the sandbox): `upstream add` checks the sandbox before installing. */
  runsUpstreamCode?: boolean;
  /**
   * Write the snapshot's files into outDir (inside `scratch`, the only folder an upstream binary
   * may write in), running any upstream binary through runConfined (isolate.ts).
   */
  ingest(installed: InstalledPackage, outDir: string, scratch: string, options?: IngestOptions): Ingested;
}
