// The model against EVENTS.md, read independently: the spec's own TypeScript (§1.1–§1.5), copied
// below by hand, is parsed with the TypeScript compiler and compared with the model, the generated
// types.ts and the generated schema.json. Every spec event type, enum value and payload field must
// be there with the same optionality; anything more must be a declared extension.
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitToTemp, removeTemp, importEmitted, type Emitted } from '../emit/canonical-emit-fixture.ts';

/** EVENTS.md §1.1 (RuntimeEventRaw, RuntimeEventBase), §1.2, §1.3, §1.4 and §1.5, verbatim. */
const EVENTS_MD = `
type RuntimeEventRaw = {
source:
| "codex.app-server.notification"
| "codex.app-server.request"
| "codex.eventmsg"
| "claude.sdk.message"
| "claude.sdk.permission"
| "codex.sdk.thread-event";
method?: string;
messageType?: string;
payload: unknown;
};

type RuntimeEventBase<TType extends CanonicalRuntimeEventType, TPayload> = {
eventId: EventId;
provider: ProviderKind;
sessionId: RuntimeSessionId;
createdAt: IsoDateTime;

// Canonical T3 IDs (not provider-native IDs).
threadId?: ThreadId;
turnId?: TurnId;
itemId?: RuntimeItemId;
requestId?: RuntimeRequestId;

// Provider-native IDs preserved for correlation/debugging.
providerRefs?: {
providerSessionId?: ProviderSessionId;
providerThreadId?: ProviderThreadId;
providerTurnId?: ProviderTurnId;
providerItemId?: ProviderItemId;
providerRequestId?: TrimmedNonEmptyString;
};

type: TType;
payload: TPayload;
raw?: RuntimeEventRaw;
};

type CanonicalRuntimeEventType =
// lifecycle
| "session.started"
| "session.configured"
| "session.state.changed"
| "session.exited"
| "thread.started"
| "thread.state.changed"
| "thread.metadata.updated"
| "thread.token-usage.updated"
| "thread.realtime.started"
| "thread.realtime.item-added"
| "thread.realtime.audio.delta"
| "thread.realtime.error"
| "thread.realtime.closed"
| "turn.started"
| "turn.completed"
| "turn.aborted"
| "turn.plan.updated"
| "turn.diff.updated"

// item + content stream
| "item.started"
| "item.updated"
| "item.completed"
| "content.delta"

// approvals / input / tool-protocol requests
| "request.opened"
| "request.resolved"
| "user-input.requested"
| "user-input.resolved"

// provider/system telemetry
| "task.started"
| "task.progress"
| "task.completed"
| "hook.started"
| "hook.progress"
| "hook.completed"
| "tool.progress"
| "tool.summary"
| "auth.status"
| "account.updated"
| "account.rate-limits.updated"
| "mcp.status.updated"
| "mcp.oauth.completed"
| "model.rerouted"
| "config.warning"
| "deprecation.notice"
| "files.persisted"
| "runtime.warning"
| "runtime.error";

type CanonicalItemType =
| "user_message"
| "assistant_message"
| "reasoning"
| "plan"
| "command_execution"
| "file_change"
| "mcp_tool_call"
| "dynamic_tool_call"
| "collab_agent_tool_call"
| "web_search"
| "image_view"
| "review_entered"
| "review_exited"
| "context_compaction"
| "error"
| "unknown";

type CanonicalRequestType =
| "command_execution_approval"
| "file_change_approval"
| "apply_patch_approval"
| "exec_command_approval"
| "tool_user_input"
| "dynamic_tool_call"
| "auth_tokens_refresh"
| "unknown";

type SessionState = "starting" | "ready" | "running" | "waiting" | "stopped" | "error";
type ThreadState = "active" | "idle" | "archived" | "closed" | "compacted" | "error";
type TurnState = "completed" | "failed" | "interrupted" | "cancelled";

type ContentStreamKind =
| "assistant_text"
| "reasoning_text"
| "reasoning_summary_text"
| "plan_text"
| "command_output"
| "file_change_output"
| "unknown";

type ItemLifecyclePayload = {
itemType: CanonicalItemType;
status?: "inProgress" | "completed" | "failed" | "declined";
title?: string;
detail?: string;
data?: unknown;
};

type RuntimeEventPayloadByType = {
"session.started": { message?: string; resume?: unknown };
"session.configured": { config: Record<string, unknown> };
"session.state.changed": { state: SessionState; reason?: string; detail?: string };
"session.exited": { reason?: string; recoverable?: boolean; exitKind?: "graceful" | "error" };

"thread.started": { providerThreadId?: ProviderThreadId };
"thread.state.changed": { state: ThreadState; detail?: unknown };
"thread.metadata.updated": { name?: string; metadata?: Record<string, unknown> };
"thread.token-usage.updated": { usage: unknown };
"thread.realtime.started": { realtimeSessionId?: string };
"thread.realtime.item-added": { item: unknown };
"thread.realtime.audio.delta": { audio: unknown };
"thread.realtime.error": { message: string };
"thread.realtime.closed": { reason?: string };

"turn.started": { model?: string; effort?: string };
"turn.completed": {
state: TurnState;
stopReason?: string | null;
usage?: unknown;
modelUsage?: Record<string, unknown>;
totalCostUsd?: number;
errorMessage?: string;
};
"turn.aborted": { reason: string };
"turn.plan.updated": {
explanation?: string | null;
plan: Array<{ step: string; status: "pending" | "inProgress" | "completed" }>;
};
"turn.diff.updated": { unifiedDiff: string };

"item.started": ItemLifecyclePayload;
"item.updated": ItemLifecyclePayload;
"item.completed": ItemLifecyclePayload;
"content.delta": {
streamKind: ContentStreamKind;
delta: string;
contentIndex?: number;
summaryIndex?: number;
};

"request.opened": {
requestType: CanonicalRequestType;
detail?: string;
args?: unknown;
};
"request.resolved": {
requestType: CanonicalRequestType;
decision?: string;
resolution?: unknown;
};
"user-input.requested": { questions: unknown };
"user-input.resolved": { answers: unknown };

"task.started": { taskId: RuntimeTaskId; description?: string; taskType?: string };
"task.progress": {
taskId: RuntimeTaskId;
description: string;
usage?: unknown;
lastToolName?: string;
};
"task.completed": {
taskId: RuntimeTaskId;
status: "completed" | "failed" | "stopped";
summary?: string;
usage?: unknown;
};
"hook.started": { hookId: string; hookName: string; hookEvent: string };
"hook.progress": { hookId: string; output?: string; stdout?: string; stderr?: string };
"hook.completed": {
hookId: string;
outcome: "success" | "error" | "cancelled";
output?: string;
stdout?: string;
stderr?: string;
exitCode?: number;
};
"tool.progress": {
toolUseId?: string;
toolName?: string;
summary?: string;
elapsedSeconds?: number;
};
"tool.summary": { summary: string; precedingToolUseIds?: string[] };
"auth.status": { isAuthenticating?: boolean; output?: string[]; error?: string };
"account.updated": { account: unknown };
"account.rate-limits.updated": { rateLimits: unknown };
"mcp.status.updated": { status: unknown };
"mcp.oauth.completed": { success: boolean; name?: string; error?: string };
"model.rerouted": { fromModel: string; toModel: string; reason: string };
"config.warning": { summary: string; details?: string; path?: string; range?: unknown };
"deprecation.notice": { summary: string; details?: string };
"files.persisted": {
files: Array<{ filename: string; fileId: string }>;
failed?: Array<{ filename: string; error: string }>;
};
"runtime.warning": { message: string; detail?: unknown };
"runtime.error": {
message: string;
class?:
| "provider_error"
| "transport_error"
| "permission_error"
| "validation_error"
| "unknown";
detail?: unknown;
};
};
`;

