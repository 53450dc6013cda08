// The Anthropic Messages API as the Claude CLI uses it: `POST /v1/messages` answered with SSE
// (message_start, content_block_start/delta/stop, message_delta, message_stop),
// `POST /v1/messages/count_tokens`, and a 404 JSON error for anything else. Side requests (titles,
// summaries, prompt suggestions: no tools, or not streamed) get plain text.
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
import type { ResponsesState } from './responses.ts';
import { sendJson, type Handler } from './server.ts';
import { chunks, SseWriter } from './sse.ts';

interface Block {
  type: string;
  text?: string;
  content?: unknown;
}

interface Request {
  model?: string;
  stream?: boolean;
  tools?: { name: string }[];
  messages?: { role: string; content: string | Block[] }[];
}

// Every field the Messages API schema requires (of the SDK versions captured), nullable ones null,
// so that the messages the CLI passes through validate against the upstream schemas.
const USAGE = {
  input_tokens: 100,
  output_tokens: 1,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
  cache_creation: null,
  server_tool_use: null,
  service_tier: 'standard',
  inference_geo: null,
  iterations: null,
  speed: null,
  fallback_credit: null,
  output_tokens_details: null,
};
const DELTA_USAGE = {
  input_tokens: null,
  output_tokens: 20,
  cache_creation_input_tokens: null,
  cache_read_input_tokens: null,
  server_tool_use: null,
  iterations: null,
  fallback_credit: null,
  output_tokens_details: null,
};
const MESSAGE_NULLS = {
  stop_reason: null,
  stop_sequence: null,
  stop_details: null,
  container: null,
  context_management: null,
  diagnostics: null,
};

/** `state`, given, learns the tools offered in the latest main (non-side) request. */
export function messagesHandler(
  scripts: Map<string, ModelScript>,
  workdir: string,
  version: string,
  state?: ResponsesState,
): Handler {
  const ids = new StepIds();
  return async (req: IncomingMessage, body: string, res: ServerResponse) => {
    const path = req.url?.split('?')[0];
    if (req.method === 'POST' && path === '/v1/messages/count_tokens') {
      sendJson(res, 200, { input_tokens: 100 });
      return 'count_tokens';
    }
    if (req.method !== 'POST' || path !== '/v1/messages') {
      sendJson(res, 404, {
        type: 'error',
        error: { type: 'not_found_error', message: `no route ${req.method} ${req.url}` },
      });
      return 'not found';
    }
    const request = JSON.parse(body) as Request;
    const model = request.model ?? 'claude-fake';
    const tools = new Set((request.tools ?? []).map((t) => t.name));
    if (tools.size === 0) {
      await sideAnswer(res, request, model);
      return `side request (stream ${request.stream === true}, no tools)`;
    }
    if (state) state.tools = tools;
    const { scenario, outputs } = locate(request.messages ?? []);
    const script = scenario === undefined ? undefined : scripts.get(scenario);
    const found = script && stepFor(script.steps({ tools, outputs, workdir, version }), outputs.length);
    const planned: ModelStep = found?.step ?? {
      kind: 'reply',
      text: `(fake) scenario ${scenario ?? '?'} finished; nothing more to do.`,
    };
    const { prefix, attempt } = ids.next(scenario ?? 'none', found?.index ?? 'end');
    const step = attemptOf(planned, attempt);
    if (request.stream === true) await answer(res, step, prefix, model);
    else wholeAnswer(res, step, prefix, model); // the CLI's non-streaming fallback after a broken stream
    return `scenario ${scenario ?? '-'} step ${found?.index ?? 'end'} (${step.kind}${request.stream === true ? '' : ', not streamed'}); ${tools.size} tools`;
  };
}

/** The scenario of the last user text with a marker, and the tool results after it. */
function locate(messages: { role: string; content: string | Block[] }[]): { scenario?: string; outputs: string[] } {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role !== 'user') continue;
    const texts =
      typeof m.content === 'string' ? [m.content] : m.content.filter((b) => b.type === 'text').map((b) => b.text ?? '');
    // The CLI merges consecutive user prompts (after a failed turn) into one message: the last marker wins.
    const marks = texts.flatMap((t) => [...t.matchAll(new RegExp(SCENARIO_MARK.source, 'g'))].map((m) => m[1]!));
    const scenario = marks.at(-1);
    if (scenario === undefined) continue;
    const results = messages
      .slice(i + 1)
      .flatMap((later) =>
        typeof later.content === 'string' ? [] : later.content.filter((b) => b.type === 'tool_result'),
      );
    return {
      scenario,
      outputs: results.map((b) => (typeof b.content === 'string' ? b.content : JSON.stringify(b.content))),
    };
  }
  return { outputs: [] };
}

