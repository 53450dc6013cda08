// The client's answers to requests (a mapping's `response:`), typed like the messages: one type
// per request, the union over every supported snapshot that has the request. A request some of
// those snapshots give no answer schema for is left out: its response mapper reads open JSON.
import { responseSchema, type ResponseSchema } from '../../catalog/response.ts';
import type { Catalog } from '../../catalog/types.ts';
import { isObj } from '../../schema/object.ts';
import { pointerSegments } from '../../schema/pointer.ts';
import { definitionRefAt, type OwnedMessage } from './messages.ts';

export interface OwnedResponse {
  /** The request answered. */
  message: OwnedMessage;
  /** Each version that has the request (newest first, as `message.versions`), with its answer. */
  answers: Array<{ catalog: Catalog; answer: ResponseSchema }>;
}

/** The requests whose answer every supported snapshot that has them describes. */
export function ownResponses(owned: OwnedMessage[]): OwnedResponse[] {
  return owned.flatMap((message) => {
    if (!message.entry.response) return []; // not a request (the newest snapshot's entry says)
    const answers = message.versions.map((catalog) => {
      const entry = catalog.entries.find((e) => e.kind === message.entry.kind && e.name === message.entry.name);
      return { catalog, answer: entry && responseSchema(catalog, entry) };
    });
    return answers.every((a) => a.answer) ? [{ message, answers: answers as OwnedResponse['answers'] }] : [];
  });
}

/**
 * The schema the answer's type starts from, in its document: a `$ref` when it is a definition
 * (Claude's PermissionResult: the type is an alias of that definition's), a whole document without
 * its definitions table (Codex `<X>Response.json`: the table is where its refs point, not the type).
 */
export function responseRoot(answer: ResponseSchema): unknown {
  const ref = definitionRefAt(answer.pointer);
  if (ref) return { $ref: ref };
  if (pointerSegments(answer.pointer).length === 0 && isObj(answer.schema)) {
    const { definitions: _d, $defs: _D, ...own } = answer.schema;
    return own;
  }
  return answer.schema;
}
