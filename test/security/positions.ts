// Every place a string can enter generate, for the codex-sdk source (the smallest, so a case
// runs in seconds): the snapshot (version, folder, discriminants, enum values, property and
// definition names, descriptions, titles), the spec (value-map names and keys, reasons,
// constants, conditions, helpers, paths) and the model (descriptions, enum values).
import { cpSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PipelineOptions } from '../../generator/pipeline/pipeline.ts';
import type { HostileProject } from './hostile-project.ts';

const SNAP = 'upstream-schemas/codex-sdk/0.163.0';
const SCHEMA = `${SNAP}/index.schema.json`;
const SURFACE = `${SNAP}/surface.json`;

export interface Position {
  name: string;
  /** Whether eventmap may refuse this position at the door (a name it validates). */
  door: boolean;
  apply(p: HostileProject, s: string): PipelineOptions | void;
}

type Json = Record<string, any>;
const pointerSegment = (s: string) => encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'));

/** Add a ThreadEvent (or ThreadItem) member whose `type` is `value`. */
function addMember(p: HostileProject, union: 'ThreadEvent' | 'ThreadItem', value: string): void {
  const base = union === 'ThreadEvent' ? 'EventmapHostileEvent' : 'EventmapHostileItem';
  let def = base;
  p.editJson(SCHEMA, (j: Json) => {
    for (let n = 2; def in j.definitions; n++) def = `${base}${n}`;
    j.definitions[def] = {
      type: 'object',
      properties: { type: { type: 'string', const: value }, message: { type: 'string' } },
      required: ['type'],
    };
    j.definitions[union].anyOf.push({ $ref: `#/definitions/${def}` });
  });
  p.editJson(SURFACE, (j: Json) => {
    j.unions.find((u: Json) => u.type === union).members.push(def);
  });
}

/** A snapshot folder beside the inputs (removed with the project), for `--upstream codex-sdk=<dir>`. */
function override(p: HostileProject, name = 'snapshot'): string {
  const dir = join(mkdtempSync(p.at('override-')), name);
  cpSync(p.at(SNAP), dir, { recursive: true });
  return dir;
}

