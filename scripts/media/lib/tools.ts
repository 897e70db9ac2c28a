import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

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

/** Debian's Chromium (or any Chrome given by CHROMIUM_PATH). We never download a browser. */
export function findChromium(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  ].filter((p): p is string => Boolean(p));
  const found = candidates.find((p) => existsSync(p));
  if (!found) {
    throw new MediaToolError(
      'Chromium wurde nicht gefunden (Chromium not found).\n' +
        '  Debian/Ubuntu: sudo apt-get install chromium\n' +
        '  or set CHROMIUM_PATH to a Chrome/Chromium binary.',
    );
  }
  return found;
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
