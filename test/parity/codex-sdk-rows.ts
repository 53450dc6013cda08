// Where each parity row (docs/parity.md) shows in Codex SDK ThreadEvent traffic. The stream has no
// approvals, user input, interrupts (the process is killed) or retries: those rows cannot occur.
import { expect } from 'vitest';
import { outOf, type Msg, type Occurrence, type Recording } from './recording.ts';

const lines = (r: Recording, match: (m: Msg) => boolean) => r.messages.flatMap((m, i) => (match(m) ? [i] : []));

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
          expect(events.filter((e) => e.type === 'runtime.error')).toHaveLength(1);
          expect(events.at(-1)!.payload).toMatchObject({ state: 'failed', errorMessage: r.messages[i]!.error.message });
        },
      })),
  },
};
