// One rule for the `title` a UI shows on a tool item or a request, whatever the provider: the tool's
// name where the agent named one, a subagent's task, else what kind of step it is. Filled by
// MapContext.emit where a mapping gave none, so every source (and every synthetic close) has it.
import type { ToolDetail } from '../generated/canonical/types.ts';
import { obj, str } from './values.ts';

/** A label for each tool item type (runtime/tool-items.ts; test/runtime/ui-payloads.test.ts keeps them the same set). */
const BY_ITEM_TYPE: Readonly<Record<string, string>> = {
  command_execution: 'Command',
  file_change: 'File change',
  mcp_tool_call: 'MCP tool call',
  dynamic_tool_call: 'Tool call',
  collab_agent_tool_call: 'Subagent',
  web_search: 'Web search',
  image_view: 'Image view',
  image_generation: 'Image generation',
};

/** Request types → the item type whose title they share, or a title of their own. */
const BY_REQUEST_TYPE: Readonly<Record<string, string>> = {
  command_execution_approval: 'command_execution',
  exec_command_approval: 'command_execution',
  file_change_approval: 'file_change',
  apply_patch_approval: 'file_change',
  dynamic_tool_call: 'dynamic_tool_call',
  tool_approval: 'dynamic_tool_call',
  file_read_approval: 'dynamic_tool_call',
};
const REQUEST_TITLES: Readonly<Record<string, string>> = {
  tool_user_input: 'Question',
  permissions_approval: 'Permissions',
  mcp_elicitation: 'MCP server input',
  auth_tokens_refresh: 'Sign-in',
  attestation: 'Attestation',
  skill_approval: 'Skill',
  unknown: 'Request',
};

function toolTitle(itemType: string, detail: ToolDetail | undefined): string | undefined {
  const byType = BY_ITEM_TYPE[itemType];
  // Any other item that is a named tool's call (Claude's TodoWrite is a `plan` item) shows its name.
  if (byType === undefined) return detail?.name;
  const input = obj(detail?.input);
  switch (itemType) {
    case 'command_execution':
    case 'file_change':
      return byType;
    case 'mcp_tool_call':
      return detail?.name !== undefined && detail.server !== undefined
        ? `${detail.server}: ${detail.name}`
        : (detail?.name ?? byType);
    case 'web_search':
      return detail?.query === undefined && detail?.url !== undefined ? 'Web fetch' : byType;
    case 'collab_agent_tool_call':
      return str(input?.description) ?? detail?.name ?? byType;
    default:
      return detail?.name ?? byType;
  }
}

/**
 * The title a payload of item.* or request.opened should carry, when it has none of its own. An
 * item's later events (an update, eventmap's closing of it) may carry less detail than its start:
 * where theirs gives only the type's generic label, the item keeps the title it had (`kept`).
 */
export function titleOf(payload: Record<string, unknown>, kept?: string): string | undefined {
  const detail = obj(payload.toolDetail) as ToolDetail | undefined;
  if (typeof payload.itemType === 'string') {
    const title = toolTitle(payload.itemType, detail);
    return kept !== undefined && (title === undefined || title === BY_ITEM_TYPE[payload.itemType]) ? kept : title;
  }
  if (typeof payload.requestType !== 'string') return undefined;
  const asItem = BY_REQUEST_TYPE[payload.requestType];
  if (asItem !== undefined) return toolTitle(asItem, detail);
  return REQUEST_TITLES[payload.requestType] ?? detail?.name;
}