/** The spec's inline string unions, by the name the model gives them. */
const INLINE_ENUMS: Record<string, string> = {
  'RuntimeEventRaw.source': 'RuntimeEventRawSource',
  'ItemLifecyclePayload.status': 'ItemStatus',
  'session.exited.exitKind': 'SessionExitKind',
  'turn.plan.updated.plan[].status': 'PlanStepStatus',
  'task.completed.status': 'TaskStatus',
  'hook.completed.outcome': 'HookOutcome',
  'runtime.error.class': 'RuntimeErrorClass',
};

type Decl =
  | { kind: 'members'; members: readonly ts.TypeElement[] }
  | { kind: 'type'; type: ts.TypeNode }
  | { kind: 'values'; values: string[] }
  | { kind: 'brand' };

/** Top-level declarations of a TypeScript source: interfaces, type aliases, `as const` value lists. */
function declarations(text: string): Map<string, Decl> {
  const file = ts.createSourceFile('x.ts', text, ts.ScriptTarget.ES2022, true);
  const consts = new Map<string, string[]>();
  const out = new Map<string, Decl>();
  for (const st of file.statements) {
    if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) {
        let init = d.initializer;
        if (init && ts.isAsExpression(init)) init = init.expression;
        if (init && ts.isArrayLiteralExpression(init))
          consts.set(
            d.name.getText(),
            init.elements.filter(ts.isStringLiteral).map((e) => e.text),
          );
      }
    }
  }
  for (const st of file.statements) {
    if (ts.isInterfaceDeclaration(st)) out.set(st.name.text, { kind: 'members', members: st.members });
    if (ts.isTypeAliasDeclaration(st)) {
      const t = st.type;
      const listed = /^\(typeof (\w+)\)\[number\]$/.exec(t.getText());
      if (listed && consts.has(listed[1]!)) out.set(st.name.text, { kind: 'values', values: consts.get(listed[1]!)! });
      else if (ts.isIntersectionTypeNode(t) && t.getText().includes('__brand'))
        out.set(st.name.text, { kind: 'brand' });
      else if (ts.isTypeLiteralNode(t)) out.set(st.name.text, { kind: 'members', members: t.members });
      else out.set(st.name.text, { kind: 'type', type: t });
    }
  }
  return out;
}

