// Every situation × agent cell: the recorded occurrences, their projections, and how each differs
// from what the situation says a UI must be shown, with the named upstream limitation that
// explains it. The equivalence test holds the cells to this; table.ts prints them in docs/parity.md.
import { RECORDINGS, type Recording } from '../parity/recording.ts';
import { LIMITATIONS, type Limitation } from './limitations.ts';
import { FIELDS, project, type Field, type Projection } from './project.ts';
import { recordingName, segments } from './segments.ts';
import { SITUATIONS, type Situation } from './situations.ts';

/** One agent: a source, or for ACP the agent that was recorded (its recording's name). */
export const agentOf = (r: Recording): string => (r.source === 'acp' ? `acp:${recordingName(r)}` : r.source);

/** The agents, in the table's column order: the native protocols, then ACP's agents, then the Codex SDK. */
export function agents(): string[] {
  const all = [...new Set(usable().map(agentOf))];
  const rank = (a: string) => (a === 'codex-app-server' ? 0 : a === 'claude-agent-sdk' ? 1 : a === 'codex-sdk' ? 3 : 2);
  return all.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** The recordings with both sides of the conversation (`.server.jsonl` and `.messages.jsonl` repeat them without the app's side). */
const usable = () => RECORDINGS.filter((r) => !/\.(server|messages)\.jsonl$/.test(r.file));

export interface Difference {
  field: Field;
  got: Projection[Field];
  want: Projection[Field];
  where: string;
  version: string;
  limitation?: Limitation;
}

export interface Cell {
  situation: Situation;
  agent: string;
  /** `file scenario`, one per recorded occurrence. */
  occurrences: string[];
  differences: Difference[];
}

const covers = (l: Limitation, situation: string, agent: string, field: Field, version: string) =>
  l.situation === situation && l.agent === agent && l.field === field && (!l.versions || l.versions.includes(version));

export function cells(): Cell[] {
  const recs = usable();
  const cut = new Map(recs.map((r) => [r, segments(r)]));
  return SITUATIONS.flatMap((situation) =>
    agents().map((agent) => {
      const cell: Cell = { situation, agent, occurrences: [], differences: [] };
      for (const r of recs.filter((x) => agentOf(x) === agent)) {
        const names = situation.scenarios[r.source as keyof Situation['scenarios']] ?? [];
        for (const s of cut.get(r)!.filter((x) => names.includes(x.scenario))) {
          const where = `${r.file} ${s.scenario}`;
          cell.occurrences.push(where);
          const got = project(r, s);
          for (const field of FIELDS) {
            const want = situation.expect[field];
            if (want === undefined || got[field] === want) continue;
            const limitation = LIMITATIONS.find((l) => covers(l, situation.name, agent, field, r.version));
            cell.differences.push({ field, got: got[field], want, where, version: r.version, limitation });
          }
        }
      }
      return cell;
    }),
  );
}
