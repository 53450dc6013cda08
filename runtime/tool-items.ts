// Which canonical item types are tool calls: one list for the titles (runtime/titles.ts) and the
// reducer's tool states (runtime/reducer/tool-state.ts). T3 Code's TOOL_LIFECYCLE_ITEM_TYPES, plus
// image generation.
import type { CanonicalItemType } from '../generated/canonical/types.ts';

export const TOOL_ITEM_TYPES: readonly CanonicalItemType[] = [
  'command_execution',
  'file_change',
  'mcp_tool_call',
  'dynamic_tool_call',
  'collab_agent_tool_call',
  'web_search',
  'image_view',
  'image_generation',
];