function literalValues(t: ts.TypeNode): string[] | undefined {
  const parts = ts.isUnionTypeNode(t) ? t.types : [t];
  const values = parts.map((p) =>
    ts.isLiteralTypeNode(p) && ts.isStringLiteral(p.literal) ? p.literal.text : undefined,
  );
  return values.every((v) => v !== undefined) ? (values as string[]) : undefined;
}

const spec = declarations(EVENTS_MD);
const specValues = (name: string): string[] => {
  const d = spec.get(name)!;
  return d.kind === 'type' ? literalValues(d.type)! : [];
};
function specMembers(name: string): readonly ts.TypeElement[] {
  const d = spec.get(name)!;
  if (d.kind !== 'members') throw new Error(`${name} is not an object type in the spec text`);
  return d.members;
}
/** The spec payload of each event type, from its RuntimeEventPayloadByType. */
const SPEC_PAYLOADS = new Map(
  specMembers('RuntimeEventPayloadByType').map((m) => {
    const p = m as ts.PropertySignature;
    return [(p.name as ts.StringLiteral).text, p.type!] as const;
  }),
);

/**
 * Compare a spec type with a generated one; returns the differences found. `path` names the place
 * (e.g. `turn.completed.state`); the inline string unions must become the named enums above.
 */
function compare(
  specType: ts.TypeNode,
  genType: ts.TypeNode,
  gen: Map<string, Decl>,
  path: string,
  out: string[],
): void {
  const specText = textOf(specType);
  const genText = textOf(genType);
  // A named type in the spec (an id, an enum, ItemLifecyclePayload) must keep its name.
  if (ts.isTypeReferenceNode(specType) && !['Record', 'Array'].includes(textOf(specType.typeName))) {
    const name = textOf(specType.typeName);
    // item.* payloads are ItemLifecyclePayload in the spec, aliases of it in the model.
    if (name === 'ItemLifecyclePayload' && genText !== name)
      return compare(literal(name), resolve(genType, gen), gen, name, out);
    if (genText !== name) out.push(`${path}: spec ${name}, generated ${genText}`);
    return;
  }
  const values = literalValues(specType);
  if (values) {
    const enumName = INLINE_ENUMS[path];
    const decl = enumName ? gen.get(enumName) : undefined;
    if (!enumName || genText !== enumName || decl?.kind !== 'values')
      out.push(`${path}: spec ${specText}, generated ${genText} (expected enum ${enumName ?? '?'})`);
    else for (const v of values) if (!decl.values.includes(v)) out.push(`${path}: enum ${enumName} lacks "${v}"`);
    return;
  }
  if (ts.isTypeLiteralNode(specType)) {
    const target = resolve(genType, gen);
    if (!ts.isTypeLiteralNode(target)) return void out.push(`${path}: spec object, generated ${genText}`);
    return compareMembers(specType.members, target.members, gen, path, out);
  }
  const specElem = arrayElement(specType);
  if (specElem) {
    const genElem = arrayElement(genType);
    if (!genElem) return void out.push(`${path}: spec ${specText}, generated ${genText}`);
    return compare(specElem, genElem, gen, `${path}[]`, out);
  }
  // Keywords, `string | null`, Record<string, unknown>: the same text.
  if (specText !== genText) out.push(`${path}: spec ${specText}, generated ${genText}`);
}

