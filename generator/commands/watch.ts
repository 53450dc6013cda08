// `generate --watch`: call back when mapping-spec.yaml, canonical-model.yaml or anything under
// upstream-schemas/ changes, once per burst of changes (editors write a file in several steps),
// never twice at once (a change during a run schedules one more run after it).
import { existsSync, watch } from 'node:fs';
import { basename } from 'node:path';
import type { ProjectPaths } from '../project/paths.ts';

/** How long a burst of changes may pause before the run starts. */
const DEBOUNCE_MS = 300;

/** Watch until the process ends (nothing closes the watchers). */
export function watchInputs(paths: ProjectPaths, run: (changed: string[]) => Promise<void>): void {
  const files = new Set([basename(paths.spec), basename(paths.model)]);
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const flush = async (): Promise<void> => {
    if (running) return; // the running pass flushes again when it ends
    running = true;
    while (pending.size) {
      const changed = [...pending].sort();
      pending.clear();
      await run(changed);
    }
    running = false;
  };
  const changed = (name: string) => {
    pending.add(name);
    clearTimeout(timer);
    timer = setTimeout(() => void flush(), DEBOUNCE_MS);
  };
  // The folder, not the files: an editor that saves by rename would leave a file watcher on the old inode.
  watch(paths.root, (_event, name) => {
    if (name && files.has(name.toString())) changed(name.toString());
  });
  if (existsSync(paths.upstream))
    watch(paths.upstream, { recursive: true }, (_event, name) => changed(`upstream-schemas/${name?.toString() ?? ''}`));
}
