// Hooks for the claude capture. Command hooks in the project's settings file are what make the CLI
// emit hook_started/hook_response messages (SDK callback hooks emit none); the callbacks are
// recorded as `{"kind":"hook"}` records, the app's own side.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Recorder } from './claude-records.ts';

const SCRIPTS: Record<string, string> = {
  'session-start.sh': `#!/bin/sh\ncat >/dev/null\necho '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"capture-session-start-hook ran"}}'\n`,
  // Blocks a Bash command that mentions blocked-by-hook: exit 2 with the reason on stderr.
  'pre-tool-use.sh': `#!/bin/sh\nif grep -q blocked-by-hook; then echo 'Blocked by capture PreToolUse hook' >&2; exit 2; fi\nexit 0\n`,
  'post-tool-use.sh': `#!/bin/sh\ncat >/dev/null\necho '{}'\n`,
};

/** Writes `<workdir>/.claude/settings.json` with command hooks (loaded with settingSources: ['project']). */
export function writeCommandHooks(workdir: string, hooksDir: string): void {
  mkdirSync(hooksDir, { recursive: true });
  for (const [name, body] of Object.entries(SCRIPTS)) {
    writeFileSync(join(hooksDir, name), body);
    chmodSync(join(hooksDir, name), 0o755);
  }
  const command = (name: string) => [{ hooks: [{ type: 'command', command: join(hooksDir, name) }] }];
  const settings = {
    hooks: {
      SessionStart: command('session-start.sh'),
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: join(hooksDir, 'pre-tool-use.sh') }] }],
      PostToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: join(hooksDir, 'post-tool-use.sh') }] }],
    },
  };
  mkdirSync(join(workdir, '.claude'), { recursive: true });
  writeFileSync(join(workdir, '.claude', 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
}

const CALLBACK_EVENTS = [
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'Stop',
  'SubagentStart',
  'SubagentStop',
  'PermissionRequest',
  'Notification',
  'SessionEnd',
];

type HookCallback = (
  input: unknown,
  toolUseID: string | undefined,
  options: { signal: AbortSignal },
) => Promise<Record<string, never>>;

/** SDK callback hooks that record each call and change nothing. */
export function callbackHooks(recorder: Recorder): Record<string, { hooks: HookCallback[] }[]> {
  return Object.fromEntries(
    CALLBACK_EVENTS.map((hookEvent) => [
      hookEvent,
      [
        {
          hooks: [
            async (input, toolUseID) => {
              recorder.write('hook', { hookEvent, input, ...(toolUseID ? { toolUseID } : {}) });
              return {};
            },
          ],
        },
      ],
    ]),
  );
}
