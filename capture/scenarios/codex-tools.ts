// Tool calls for the codex scenarios, in the shape the offered tools take in this version
// (unified `exec_command` in newer versions, `shell` in older ones).
import type { ToolCall } from './types.ts';

export interface ShellOptions {
  /** Ask to run outside the sandbox: this is what makes `on-request` ask for approval. */
  escalate?: string;
  /** How long exec_command waits for output before yielding (it needs ~10 s, or output is empty). */
  yieldMs?: number;
}

export function shell(tools: ReadonlySet<string>, cmd: string, o: ShellOptions = {}): ToolCall {
  if (tools.has('exec_command') || !tools.has('shell')) {
    const escalate = o.escalate ? { sandbox_permissions: 'require_escalated', justification: o.escalate } : {};
    return { name: 'exec_command', args: { cmd, yield_time_ms: o.yieldMs ?? 10_000, ...escalate } };
  }
  const escalate = o.escalate
    ? { sandbox_permissions: 'require_escalated', with_escalated_permissions: true, justification: o.escalate }
    : {};
  return { name: 'shell', args: { command: ['bash', '-lc', cmd], timeout_ms: 60_000, ...escalate } };
}

/** A patch through the shell heredoc (codex turns it into a fileChange item whatever the tools). */
export function patch(tools: ReadonlySet<string>, file: string, lines: string[]): ToolCall {
  const body = ['*** Begin Patch', `*** Add File: ${file}`, ...lines.map((l) => `+${l}`), '*** End Patch'].join('\n');
  if (tools.has('apply_patch')) return { name: 'apply_patch', input: body };
  return shell(tools, `apply_patch <<'EOF'\n${body}\nEOF\n`);
}

/** The namespace a tool is offered in (`multi_agent_v1/spawn_agent` → multi_agent_v1), if any. */
export function namespaceOf(tools: ReadonlySet<string>, name: string): string | undefined {
  for (const t of tools) if (t.endsWith(`/${name}`)) return t.slice(0, -name.length - 1);
  return undefined;
}

export function offers(tools: ReadonlySet<string>, name: string): boolean {
  return tools.has(name) || namespaceOf(tools, name) !== undefined;
}
