// Catalog of a claude-agent-sdk snapshot (sdk.schema.json + surface.json, written by
// generator/upstream/claude-agent-sdk.ts): SDKMessage members by `type` or `type:subtype`, the
// stream events with their content blocks and deltas, the built-in tools and `canUseTool`.
import { joinPointer } from '../schema/pointer.ts';
import type { SnapshotReader } from './snapshot-files.ts';
import { readTsSnapshot, requireSchema } from './ts-catalog.ts';
import type { CatalogParts } from './types.ts';

export function buildClaudeAgentSdk(reader: SnapshotReader): CatalogParts {
  // Claude has no `*Status` enums; what a mapping translates is stop/terminal reasons, permission
  // behaviors and modes, and the assistant error kinds (BetaStopReason, PermissionBehavior, ...).
  const enumPattern = /(Status|Reason|Behavior|Mode|MessageError)$/;
  const { surface, doc, entries, enums } = readTsSnapshot(reader, ['sdk-message'], enumPattern);
  (surface.tools ?? []).forEach((tool, i) => {
    requireSchema(reader, surface, doc, tool.pointer, joinPointer('', 'tools', i, 'pointer'), `tool ${tool.name}`);
    entries.push({
      kind: 'tool',
      name: tool.name,
      document: surface.schema,
      pointer: tool.pointer,
      meta: { ...(tool.inputType ? { inputType: tool.inputType } : {}), nameSource: tool.nameSource },
    });
  });
  const permission = surface.permission;
  if (permission) {
    requireSchema(reader, surface, doc, permission.pointer, '/permission/pointer', permission.name);
    const { resultType, resultPointer } = permission;
    if (resultPointer !== undefined)
      requireSchema(reader, surface, doc, resultPointer, '/permission/resultPointer', `${permission.name} result`);
    entries.push({
      kind: 'permission',
      name: permission.name,
      document: surface.schema,
      pointer: permission.pointer,
      meta: {
        typeName: permission.type,
        parameters: permission.parameters.map((p) => p.name).join(','),
      },
      response:
        resultType !== undefined && resultPointer !== undefined
          ? { type: resultType, document: surface.schema, pointer: resultPointer }
          : { missing: `surface.json names no answer type for ${permission.name} (permission.resultType)` },
    });
  }
  return { entries, enums };
}