export const POSITIONS: readonly Position[] = [
  {
    name: 'snapshot version (provenance.json)',
    door: true,
    apply(p, s) {
      const dir = override(p);
      const prov = JSON.parse(readFileSync(join(dir, 'provenance.json'), 'utf8'));
      prov.version = s;
      writeFileSync(join(dir, 'provenance.json'), JSON.stringify(prov));
      return { upstreamOverrides: { 'codex-sdk': dir } };
    },
  },
  {
    name: 'snapshot folder name',
    door: true,
    apply(p, s) {
      const dir = override(p);
      const hostile = join(dir, '..', s.replace(/[/\u0000]/g, '_').slice(0, 200));
      renameSync(dir, hostile);
      return { upstreamOverrides: { 'codex-sdk': hostile } };
    },
  },
  { name: 'thread-event discriminant (unmapped)', door: false, apply: (p, s) => addMember(p, 'ThreadEvent', s) },
  {
    name: 'thread-event discriminant (mapped)',
    door: false,
    apply(p, s) {
      addMember(p, 'ThreadEvent', s);
      p.editYaml('mapping-spec.yaml', (d) =>
        d.setIn(
          ['mappings', 'codex-sdk', 'thread-event', s],
          d.createNode({ emit: [{ type: 'runtime.warning', payload: { message: '$.message', detail: '$' } }] }),
        ),
      );
    },
  },
  {
    name: 'ignore reason',
    door: false,
    apply(p, s) {
      addMember(p, 'ThreadEvent', 'eventmap.hostile');
      p.editYaml('mapping-spec.yaml', (d) =>
        d.setIn(
          ['mappings', 'codex-sdk', 'thread-event', 'eventmap.hostile'],
          d.createNode({ ignore: `because ${s}` }),
        ),
      );
    },
  },
  { name: 'item type', door: false, apply: (p, s) => addMember(p, 'ThreadItem', s) },
  {
    name: 'enum value',
    door: false,
    apply: (p, s) => p.editJson(SCHEMA, (j: Json) => j.definitions.CommandExecutionStatus.enum.push(s)),
  },
  {
    name: 'property name',
    door: false,
    apply: (p, s) =>
      p.editJson(
        SCHEMA,
        (j: Json) => (j.definitions.AgentMessageItem.properties[s] = { type: 'string', description: 'extra' }),
      ),
  },
  {
    name: 'definition name',
    // Its `$ref` must percent-encode the name, which the catalog's resolver refuses (located).
    door: true,
    apply: (p, s) =>
      p.editJson(SCHEMA, (j: Json) => {
        j.definitions[s] = { type: 'object', properties: { a: { type: 'string' } } };
        j.definitions.AgentMessageItem.properties.hostileRef = { $ref: `#/definitions/${pointerSegment(s)}` };
      }),
  },
  {
    name: 'descriptions and titles',
    door: false,
    apply: (p, s) =>
      p.editJson(SCHEMA, (j: Json) => {
        j.definitions.ThreadErrorEvent.description = s;
        j.definitions.ThreadErrorEvent.title = s;
        j.definitions.AgentMessageItem.properties.text.description = s;
        j.definitions.CommandExecutionStatus.description = s;
      }),
  },
  {
    name: 'value-map name',
    door: true,
    apply: (p, s) =>
      p.editYaml('mapping-spec.yaml', (d) =>
        d.setIn(['valueMaps', s], d.createNode({ source: 'codex-sdk', to: 'ItemStatus', values: { x: 'completed' } })),
      ),
  },
  {
    name: 'value-map key',
    door: false,
    apply: (p, s) =>
      p.editYaml('mapping-spec.yaml', (d) => d.setIn(['valueMaps', 'codexSdkItemStatus', 'values', s], 'failed')),
  },
  {
    name: 'value-map prefix',
    door: false,
    apply: (p, s) =>
      p.editYaml('mapping-spec.yaml', (d) => d.setIn(['valueMaps', 'codexSdkItemType', 'prefixes', s], 'unknown')),
  },
  {
    name: 'payload constant',
    door: false,
    apply: (p, s) =>
      p.editYaml('mapping-spec.yaml', (d) =>
        d.setIn(
          ['mappings', 'codex-sdk', 'thread-event', 'turn.failed', 'emit', 0, 'payload', 'errorMessage'],
          d.createNode({ const: s }),
        ),
      ),
  },
  {
    name: 'condition value',
    door: false,
    apply: (p, s) =>
      p.editYaml('mapping-spec.yaml', (d) =>
        d.setIn(
          ['mappings', 'codex-sdk', 'thread-event', 'turn.failed', 'emit', 0, 'when'],
          d.createNode({ path: '$.error.message', equals: s }),
        ),
      ),
  },
  {
    name: 'helper name',
    door: true,
    apply: (p, s) =>
      p.editYaml('mapping-spec.yaml', (d) =>
        d.setIn(['mappings', 'codex-sdk', 'thread-event', 'turn.failed', 'after'], d.createNode([s])),
      ),
  },
  {
    name: 'path segment',
    door: true,
    apply: (p, s) =>
      p.editYaml('mapping-spec.yaml', (d) =>
        d.setIn(
          ['mappings', 'codex-sdk', 'thread-event', 'turn.failed', 'emit', 0, 'payload', 'errorMessage'],
          `$.${s.replace(/[.[\]]/g, '_')}`,
        ),
      ),
  },
  {
    name: 'model description',
    door: false,
    apply: (p, s) => p.editYaml('canonical-model.yaml', (d) => d.setIn(['enums', 'ItemStatus', 'description'], s)),
  },
  {
    name: 'model enum value',
    door: true,
    apply: (p, s) =>
      p.editYaml('canonical-model.yaml', (d) =>
        (d.getIn(['enums', 'ItemStatus', 'values']) as { add(v: unknown): void }).add(s),
      ),
  },
];
