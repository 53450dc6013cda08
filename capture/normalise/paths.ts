// Local paths (the capture's scratch HOME, the package cache, the repository) → /home/dev/...,
// the model server's port → a fixed one, and other per-run names (codex session file dates, the
// Claude CLI's socket pid) → fixed ones. The scratch root also in the dashed form Claude uses for
// project folders (/tmp/x → -tmp-x). One pass, so a replacement is never replaced again.

export type PathRule = [from: string, to: string];

export interface PathRules {
  pattern: RegExp;
  to: Map<string, string>;
}

/** `prefixes`: [from, to], the first one (the scratch root) also dashed. */
export function pathRules(prefixes: PathRule[]): PathRules {
  const all: PathRule[] = [...prefixes];
  const [root, rootTo] = prefixes[0]!;
  all.push([root.replace(/[^A-Za-z0-9]/g, '-'), rootTo.replace(/[^A-Za-z0-9]/g, '-')]);
  // Longest first, so that a folder inside another is replaced by its own rule.
  all.sort((a, b) => b[0].length - a[0].length);
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return { pattern: new RegExp(all.map(([from]) => escape(from)).join('|'), 'g'), to: new Map(all) };
}

const FIXED: [RegExp, string][] = [
  [/127\.0\.0\.1:\d+/g, '127.0.0.1:4010'],
  // Codex session files are named by date and time: sessions/YYYY/MM/DD/rollout-YYYY-MM-DDTHH-MM-SS-<id>.
  [
    /sessions\/\d{4}\/\d\d\/\d\d\/rollout-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d/g,
    'sessions/2026/01/01/rollout-2026-01-01T00-00-00',
  ],
  // The Claude CLI's messaging socket is named by its pid.
  [/cc-socks\/\d+\.sock/g, 'cc-socks/1000.sock'],
];

export function replacePaths(value: string, rules: PathRules): string {
  let out = value.replace(rules.pattern, (m) => rules.to.get(m) ?? m);
  for (const [re, to] of FIXED) out = out.replace(re, to);
  return out;
}
