// Inside the capture's namespace: refuse to go on unless the only network interface is loopback.
// /proc/net/dev lists the interfaces of this process's network namespace (/sys/class/net may not).
import { readFileSync } from 'node:fs';

export function assertLoopbackOnly(): void {
  const interfaces = readFileSync('/proc/net/dev', 'utf8')
    .split('\n')
    .slice(2)
    .map((l) => l.split(':')[0]!.trim())
    .filter(Boolean);
  const others = interfaces.filter((i) => i !== 'lo');
  if (others.length > 0) {
    throw new Error(
      `refusing to run upstream binaries: network interfaces other than loopback are visible (${others.join(', ')}); run through \`npm run capture\`, which uses \`unshare -n\``,
    );
  }
}
