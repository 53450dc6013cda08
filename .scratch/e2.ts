import { editYaml } from '../generator/spec/edit.ts';
const t = `mappings:\n  a:\n    permission: {}   # none yet\n    other:\n  b: 1\n`;
console.log(editYaml(t, [
 { kind: 'pair', map: ['mappings','a','permission'], key: 'canUseTool', value: { emit: [{ type: 'x', ids: { a: '$.b' } }] }, comment: 'eventmap suggest: review', flowKeys: ['ids'] },
 { kind: 'pair', map: ['mappings','a','other'], key: 'k', value: { ignore: 'TODO x' } },
 { kind: 'pair', map: ['mappings','a','other'], key: 'k2', value: { ignore: 'TODO y' } },
]));
