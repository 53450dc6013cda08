// A minimal MCP server on stdio (newline-delimited JSON-RPC) for the codex captures: one tool,
// `lookup`, that answers from a fixed table. Plain JavaScript, because codex spawns it with bare
// `node` from a scratch folder (no tsx there).
import { createInterface } from 'node:readline';

const TOOL = {
  name: 'lookup',
  description: 'Looks a word up in a fixed glossary.',
  inputSchema: { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] },
  // Read-only and closed-world: codex runs such a tool without asking (exec's policy is `never`).
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
};
const GLOSSARY = { eventmap: 'maps upstream agent events to canonical ones' };

const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);

function handle(m) {
  switch (m.method) {
    case 'initialize':
      return {
        protocolVersion: m.params?.protocolVersion ?? '2025-06-18',
        capabilities: { tools: {} },
        serverInfo: { name: 'glossary', version: '0.0.1' },
      };
    case 'tools/list':
      return { tools: [TOOL] };
    case 'tools/call': {
      const word = String(m.params?.arguments?.word ?? '');
      const meaning = GLOSSARY[word];
      return {
        content: [{ type: 'text', text: meaning ? `${word}: ${meaning}` : `${word}: not in the glossary` }],
        isError: meaning === undefined,
      };
    }
    default:
      return undefined;
  }
}

createInterface({ input: process.stdin }).on('line', (line) => {
  let m;
  try {
    m = JSON.parse(line);
  } catch {
    return;
  }
  if (m.id === undefined) return; // notifications (initialized, cancelled): nothing to answer
  const result = handle(m);
  send(
    result === undefined
      ? { id: m.id, error: { code: -32601, message: `no method ${m.method}` } }
      : { id: m.id, result },
  );
});
