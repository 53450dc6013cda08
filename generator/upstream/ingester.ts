// What each source's ingester does: turn an installed npm package into snapshot files.
import type { InstalledPackage } from './npm.ts';

export interface Ingester {
  /** Extra `npm install` flags (e.g. --omit=optional to skip a 400 MB native binary). */
  npmInstallArgs: string[];
  /** Write the snapshot's files into outDir; return the command that produced them, for provenance. */
  ingest(installed: InstalledPackage, outDir: string): { command: string };
}