function compareMembers(
  specMembersList: readonly ts.TypeElement[],
  genMembers: readonly ts.TypeElement[],
  gen: Map<string, Decl>,
  path: string,
  out: string[],
): void {
  const byName = (list: readonly ts.TypeElement[]) =>
    new Map(list.filter(ts.isPropertySignature).map((m) => [m.name.getText().replace(/^['"]|['"]$/g, ''), m]));
  const s = byName(specMembersList);
  const g = byName(genMembers);
  for (const [name, sm] of s) {
    const gm = g.get(name);
    if (!gm) {
      out.push(`${path}.${name}: missing`);
      continue;
    }
    if (!!sm.questionToken !== !!gm.questionToken)
      out.push(
        `${path}.${name}: spec ${sm.questionToken ? 'optional' : 'required'}, generated ${gm.questionToken ? 'optional' : 'required'}`,
      );
    compare(sm.type!, gm.type!, gen, `${path}.${name}`, out);
  }
  // A field beyond the spec must be a declared extension (its doc comment carries the reason).
  for (const [name, gm] of g)
    if (!s.has(name) && !gm.getFullText().includes('Extension (not in EVENTS.md)'))
      out.push(`${path}.${name}: not in EVENTS.md`);
}

const printer = ts.createPrinter();
const blank = ts.createSourceFile('print.ts', '', ts.ScriptTarget.ES2022);
/** Source text of a node, whitespace collapsed; synthetic nodes (made here) are printed. */
function textOf(n: ts.Node): string {
  return (n.pos >= 0 ? n.getText() : printer.printNode(ts.EmitHint.Unspecified, n, blank)).replace(/\s+/g, ' ');
}

/** A generated type reference resolved to a type literal (interfaces become literals). */
function resolve(t: ts.TypeNode, gen: Map<string, Decl>, depth = 0): ts.TypeNode {
  if (depth > 8 || !ts.isTypeReferenceNode(t)) return t;
  const d = gen.get(textOf(t.typeName));
  if (d?.kind === 'members') return ts.factory.createTypeLiteralNode(d.members as ts.TypeElement[]) as ts.TypeNode;
  if (d?.kind === 'type') return resolve(d.type, gen, depth + 1);
  return t;
}

function literal(name: string): ts.TypeNode {
  return ts.factory.createTypeLiteralNode(specMembers(name) as ts.TypeElement[]);
}

function arrayElement(t: ts.TypeNode): ts.TypeNode | undefined {
  if (ts.isArrayTypeNode(t)) return t.elementType;
  if (ts.isTypeReferenceNode(t) && textOf(t.typeName) === 'Array') return t.typeArguments?.[0];
  return undefined;
}

let emitted: Emitted;
let gen: Map<string, Decl>;
let schema: {
  definitions: Record<string, Record<string, unknown>>;
  properties: Record<string, unknown>;
  required: string[];
};
beforeAll(async () => {
  emitted = await emitToTemp();
  gen = declarations(emitted.files.get('canonical/types.ts')!);
  schema = JSON.parse(emitted.files.get('canonical/schema.json')!);
});
afterAll(() => removeTemp(emitted));

const NAMED_ENUMS = [
  'CanonicalItemType',
  'CanonicalRequestType',
  'SessionState',
  'ThreadState',
  'TurnState',
  'ContentStreamKind',
];

describe('the model against EVENTS.md', () => {
  it('has every spec event type, and only declared extensions besides', () => {
    const specTypes = specValues('CanonicalRuntimeEventType');
    expect(specTypes).toHaveLength(45);
    expect([...SPEC_PAYLOADS.keys()].sort()).toEqual([...specTypes].sort());
    const model = emitted.model;
    expect(model.eventTypes.filter((t) => !specTypes.includes(t))).toEqual(
      model.eventTypes.filter((t) => model.events[t]!.extension),
    );
    for (const t of specTypes) expect(model.eventTypes, t).toContain(t);
    const generated = gen.get('CanonicalRuntimeEventType')!;
    expect(generated.kind === 'values' && generated.values).toEqual(model.eventTypes);
    expect(schema.definitions.CanonicalRuntimeEventType!.enum as string[]).toEqual(model.eventTypes);
  });

  it('has every value of every spec enum (named and inline) in the model, types.ts and schema.json', () => {
    const inline = Object.entries(INLINE_ENUMS).map(([path, name]) => [name, inlineSpecValues(path)] as const);
    const all = [...NAMED_ENUMS.map((n) => [n, specValues(n)] as const), ...inline];
    expect(all.map(([n]) => n).sort()).toEqual(
      all
        .map(([n]) => n)
        .sort()
        .filter((n, i, a) => a.indexOf(n) === i),
    );
    for (const [name, values] of all) {
      expect(values.length, name).toBeGreaterThan(1);
      const e = emitted.model.enums[name]!;
      expect(e.values, name).toEqual(expect.arrayContaining(values));
      expect(
        e.values.filter((v) => !values.includes(v)),
        `${name} extensions`,
      ).toEqual(Object.keys(e.extensions));
      const decl = gen.get(name)!;
      expect(decl.kind === 'values' && decl.values, name).toEqual(e.values);
      expect(schema.definitions[name]!.enum, name).toEqual(e.values);
    }
  });

  it('gives every spec payload the same fields, optionality and types in types.ts', () => {
    const problems: string[] = [];
    for (const [type, specType] of SPEC_PAYLOADS) {
      const name = emitted.model.events[type]!.payloadName!;
      compare(specType, ts.factory.createTypeReferenceNode(name), gen, type, problems);
      if (!gen.has(name)) problems.push(`${type}: no ${name} in types.ts`);
    }
    // A spec field the model narrows (`unknown` → a typed shape, `string` → an enum) is allowed only
    // as a declared extension, whose reason is in the field's description.
    const narrowed = (problem: string) => {
      const m = /^([^:]+)\.(\w+): spec (unknown|string), generated /.exec(problem);
      if (!m) return false;
      const [, type, field] = m;
      let def = schema.definitions[emitted.model.events[type!]?.payloadName ?? '']!;
      while (typeof def?.$ref === 'string') def = schema.definitions[def.$ref.replace('#/definitions/', '')]!;
      const prop = (def?.properties as Record<string, { description?: string }> | undefined)?.[field!];
      return prop?.description?.includes('Extension (not in EVENTS.md): ') === true;
    };
    expect(problems.filter((p) => !narrowed(p))).toEqual([]);
  });

  it('gives every spec payload the same fields and required set in schema.json', () => {
    for (const [type, specType] of SPEC_PAYLOADS) {
      let def = schema.definitions[emitted.model.events[type]!.payloadName!]!;
      while (typeof def.$ref === 'string') def = schema.definitions[def.$ref.replace('#/definitions/', '')]!;
      const members = ts.isTypeLiteralNode(specType) ? specType.members : specMembers('ItemLifecyclePayload');
      const props = members.filter(ts.isPropertySignature);
      // A field beyond the spec is allowed only as a declared extension (its reason is in its description).
      const inSpec = new Set(props.map((p) => p.name.getText()));
      const declared = Object.entries(def.properties as Record<string, { description?: string }>)
        .filter(([k, p]) => inSpec.has(k) || !p.description?.includes('Extension (not in EVENTS.md): '))
        .map(([k]) => k);
      expect(declared.sort(), type).toEqual(props.map((p) => p.name.getText()).sort());
      expect([...((def.required as string[]) ?? [])].sort(), type).toEqual(
        props
          .filter((p) => !p.questionToken)
          .map((p) => p.name.getText())
          .sort(),
      );
      expect(def.additionalProperties, type).toBe(false);
    }
  });

  it('has the spec envelope, providerRefs and raw, with the same fields and optionality', () => {
    const problems: string[] = [];
    const base = gen.get('RuntimeEventBase')!;
    const raw = gen.get('RuntimeEventRaw')!;
    compareMembers(
      specMembers('RuntimeEventBase'),
      base.kind === 'members' ? base.members : [],
      gen,
      'envelope',
      problems,
    );
    compareMembers(
      specMembers('RuntimeEventRaw'),
      raw.kind === 'members' ? raw.members : [],
      gen,
      'RuntimeEventRaw',
      problems,
    );
    // providerRefs is inline in the spec; the model names it ProviderRefs.
    expect(
      problems.filter(
        (p) =>
          p !== 'envelope.providerRefs: spec object, generated ProviderRefs' && !p.startsWith('envelope.providerRefs'),
      ),
    ).toEqual([]);
    const refs = gen.get('ProviderRefs')!;
    const specRefs = (
      specMembers('RuntimeEventBase').find((m) => m.name?.getText() === 'providerRefs') as ts.PropertySignature
    ).type as ts.TypeLiteralNode;
    const refProblems: string[] = [];
    compareMembers(specRefs.members, refs.kind === 'members' ? refs.members : [], gen, 'providerRefs', refProblems);
    expect(refProblems).toEqual([]);
    expect(Object.keys(schema.properties).sort()).toEqual(
      specMembers('RuntimeEventBase')
        .map((m) => m.name!.getText())
        .sort(),
    );
    expect([...schema.required].sort()).toEqual(
      specMembers('RuntimeEventBase')
        .filter((m) => !m.questionToken)
        .map((m) => m.name!.getText())
        .sort(),
    );
  });

  it('brands every spec id kind', () => {
    const ids = [
      'EventId',
      'RuntimeSessionId',
      'ThreadId',
      'TurnId',
      'RuntimeItemId',
      'RuntimeRequestId',
      'RuntimeTaskId',
      'ProviderSessionId',
      'ProviderThreadId',
      'ProviderTurnId',
      'ProviderItemId',
    ];
    for (const id of ids) {
      expect(gen.get(id)?.kind, id).toBe('brand');
      expect(emitted.model.idKinds, id).toContain(id);
    }
  });

  it('exports an `as const` list for every enum and for the event types', async () => {
    const mod = await importEmitted<Record<string, unknown>>(emitted.dir, 'canonical/types.ts');
    expect(mod.CANONICAL_EVENT_TYPES).toEqual(emitted.model.eventTypes);
    expect(mod.CANONICAL_ITEM_TYPES).toEqual(emitted.model.enums.CanonicalItemType!.values);
    expect(mod.ITEM_STATUSES).toEqual(emitted.model.enums.ItemStatus!.values);
    expect(mod.RUNTIME_EVENT_RAW_SOURCES).toEqual(expect.arrayContaining(specValues('RuntimeEventRaw') ?? []));
  });
});

/** The values of an inline union in the spec, found by path (e.g. `task.completed.status`). */
function inlineSpecValues(path: string): string[] {
  const [head, ...rest] = path.replace('[]', '').split('.');
  let members: readonly ts.TypeElement[];
  let fields: string[];
  if (head === 'RuntimeEventRaw' || head === 'ItemLifecyclePayload') {
    members = specMembers(head);
    fields = rest;
  } else {
    const type = [...SPEC_PAYLOADS.keys()].find((t) => path.startsWith(`${t}.`))!;
    members = (SPEC_PAYLOADS.get(type) as ts.TypeLiteralNode).members;
    fields = path
      .slice(type.length + 1)
      .replace('[]', '')
      .split('.');
  }
  let node: ts.TypeNode | undefined;
  for (const f of fields) {
    const m = members.find((x) => x.name?.getText() === f) as ts.PropertySignature;
    node = m.type!;
    const elem = arrayElement(node);
    if (elem && ts.isTypeLiteralNode(elem)) members = elem.members;
  }
  return literalValues(node!)!;
}
