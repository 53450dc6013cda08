// Where an agent's view of a situation differs from the other agents', and the upstream limitation
// that makes it so: something the upstream does not send at all (eventmap never guesses). Each
// entry must still be needed (the equivalence test fails on one that explains nothing), and each
// appears in docs/parity.md's situation × agent table beside the cell it explains.
import type { Field } from './project.ts';

export interface Limitation {
  situation: string;
  /** A source, or `acp:<agent>` (equivalence/compare.ts). */
  agent: string;
  field: Field;
  /** Only these versions; all when left out. */
  versions?: string[];
  why: string;
}

export const LIMITATIONS: Limitation[] = [];
