// What each source's ingester does: turn an installed npm package into snapshot files.
import type { InstalledPackage } from './npm.ts';

export interface Ingester {
  /** Extra `npm install` flags (e.g. --omit=optional to skip a 400 MB native binary). */
  npmInstallArgs: string[];
  /**
   * Write the snapshot's files into outDir (inside `scratch`, the only folder an upstream binary
   * may write in); return the command that produced them, for provenance, and what of running
   * an upstream binary could not be confined here (runConfined), for the CLI to warn about.
   */
  ingest(installed: InstalledPackage, outDir: string, scratch: string): { command: string; notConfined?: string[] };
}
