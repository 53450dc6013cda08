// Ids that change on every run, replaced by stable placeholders (`thread-0001`) in order of first
// appearance. The same raw id always gets the same placeholder, wherever it occurs (also inside
// longer strings), so correlations survive. A placeholder is a string like the id it replaces.

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Keys whose (non-UUID) string values are per-run ids too: background task, run and process ids. */
const SHORT_ID_KEYS: Record<string, string> = {
  task_id: 'task',
  taskId: 'task',
  shell_id: 'task',
  bash_id: 'task',
  backgroundTaskId: 'task',
  agent_id: 'agent',
  agentId: 'agent',
  agentID: 'agent',
  processId: 'proc',
  process_id: 'proc', // codex's raw exec events (codex-acp's rawInput)
  run_id: 'run',
  runId: 'run',
};

/** The placeholder kind of an id, from the key that holds it (and its parent's key for `id`). */
function kindOf(key: string | undefined, parentKey: string | undefined): string {
  // Codex legacy events: `{"method":"codex/event/...","params":{"id":<turn id>,"msg":...}}`.
  if (key === 'id' && parentKey === 'params') return 'turn';
  if (key === 'id' && parentKey !== undefined) return kindOf(`${parentKey}Id`, undefined);
  if (key === undefined) return 'id';
  if (key in SHORT_ID_KEYS) return SHORT_ID_KEYS[key]!;
  if (/thread|conversation|forkedFrom/i.test(key)) return 'thread';
  if (/turn/i.test(key)) return 'turn';
  if (/item/i.test(key)) return 'item';
  if (/session/i.test(key)) return 'session';
  if (/^(uuid|parent_uuid|parentUuid)$/.test(key)) return 'uuid';
  if (/^(request_id|requestId)$/.test(key)) return 'request';
  if (/^(hook_id|hookId)$/.test(key)) return 'hook';
  if (/^(prompt_id|promptId)$/.test(key)) return 'prompt';
  return 'id';
}

export class IdMap {
  private readonly byRaw = new Map<string, string>();
  private readonly counters = new Map<string, number>();

  private assign(raw: string, kind: string): string {
    let p = this.byRaw.get(raw);
    if (p === undefined) {
      const n = (this.counters.get(kind) ?? 0) + 1;
      this.counters.set(kind, n);
      p = `${kind}-${String(n).padStart(4, '0')}`;
      this.byRaw.set(raw, p);
    }
    return p;
  }

  /** First pass: note the ids in a string value held at `key` (under `parentKey`). */
  collect(value: string, key: string | undefined, parentKey: string | undefined): void {
    const whole = value.match(UUID);
    if (whole && whole[0].length === value.length) this.assign(value, kindOf(key, parentKey));
    else for (const m of value.matchAll(UUID)) this.assign(m[0], 'id');
    if (key !== undefined && key in SHORT_ID_KEYS && value.length >= 4 && !UUID.test(value))
      this.assign(value, kindOf(key, parentKey));
    UUID.lastIndex = 0;
  }

  /** Second pass: every known id in the string replaced by its placeholder. */
  replace(value: string): string {
    const direct = this.byRaw.get(value);
    if (direct !== undefined) return direct;
    let out = value.replace(UUID, (m) => this.byRaw.get(m) ?? m);
    for (const [raw, p] of this.byRaw)
      if (raw.length >= 6 && !raw.includes('-') && out.includes(raw)) out = out.split(raw).join(p);
    return out;
  }
}
