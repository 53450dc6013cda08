// Questions put to the user and their answers, in one shape for every provider (canonical-model.yaml
// UserInputQuestion; answers keyed by question id). Codex questions carry an id; Claude's
// AskUserQuestion questions do not, and Claude keys its answers by the question's text, so that
// text is the id. A question without text or a label-less option is left out, never guessed.
import type { MapContext } from '../context.ts';
import type { ProviderIds } from '../types.ts';
import { bool, obj, str } from '../values.ts';

export interface Question {
  id: string;
  header: string;
  question: string;
  options: { label: string; description?: string }[];
  multiSelect?: boolean;
}

/** The questions of a request, typed; undefined when the value is not a list. */
export function userInputQuestions(_ctx: MapContext, _ids: ProviderIds, questions: unknown): Question[] | undefined {
  if (!Array.isArray(questions)) return undefined;
  const out: Question[] = [];
  for (const q of questions) {
    const o = obj(q);
    const question = str(o?.question);
    if (!o || question === undefined) continue;
    const options: Question['options'] = [];
    if (Array.isArray(o.options))
      for (const opt of o.options) {
        const label = str(obj(opt)?.label) ?? str(opt);
        const description = str(obj(opt)?.description);
        if (label !== undefined) options.push(description === undefined ? { label } : { label, description });
      }
    const multiSelect = bool(o.multiSelect);
    out.push({
      id: str(o.id) ?? question,
      header: str(o.header) ?? '',
      question,
      options,
      ...(multiSelect !== undefined ? { multiSelect } : {}),
    });
  }
  return out;
}

/**
 * Answers by question id, each a list of the chosen labels or typed text: Codex `{id: {answers: [...]}}`,
 * Claude `{question text: "label"}`. `{}` when there is nothing (a declined or unanswered request).
 */
export function userInputAnswers(_ctx: MapContext, _ids: ProviderIds, answers: unknown): Record<string, string[]> {
  return answersBy(answers, (value) => texts(obj(value)?.answers ?? value));
}

/**
 * Answers keyed by question id, built with Object.fromEntries: an id is upstream text, and
 * `out[id] = …` with the id `__proto__` would set the object's prototype instead of keeping the answer.
 */
export function answersBy(answers: unknown, read: (value: unknown) => string[] | undefined): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(obj(answers) ?? {}).flatMap(([id, value]) => {
      const list = read(value);
      return list ? [[id, list]] : [];
    }),
  );
}

function texts(v: unknown): string[] | undefined {
  if (typeof v === 'string') return [v];
  if (!Array.isArray(v)) return undefined;
  const out = v.filter((x): x is string => typeof x === 'string');
  return out.length === v.length ? out : undefined;
}
