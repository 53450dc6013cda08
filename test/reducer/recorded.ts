// Every committed recording, normalised as test/parity/recording.ts does (fixed clock, derived
// session id) and ended (end() closes what the capture left open), for folding into views.
import { createNormalizer, type ProviderRuntimeEvent, type SourceName } from '../../runtime/index.ts';
import { transcripts } from '../conformance/transcripts.ts';

export interface RecordedSession {
  file: string;
  events: ProviderRuntimeEvent[];
}

export const RECORDED: RecordedSession[] = transcripts().map((t) => {
  const normalizer = createNormalizer(t.source as SourceName, { clock: () => 0, deriveSessionId: true });
  const events = [...t.lines.flatMap((line) => normalizer.push(line)), ...normalizer.end().events];
  return { file: t.file, events };
});
