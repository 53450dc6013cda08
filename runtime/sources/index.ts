// The sources the runtime can normalise, with their framing and the generated mappers.
import * as codexAppServerMappers from '../../generated/codex-app-server/mappers.ts';
import { codexAppServerFraming } from './codex-app-server.ts';
import type { Framing } from './types.ts';

export type SourceName = 'codex-app-server';

export const FRAMINGS: Record<SourceName, Framing> = {
  'codex-app-server': codexAppServerFraming(codexAppServerMappers),
};

export const PROVIDERS: Record<SourceName, string> = {
  'codex-app-server': 'codex',
};
