// What a live session keeps on the heap, measured (issue 37): a 100 MB message streamed over ACP
// and over Codex, and eight ACP sessions (Claude threads) whose first chunk (stream) names a 16 MB
// message id, each in a fresh `node --expose-gc` process (test/runtime/retained-heap-child.ts). What the heap keeps of
// them stays under the session bound in heap bytes (three times the accounted bytes, as in the
// bench), and held() stays under SESSION_STATE_BYTES.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SESSION_STATE_BYTES } from '../../runtime/lifecycle.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const CHILD = join(import.meta.dirname, 'retained-heap-child.ts');

describe('retained heap under hostile streams', () => {
  it.each([
    ['acp-message', '2,000 ACP agent message chunks of 50 KB'],
    ['codex-message', '2,000 Codex item/agentMessage/delta of 50 KB'],
    ['acp-message-ids', 'eight ACP sessions whose first chunk names a 16 MB messageId'],
    ['claude-message-ids', 'eight Claude threads whose stream names a 16 MB message id'],
  ])('%s: %s', (scenario) => {
    const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', CHILD, scenario], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    const { retainedBytes, heldBytes, events } = JSON.parse(r.stdout) as Record<string, number>;
    expect(events).toBeGreaterThan(0);
    expect(heldBytes).toBeLessThanOrEqual(SESSION_STATE_BYTES);
    expect(retainedBytes).toBeLessThanOrEqual(3 * SESSION_STATE_BYTES);
  });
});
