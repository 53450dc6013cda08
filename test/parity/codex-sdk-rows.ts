// Where each parity row (docs/parity.md) shows in Codex SDK ThreadEvent traffic. The stream has no
// approvals, user input or retries: those rows cannot occur. An interrupt kills the run's process:
// the stream just stops, and the next run's thread.started is where its turn ends.
import { expect } from 'vitest';
import { outOf, shape, type Msg, type Occurrence, type Recording } from './recording.ts';
import { commandOccurrence, noContentOccurrence, text, type CommandReport } from './tool-rows.ts';

const lines = (r: Recording, match: (m: Msg) => boolean) => r.messages.flatMap((m, i) => (match(m) ? [i] : []));
const completed = (r: Recording, type: string) => lines(r, (m) => m.type === 'item.completed' && m.item?.type === type);

export const CODEX_SDK: Record<string, { signals: string[]; find: (r: Recording) => Occurrence[] }> = {
  'turn completed': {
    signals: ['thread-event:turn.completed'],
    find: (r) =>
      lines(r, (m) => m.type === 'turn.completed').map((i) => ({
        where: `line ${i + 1}`,
        check: () => expect(outOf(r, i).at(-1)!.payload.state).toBe('completed'),
      })),
  },
  'API error': {
    signals: ['thread-event:turn.failed'],
    find: (r) =>
      lines(r, (m) => m.type === 'turn.failed').map((i) => ({
        where: `line ${i + 1}`,
        check: () => {
          const events = outOf(r, i);
          expect(events.at(-1)!.payload).toMatchObject({ state: 'failed', errorMessage: r.messages[i]!.error.message });
          // The turn's error once: the stream's `error` before it, or turn.failed itself where none came.
          const turn = events.at(-1)!.turnId;
          expect(r.events.filter((e) => e.type === 'runtime.error' && e.turnId === turn)).toHaveLength(1);
        },
      })),
  },
  'run stopped mid-turn': {
    signals: ['thread-event:thread.started'],
    find: (r) => {
      // A thread.started while a turn is open: the run before it stopped (no turn.completed or turn.failed).
      let open = false;
      return r.messages.flatMap((m, i) => {
        const stopped = m.type === 'thread.started' && open;
        if (m.type === 'turn.started') open = true;
        if (m.type === 'turn.completed' || m.type === 'turn.failed' || m.type === 'thread.started') open = false;
        if (!stopped) return [];
        return [
          {
            where: `line ${i + 1}`,
            check: () => {
              const events = outOf(r, i);
              const turn = events.find((e) => e.type === 'turn.aborted')?.turnId;
              expect(turn).toBeDefined();
              // What the run left open closes first, then its turn; the new run's thread.started last.
              expect(shape(events.slice(-3), 'reason')).toEqual([
                ['turn.aborted', 'the run ended'],
                ['turn.completed', undefined],
                ['thread.started', undefined],
              ]);
              expect(events.at(-2)!).toMatchObject({ turnId: turn, payload: { state: 'cancelled' } });
              for (const e of events.filter((x) => x.type === 'item.completed'))
                expect(e.payload).toMatchObject({ status: 'cancelled', detail: 'the run ended before this finished' });
              expect(r.events.slice(r.events.indexOf(events.at(-1)!)).filter((e) => e.turnId === turn)).toEqual([]);
            },
          },
        ];
      });
    },
  },
  'command output': {
    signals: ['sdk-item:command_execution'],
    find: (r) =>
      completed(r, 'command_execution').map((i) => {
        const item = r.messages[i]!.item as Msg;
        const report: CommandReport = {};
        if (text(item.aggregated_output) !== undefined) report.output = item.aggregated_output;
        if (typeof item.exit_code === 'number') report.exitCode = item.exit_code;
        return commandOccurrence(r, i, item.id, report);
      }),
  },
  // A file_change item names its files and kinds only: no content to show, and none is made up.
  'file edit': {
    signals: ['sdk-item:file_change'],
    find: (r) => completed(r, 'file_change').map((i) => noContentOccurrence(r, i, r.messages[i]!.item.id)),
  },
};
