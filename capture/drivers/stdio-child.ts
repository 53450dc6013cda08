// An upstream process driven over its stdio (the codex app-server, an ACP agent): spawned with
// piped streams, the tail of its stderr kept for error messages, and stopped by closing its stdin
// (killed if it has not exited 5 s later).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

export interface StdioChild {
  child: ChildProcessWithoutNullStreams;
  /** Runs `body`, its errors told with the tail of the child's stderr, and stops the child after it. */
  drive(who: string, body: () => Promise<void>): Promise<void>;
}

export function spawnStdio(command: string, args: string[], o: { cwd: string; env: NodeJS.ProcessEnv }): StdioChild {
  const child = spawn(command, args, { cwd: o.cwd, env: o.env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  async function stop(): Promise<void> {
    child.stdin.end();
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(killer);
  }
  return {
    child,
    async drive(who, body) {
      try {
        await body();
      } catch (err) {
        throw new Error(`${err instanceof Error ? err.message : String(err)}\n${who} stderr (tail): ${stderr}`);
      } finally {
        await stop();
      }
    },
  };
}
