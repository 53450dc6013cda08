// The situations the project has recorded with more than one agent, what a UI must be shown for
// each (under the projection of project.ts), and the scenario that plays it in each source's
// recordings (capture/scenarios/; ACP agents all play the same ACP scenarios). A field left out of
// `expect` is not part of the situation (a chat has no decisions to compare).
import type { Projection } from './project.ts';

export interface Situation {
  name: string;
  expect: Partial<Projection>;
  /** Source → the scenarios that play it there. */
  scenarios: Partial<Record<'codex-app-server' | 'claude-agent-sdk' | 'codex-sdk' | 'acp', string[]>>;
}

const once = { errors: 0, textsOnce: true, prompt: true };

export const SITUATIONS: Situation[] = [
  {
    name: 'chat',
    expect: { turns: 'completed', tools: '', items: '', ...once },
    scenarios: { 'codex-app-server': ['chat'], 'claude-agent-sdk': ['hello'], 'codex-sdk': ['chat'], acp: ['chat'] },
  },
  {
    name: 'command run',
    expect: { turns: 'completed', commands: 'output+exit', ...once },
    scenarios: { 'codex-app-server': ['shell'], 'claude-agent-sdk': ['bash_readonly'], 'codex-sdk': ['commands'] },
  },
  {
    name: 'command approved',
    expect: {
      turns: 'completed',
      tools: 'command_execution:completed',
      commands: 'output+exit',
      decisions: 'accepted',
      ...once,
    },
    scenarios: { 'codex-app-server': ['shell_approved'], 'claude-agent-sdk': ['bash_allow'], acp: ['shell_approved'] },
  },
  {
    name: 'command declined',
    expect: { turns: 'completed', tools: 'command_execution:declined', decisions: 'declined', ...once },
    scenarios: { 'codex-app-server': ['shell_declined'], 'claude-agent-sdk': ['bash_deny'], acp: ['shell_rejected'] },
  },
  {
    name: 'file edit',
    expect: { turns: 'completed', tools: 'file_change:completed', edits: 'diff', ...once },
    scenarios: {
      'codex-app-server': ['patch_approved'],
      'claude-agent-sdk': ['write_file'],
      'codex-sdk': ['file_change'],
      acp: ['file_edit'],
    },
  },
  {
    name: 'interrupt while streaming',
    expect: { turns: 'interrupted', errors: 0, prompt: true },
    scenarios: {
      'codex-app-server': ['interrupt_streaming'],
      'claude-agent-sdk': ['interrupt_streaming'],
      acp: ['cancel_stream'],
    },
  },
  {
    name: 'interrupt during a command',
    expect: { turns: 'interrupted', tools: 'command_execution:interrupted', errors: 0, prompt: true },
    scenarios: {
      'codex-app-server': ['interrupt'],
      'claude-agent-sdk': ['interrupt', 'interrupt_tool'],
      acp: ['cancel_tool'],
    },
  },
  {
    name: 'interrupt with an approval pending',
    expect: { turns: 'interrupted', decisions: 'cancelled', errors: 0, prompt: true },
    scenarios: {
      'codex-app-server': ['interrupt_pending'],
      'claude-agent-sdk': ['interrupt_permission'],
      acp: ['cancel_permission'],
    },
  },
  {
    name: 'approval cancelled',
    expect: { turns: 'interrupted', decisions: 'aborted', errors: 0, prompt: true },
    scenarios: {
      'codex-app-server': ['shell_cancelled', 'patch_cancelled'],
      'claude-agent-sdk': ['approval_cancelled'],
    },
  },
  {
    name: 'API error',
    expect: { turns: 'failed', items: '', errors: 1, textsOnce: true, prompt: true },
    scenarios: {
      'codex-app-server': ['model_error'],
      'claude-agent-sdk': ['api_error', 'api_failed'],
      'codex-sdk': ['turn_failed'],
      acp: ['api_error'],
    },
  },
  {
    name: 'retried request',
    expect: { turns: 'completed', retried: true, ...once },
    scenarios: { 'codex-app-server': ['model_retry'], 'claude-agent-sdk': ['api_retry'], 'codex-sdk': ['model_retry'] },
  },
  {
    name: 'stream cut off',
    expect: { textsOnce: true, prompt: true },
    scenarios: {
      'codex-app-server': ['stream_break'],
      'claude-agent-sdk': ['stream_break'],
      'codex-sdk': ['stream_break'],
    },
  },
  {
    name: 'compaction',
    // Codex compacts at the app's request (`thread/compact/start`), not at a prompt.
    expect: { turns: 'completed', tools: '', items: 'context_compaction', errors: 0, textsOnce: true },
    scenarios: { 'codex-app-server': ['compact'], 'claude-agent-sdk': ['compact'] },
  },
  {
    name: 'question answered',
    expect: { turns: 'completed', decisions: 'answered', ...once },
    scenarios: { 'codex-app-server': ['user_input'], 'claude-agent-sdk': ['ask_user'] },
  },
  {
    name: 'question declined',
    expect: { decisions: 'declined', errors: 0, prompt: true },
    scenarios: { 'codex-app-server': ['input_declined'], 'claude-agent-sdk': ['ask_declined'] },
  },
  {
    name: 'plan',
    expect: { turns: 'completed', ...once },
    scenarios: { 'codex-app-server': ['plan'], 'claude-agent-sdk': ['todo'], 'codex-sdk': ['todo'], acp: ['plan'] },
  },
  {
    name: 'subagent',
    expect: { turns: 'completed', ...once },
    scenarios: { 'codex-app-server': ['subagent'], 'claude-agent-sdk': ['subagent'] },
  },
];
