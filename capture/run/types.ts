// What the outer CLI hands the process inside the network namespace, and what comes back.
import type { CaptureSourceName } from '../sources.ts';

export interface InsideConfig {
  source: CaptureSourceName;
  version: string;
  /** acp: the agent of this recording (capture/acp-agents.ts) and its package version. */
  agent?: { name: string; version: string };
  /** The npm install folder in the cache (node_modules/ inside). */
  installDir: string;
  /** A scratch folder for this capture: home, work dir, tmp, the raw transcript. */
  workRoot: string;
  /** The names of the scenarios to run (capture/cli.ts checked them). */
  scenarios: string[];
  /** Where the raw transcript goes (JSONL). */
  rawOut: string;
  /** Where the run's summary goes (RunSummary JSON). */
  summaryOut: string;
}

export interface RunSummary {
  recorded: string[];
  skipped: { name: string; why: string }[];
  /** Every request the model server got, with what it made of it. */
  requests: { method: string; url: string; note?: string }[];
  /** Facts about the run worth keeping in the fixture's note (model name, flags). */
  settings: Record<string, unknown>;
}

/** The scenarios `names` lists, in their declared order. */
export function selectScenarios<T extends { name: string }>(all: T[], names: string[]): T[] {
  return all.filter((s) => names.includes(s.name));
}
