// The checks of the "command output" and "file edit" parity rows, shared by every source's rows:
// what the upstream reported of a tool (its output, exit code, the texts of a file change) is on the
// item's event of that line and in the provider-blind view, as the upstream said it; what it did not
// report is absent (never guessed).
import { expect } from 'vitest';
import type { ToolDetail } from '../../generated/canonical/types.ts';
import type { CanonicalEvent } from '../runtime/loose.ts';
import { eventAfter, type Occurrence, type Recording } from './recording.ts';
import { itemOf } from './view.ts';

/**
 * What the upstream reported of a command: its output and exit code, each only if it said (an
 * `output: undefined` says it has none: it never ran), and the error of one that never ran.
 */
export interface CommandReport {
  output?: string | undefined;
  exitCode?: number | null;
  error?: string;
}

/** A file change with the content the upstream sent: the texts (or a unified diff) it gave. */
export interface ChangeReport {
  path: string;
  diff?: string;
  oldText?: string;
  newText?: string;
}

/** The first event from line i on of the item the upstream calls `item` (its own id) that matches. */
export const itemEvent = (r: Recording, i: number, item: string, match: (e: CanonicalEvent) => boolean) =>
  eventAfter(r, i, (e) => e.providerRefs?.providerItemId === item && match(e));

/** The command's end (item.completed of the upstream's item, from line i on) and the view say what it reported. */
export function commandOccurrence(r: Recording, i: number, item: string, report: CommandReport): Occurrence {
  return {
    where: `line ${i + 1}`,
    check: () => {
      const end = itemEvent(r, i, item, (e) => e.type === 'item.completed');
      expect(end, `item.completed of ${item}`).toBeDefined();
      expect(end!.payload.itemType).toBe('command_execution');
      for (const detail of [detailOf(end!), itemOf(r, end!)?.toolDetail]) {
        for (const field of ['output', 'exitCode', 'error'] as const)
          if (field in report) expect(detail?.[field], `${field} of ${item}`).toEqual(report[field]);
        // An exit code the upstream did not state is never made up (from a result's text, say).
        if (!('exitCode' in report))
          expect(detail ?? {}, `${item}: no exit code stated`).not.toHaveProperty('exitCode');
      }
    },
  };
}

/** A file change the upstream sent content for (line i): its item's event and the view carry the texts or the diff. */
export function changeOccurrence(r: Recording, i: number, item: string, changes: ChangeReport[]): Occurrence {
  return {
    where: `line ${i + 1}`,
    check: () => {
      // The line's own event, or (an item eventmap closed already, e.g. declined at its request) an earlier one.
      const withChanges = (e: CanonicalEvent) =>
        e.providerRefs?.providerItemId === item && detailOf(e)?.changes !== undefined;
      const event = itemEvent(r, i, item, withChanges) ?? r.events.findLast(withChanges);
      expect(event, `an event of ${item} with its changes`).toBeDefined();
      const expected = changes.map((c) => expect.objectContaining(c));
      expect(detailOf(event!)?.changes).toEqual(expected);
      const shown = itemOf(r, event!)?.toolDetail?.changes ?? [];
      for (const c of changes)
        expect(shown, `the view's changes of ${item}`).toContainEqual(expect.objectContaining(c));
    },
  };
}

/** A file change whose upstream sent no content (paths and kinds only): none is made up. */
export function noContentOccurrence(r: Recording, i: number, item: string): Occurrence {
  return {
    where: `line ${i + 1}`,
    check: () => {
      const end = itemEvent(r, i, item, (e) => e.type === 'item.completed');
      expect(end, `item.completed of ${item}`).toBeDefined();
      for (const c of detailOf(end!)?.changes ?? [])
        for (const field of ['diff', 'oldText', 'newText']) expect(c).not.toHaveProperty(field);
    },
  };
}

/** An event's tool detail. */
const detailOf = (e: CanonicalEvent): ToolDetail | undefined => e.payload.toolDetail as ToolDetail | undefined;

/** A string, else undefined. */
export const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