async function sideAnswer(res: ServerResponse, request: Request, model: string): Promise<void> {
  const text = 'Fake side answer.';
  if (request.stream !== true) {
    sendJson(res, 200, {
      id: 'msg_side',
      type: 'message',
      role: 'assistant',
      model,
      content: [{ type: 'text', text, citations: null }],
      ...MESSAGE_NULLS,
      stop_reason: 'end_turn',
      usage: { ...USAGE, output_tokens: 4 },
    });
    return;
  }
  await answer(res, { kind: 'reply', text }, 'side', model);
}

/** The step as one JSON Message (a broken or stalled stream's text, whole). */
function wholeAnswer(res: ServerResponse, step: ServedStep, prefix: string, model: string): void {
  if (step.kind === 'http-error')
    return sendJson(res, step.status, { type: 'error', error: { type: 'api_error', message: step.message } });
  const calls = step.kind === 'reply' ? (step.calls ?? []) : [];
  const content = [
    ...(step.text !== undefined ? [{ type: 'text', text: step.text, citations: null }] : []),
    ...calls.map((c, n) => ({ type: 'tool_use', id: `toolu_${prefix}_${n}`, name: c.name, input: c.args ?? {} })),
  ];
  sendJson(res, 200, {
    id: `msg_${prefix}`,
    type: 'message',
    role: 'assistant',
    model,
    content,
    ...MESSAGE_NULLS,
    stop_reason: calls.length ? 'tool_use' : 'end_turn',
    usage: { ...usageOf(step), output_tokens: 20 },
  });
}

async function answer(res: ServerResponse, step: ServedStep, prefix: string, model: string): Promise<void> {
  if (step.kind === 'http-error') {
    sendJson(res, step.status, {
      type: 'error',
      error: { type: step.status === 529 ? 'overloaded_error' : 'api_error', message: step.message },
    });
    return;
  }
  const sse = new SseWriter(res);
  await sse.send({
    type: 'message_start',
    message: {
      id: `msg_${prefix}`,
      type: 'message',
      role: 'assistant',
      model,
      content: [],
      ...MESSAGE_NULLS,
      usage: usageOf(step),
    },
  });
  let index = 0;
  if (step.kind === 'reply' && step.reasoning) {
    await sse.send({
      type: 'content_block_start',
      index,
      content_block: { type: 'thinking', thinking: '', signature: '' },
    });
    for (const thinking of chunks([...step.reasoning.summary, step.reasoning.text ?? ''].join(' ').trim()))
      await sse.send({ type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking } });
    await sse.send({
      type: 'content_block_delta',
      index,
      delta: { type: 'signature_delta', signature: 'fake-signature' },
    });
    await sse.send({ type: 'content_block_stop', index: index++ });
  }
  if (step.text !== undefined) {
    await sse.send({ type: 'content_block_start', index, content_block: { type: 'text', text: '', citations: null } });
    for (const text of chunks(step.text))
      await sse.send({ type: 'content_block_delta', index, delta: { type: 'text_delta', text } }, 15);
    if (step.kind === 'break') return sse.destroy();
    if (step.kind === 'stall') return sse.waitForClose(120_000);
    await sse.send({ type: 'content_block_stop', index: index++ });
  }
  const calls = step.kind === 'reply' ? (step.calls ?? []) : [];
  for (const [n, call] of calls.entries()) await toolUse(sse, index++, `toolu_${prefix}_${n}`, call);
  await sse.send({
    type: 'message_delta',
    delta: {
      stop_reason: calls.length ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      stop_details: null,
      container: null,
    },
    usage: DELTA_USAGE,
    context_management: null,
  });
  await sse.send({ type: 'message_stop' });
  sse.end();
}

/** The usage a message starts with: the step's prompt size, if it gives one. */
function usageOf(step: ServedStep): typeof USAGE {
  return step.kind === 'reply' && step.inputTokens !== undefined ? { ...USAGE, input_tokens: step.inputTokens } : USAGE;
}

async function toolUse(sse: SseWriter, index: number, id: string, call: ToolCall): Promise<void> {
  await sse.send({
    type: 'content_block_start',
    index,
    content_block: { type: 'tool_use', id, name: call.name, input: {} },
  });
  // One chunk per property, so no chunk cuts a path in two (fixture normalisation needs whole paths).
  for (const partial_json of JSON.stringify(call.args ?? {}).split(/(?<=,)(?=")/))
    await sse.send({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json } });
  await sse.send({ type: 'content_block_stop', index });
}
