// Synthetic turn ids for sources that have none (the Codex SDK): deterministic, one per turn.started.
import type { MapContext } from '../context.ts';
import type { ProviderIds } from '../types.ts';

export function newTurnId(ctx: MapContext, _ids: ProviderIds): string {
  const n = ((ctx.scratch.get('turns') as number | undefined) ?? 0) + 1;
  ctx.scratch.set('turns', n);
  return `${ctx.currentThread ?? 'thread'}#turn-${n}`;
}
