import { spawn, spawnSync } from 'node:child_process';

export class MediaToolError extends Error {}

/** Fails with an actionable message when ffmpeg is not installed. */
export function requireFfmpeg(): void {
  const probe = spawnSync('ffmpeg', ['-hide_banner', '-version'], { stdio: 'ignore' });
  if (probe.error || probe.status !== 0) {
    throw new MediaToolError(
      'ffmpeg wurde nicht gefunden (ffmpeg not found).\n' +
        '  Debian/Ubuntu: sudo apt-get install ffmpeg\n' +
        '  macOS:         brew install ffmpeg',
    );
  }
}

/** Runs a command, collecting stdout as a Buffer; rejects with stderr on failure. */
export function run(cmd: string, args: string[], input?: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new Error(`${cmd} ${args.join(' ')} exited ${code}\n${Buffer.concat(err).toString().slice(-2000)}`));
    });
    if (input) child.stdin.end(input);
    else child.stdin.end();
  });
}
