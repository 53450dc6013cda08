// The OpenAI Responses API as codex uses it: `POST /v1/responses` answered with SSE
// (response.created, output_item.added/done, reasoning and text deltas, response.completed).
// The step of the scenario comes from the tool outputs the request carries since the prompt.
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  attemptOf,
  SCENARIO_MARK,
  StepIds,
  stepFor,
  type ModelScript,
  type ModelStep,
  type ServedStep,
  type ToolCall,
} from '../scenarios/types.ts';
import { sendJson, type Handler } from './server.ts';
import { chunks, SseWriter } from './sse.ts';

interface InputItem {
  type?: string;
  name?: string;
  role?: string;
  content?: unknown;
  output?: unknown;
}

const TOOL_OUTPUTS = new Set([
  'function_call_output',
  'custom_tool_call_output',
  'local_shell_call_output',
  'mcp_tool_call_output',
  'tool_search_output',
]);

export interface ResponsesState {
  /** Tool names offered in the latest model request (what this version gives the model). */
  tools: Set<string>;
}

interface OfferedTool {
  name?: string;
  type?: string;
  tools?: OfferedTool[];
}

/** Offered tool names; a namespace's tools are listed as `<namespace>/<tool>` too. */
function toolNames(tools: OfferedTool[]): string[] {
  return tools.flatMap((t) => {
    const name = t.name ?? t.type ?? '?';
    return [name, ...(t.tools ?? []).map((inner) => `${name}/${inner.name ?? '?'}`)];
  });
}

export function responsesHandler(
  scripts: Map<string, ModelScript>,
  state: ResponsesState,
  workdir: string,
  version: string,
): Handler {
  const ids = new StepIds();
  return async (req: IncomingMessage, body: string, res: ServerResponse) => {
    if (req.method !== 'POST' || !req.url?.startsWith('/v1/responses')) {
      sendJson(res, 404, { error: { message: `no route ${req.method} ${req.url}`, type: 'not_found' } });
      return 'not found';
    }
    const request = JSON.parse(body) as { input?: InputItem[]; tools?: OfferedTool[] };
    state.tools = new Set(toolNames(request.tools ?? []));
    const { scenario, outputs } = locate(request.input ?? []);
    const script = scenario === undefined ? undefined : scripts.get(scenario);
    const found = script && stepFor(script.steps({ tools: state.tools, outputs, workdir, version }), outputs.length);
    const planned: ModelStep = found?.step ?? {
      kind: 'reply',
      text: `(fake) scenario ${scenario ?? '?'} has nothing more to say.`,
    };
    const { prefix, attempt } = ids.next(scenario ?? 'none', found?.index ?? 'end');
    const step = attemptOf(planned, attempt);
    await answer(res, step, prefix);
    return `scenario ${scenario ?? '-'} step ${found?.index ?? 'end'} (${step.kind}); tools: ${[...state.tools].join(',')}`;
  };
}

/**
 * The scenario named in the last user message that has a marker, and the tool outputs after it.
 * A goal's continuation turn has no prompt: codex hands the model the objective as the output of
 * a `goal_objective` context call, which then counts as the prompt.
 */
function locate(input: InputItem[]): { scenario?: string; outputs: string[] } {
  for (let i = input.length - 1; i >= 0; i--) {
    const item = input[i]!;
    if (item.role !== 'user' && item.name !== 'goal_objective') continue;
    const match = SCENARIO_MARK.exec(JSON.stringify(item.content ?? item.output ?? ''));
    if (!match) continue;
    const outputs = input
      .slice(i + 1)
      .filter((it) => TOOL_OUTPUTS.has(it.type ?? ''))
      .map((it) => (typeof it.output === 'string' ? it.output : JSON.stringify(it.output)));
    return { scenario: match[1], outputs };
  }
  return { outputs: [] };
}

