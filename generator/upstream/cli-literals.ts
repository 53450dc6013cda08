// The string literals of the CLI a claude-agent-sdk package ships: `cli.js` (0.2.x) or the native
// executable of the platform package (0.3.x: a Bun binary embedding its JavaScript as plain text).
// Read as bytes, never run. Tool names are the identifier-like literals; a literal bound by `=` or
// `:` (`var B3H="ListMcpResourcesTool"`, `name:"Skill"`) is a definition, stronger evidence than a
// mention (`aliases:["ListMcpResources"]`).
import { closeSync, existsSync, fstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { packageManifest } from './npm.ts';

export type CliKind = 'cli.js' | 'cli-binary';

export interface CliLiterals {
  kind: CliKind;
  /** Package-relative path of what was read, for messages (not stored: it depends on the platform). */
  file: string;
  /** Every identifier-like quoted literal. */
  quoted: Set<string>;
  /** The subset bound by `=` or `:`. */
  assigned: Set<string>;
}

const LITERAL = /([=:]?)\s?(["'`])([A-Za-z_][A-Za-z0-9_]{0,63})\2/g;
const CHUNK = 32 << 20;
// A literal is at most 66 bytes (plus `=` and a space); chunks overlap by more than that.
const OVERLAP = 128;

/** Scan `file` chunk by chunk (a 400 MB binary never becomes one string). */
export function scanLiterals(file: string, kind: CliKind, rel: string, chunkSize = CHUNK): CliLiterals {
  const out: CliLiterals = { kind, file: rel, quoted: new Set(), assigned: new Set() };
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const buf = Buffer.alloc(chunkSize + OVERLAP);
    let carry = 0;
    for (let pos = 0; pos < size;) {
      const n = readSync(fd, buf, carry, chunkSize, pos);
      if (n === 0) break;
      pos += n;
      const end = carry + n;
      // latin1 maps every byte to one char, so offsets stay byte offsets and NULs cannot fail it.
      for (const m of buf.toString('latin1', 0, end).matchAll(LITERAL)) {
        out.quoted.add(m[3]!);
        if (m[1]) out.assigned.add(m[3]!);
      }
      const keep = pos < size ? Math.min(OVERLAP, end) : 0;
      buf.copy(buf, 0, end - keep, end);
      carry = keep;
    }
  } finally {
    closeSync(fd);
  }
  return out;
}

/**
 * The shipped CLI of an installed package: `cli.js` beside sdk.d.ts, else the `claude` executable of
 * whichever optional platform package npm installed (`@anthropic-ai/claude-agent-sdk-linux-x64`).
 */
export function findCli(
  packageDir: string,
  nodeModules: string,
): { file: string; rel: string; kind: CliKind } | undefined {
  const cliJs = join(packageDir, 'cli.js');
  if (existsSync(cliJs)) return { file: cliJs, rel: 'cli.js', kind: 'cli.js' };
  for (const dep of Object.keys(packageManifest(packageDir).optionalDependencies ?? {}).sort()) {
    for (const exe of ['claude', 'claude.exe']) {
      const file = join(nodeModules, dep, exe);
      if (existsSync(file)) return { file, rel: `${dep}/${exe}`, kind: 'cli-binary' };
    }
  }
  return undefined;
}
