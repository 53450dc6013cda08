// Value-map lines `suggest --write` drafts follow the map's layout: a map whose keys are in code
// point order gets the new key at its sorted place, a hand-aligned map gets the value at its column.
import { describe, expect, it } from 'vitest';
import type { CanonicalModel } from '../../generator/model/types.ts';
import { editYaml } from '../../generator/mapping/edit.ts';
import { parseSpec } from '../../generator/mapping/load.ts';
import { draftValue } from '../../generator/suggest/draft-value.ts';
import { toEdit } from '../../generator/suggest/run.ts';
import { valueLayout } from '../../generator/suggest/value-layout.ts';

const spec = (values: string[]) =>
  [
    'version: 1',
    'sources:',
    '  claude-agent-sdk: { provider: claude, snapshots: [0.3.332] }',
    'valueMaps:',
    '  m:',
    '    source: claude-agent-sdk',
    '    covers: { kind: tool }',
    '    to: CanonicalItemType',
    '    default: dynamic_tool_call',
    '    values:',
    ...values.map((v) => `      ${v}`),
    'mappings: {}',
    '',
  ].join('\n');

const model = { enums: {} } as unknown as CanonicalModel;
const MARK = '# eventmap suggest: review';

/** The map's value lines after drafting `name`. */
function drafted(values: string[], name: string): string[] {
  const text = spec(values);
  const map = parseSpec(text, 'mapping-spec.yaml').valueMaps.m!;
  const d = draftValue(
    model,
    map,
    { source: 'claude-agent-sdk', discriminant: `tool:${name}`, name, versions: ['0.3.332'] },
    valueLayout(text, map),
  );
  return editYaml(text, [toEdit(d)])
    .split('\n')
    .filter((l) => l.startsWith('      '))
    .map((l) => l.trim().replace(/ +# eventmap suggest: review.*$/, ` ${MARK}`));
}

describe('value lines follow the map', () => {
  const cases: { why: string; given: string[]; add: string; want: string[] }[] = [
    {
      why: 'sorted and aligned: at its sorted place, value at the column',
      given: ['Bash:      command_execution', 'Edit:      file_change', 'WebSearch: web_search'],
      add: 'WebFetch',
      want: [
        'Bash:      command_execution',
        'Edit:      file_change',
        `WebFetch:  web_search ${MARK}`,
        'WebSearch: web_search',
      ],
    },
    {
      why: 'sorted, new first key',
      given: ['Bash:      command_execution', 'Edit:      file_change', 'WebSearch: web_search'],
      add: 'Agent',
      want: [
        `Agent:     dynamic_tool_call ${MARK}`,
        'Bash:      command_execution',
        'Edit:      file_change',
        'WebSearch: web_search',
      ],
    },
    {
      why: 'a key longer than the column keeps one space',
      given: ['Bash:   command_execution', 'Edit:   file_change', 'Grep:   dynamic_tool_call'],
      add: 'NotebookEdit',
      want: [
        'Bash:   command_execution',
        'Edit:   file_change',
        'Grep:   dynamic_tool_call',
        `NotebookEdit: dynamic_tool_call ${MARK}`,
      ],
    },
    {
      why: 'unsorted, unaligned: beside the nearest name, one space',
      given: ['webSearch: web_search', 'bash: command_execution', 'edit: file_change'],
      add: 'webFetch',
      want: ['webSearch: web_search', `webFetch: web_search ${MARK}`, 'bash: command_execution', 'edit: file_change'],
    },
  ];
  for (const c of cases) it(c.why, () => expect(drafted(c.given, c.add)).toEqual(c.want));
});