async function answer(res: ServerResponse, step: ServedStep, prefix: string): Promise<void> {
  if (step.kind === 'http-error') {
    sendJson(res, step.status, {
      error: { message: step.message, type: step.errorType ?? 'server_error', code: null },
    });
    return;
  }
  const sse = new SseWriter(res);
  const response = { id: `resp_${prefix}`, object: 'response', status: 'in_progress', output: [] };
  await sse.send({ type: 'response.created', response });
  let index = 0;
  if (step.kind === 'reply' && step.reasoning) await reasoning(sse, index++, `rs_${prefix}`, step.reasoning);
  if (step.kind === 'reply' && step.search !== undefined) await webSearch(sse, index++, `ws_${prefix}`, step.search);
  if (step.text !== undefined) {
    const done = await message(sse, index++, `msg_${prefix}`, step.text, step.kind);
    if (!done) return;
  }
  if (step.kind === 'reply')
    for (const [n, call] of (step.calls ?? []).entries()) await toolCall(sse, index++, `${prefix}_${n}`, call);
  const usage = {
    input_tokens: 100,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: 20,
    output_tokens_details: { reasoning_tokens: 5 },
    total_tokens: 120,
  };
  await sse.send({ type: 'response.completed', response: { ...response, status: 'completed', usage } });
  sse.end();
}

async function reasoning(
  sse: SseWriter,
  output_index: number,
  id: string,
  r: { summary: string[]; text?: string },
): Promise<void> {
  await sse.send({ type: 'response.output_item.added', output_index, item: { type: 'reasoning', id, summary: [] } });
  for (const [summary_index, part] of r.summary.entries()) {
    const at = { item_id: id, output_index, summary_index };
    const empty = { type: 'summary_text', text: '' };
    await sse.send({ type: 'response.reasoning_summary_part.added', ...at, part: empty });
    for (const delta of chunks(part)) await sse.send({ type: 'response.reasoning_summary_text.delta', ...at, delta });
    await sse.send({ type: 'response.reasoning_summary_text.done', ...at, text: part });
  }
  if (r.text !== undefined)
    for (const delta of chunks(r.text))
      await sse.send({ type: 'response.reasoning_text.delta', item_id: id, output_index, content_index: 0, delta });
  const content = r.text === undefined ? [] : [{ type: 'reasoning_text', text: r.text }];
  await sse.send({
    type: 'response.output_item.done',
    output_index,
    item: {
      type: 'reasoning',
      id,
      summary: r.summary.map((text) => ({ type: 'summary_text', text })),
      content,
      encrypted_content: null,
    },
  });
}

/** A web search the model ran itself (server side): added in progress, done completed. */
async function webSearch(sse: SseWriter, output_index: number, id: string, query: string): Promise<void> {
  await sse.send({
    type: 'response.output_item.added',
    output_index,
    item: { type: 'web_search_call', id, status: 'in_progress' },
  });
  await sse.send({
    type: 'response.output_item.done',
    output_index,
    item: { type: 'web_search_call', id, status: 'completed', action: { type: 'search', query } },
  });
}

/** Streams a message; for `break` and `stall` stops midway. Returns whether the message completed. */
async function message(
  sse: SseWriter,
  output_index: number,
  id: string,
  text: string,
  kind: ServedStep['kind'],
): Promise<boolean> {
  await sse.send({
    type: 'response.output_item.added',
    output_index,
    item: { type: 'message', id, role: 'assistant', status: 'in_progress', content: [] },
  });
  const at = { item_id: id, output_index, content_index: 0 };
  await sse.send({
    type: 'response.content_part.added',
    ...at,
    part: { type: 'output_text', text: '', annotations: [] },
  });
  for (const delta of chunks(text)) await sse.send({ type: 'response.output_text.delta', ...at, delta }, 20);
  if (kind === 'break') {
    sse.destroy();
    return false;
  }
  if (kind === 'stall') {
    await sse.waitForClose(120_000);
    return false;
  }
  await sse.send({ type: 'response.output_text.done', ...at, text });
  await sse.send({
    type: 'response.output_item.done',
    output_index,
    item: {
      type: 'message',
      id,
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text, annotations: [] }],
    },
  });
  return true;
}

async function toolCall(sse: SseWriter, output_index: number, suffix: string, call: ToolCall): Promise<void> {
  const call_id = `call_${suffix}`;
  const item =
    call.input !== undefined
      ? {
          type: 'custom_tool_call',
          id: `ctc_${suffix}`,
          call_id,
          name: call.name,
          input: call.input,
          status: 'completed',
        }
      : {
          type: 'function_call',
          id: `fc_${suffix}`,
          call_id,
          name: call.name,
          ...(call.namespace ? { namespace: call.namespace } : {}),
          arguments: JSON.stringify(call.args ?? {}),
          status: 'completed',
        };
  await sse.send({
    type: 'response.output_item.added',
    output_index,
    item: { ...item, ...(call.input !== undefined ? { input: '' } : { arguments: '' }), status: 'in_progress' },
  });
  await sse.send({ type: 'response.output_item.done', output_index, item });
}
