/**
 * The invoice PDF's CPU time in Deno against the hosted platform's limits on a request
 * (Supabase docs, Edge Functions «Limits»: 2 s of CPU per request; its troubleshooting
 * article on CPU limits names a soft limit of 200 ms, past which an isolate retires and
 * takes no new request). Five fresh Deno processes, each one cold PDF then ten warm ones
 * (supabase/functions/tests/invoice-pdf-cpu.ts); reports the medians and the margin under
 * the soft limit. Part of `npm run bench:functions`: a measurement, not a test.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
/** Hosted: the CPU an isolate may spend before it retires (soft) and per request (hard). */
export const HOSTED_CPU_SOFT_MS = 200;
export const HOSTED_CPU_HARD_MS = 2000;
const RUNS = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export function measureInvoicePdfCpu(): { coldMs: number; warmMs: number } {
  const runs = Array.from({ length: RUNS }, () => {
    const out = execFileSync(
      path.join(root, 'node_modules/.bin/deno'),
      ['run', '--config', 'supabase/functions/tests/deno.json', '--allow-read', '--allow-env', 'supabase/functions/tests/invoice-pdf-cpu.ts'],
      { cwd: root, encoding: 'utf8' },
    );
    return JSON.parse(out.trim().split('\n').at(-1)!) as { coldMs: number; warmMedianMs: number };
  });
  return { coldMs: median(runs.map((run) => run.coldMs)), warmMs: median(runs.map((run) => run.warmMedianMs)) };
}

if (import.meta.main) {
  const { coldMs, warmMs } = measureInvoicePdfCpu();
  console.log(`\nInvoice PDF, CPU in Deno (median of ${RUNS} fresh processes):`);
  console.log(`  cold (first in an isolate): ${coldMs.toFixed(0)} ms  – ${((1 - coldMs / HOSTED_CPU_SOFT_MS) * 100).toFixed(0)} % under the hosted soft limit (${HOSTED_CPU_SOFT_MS} ms), ${((1 - coldMs / HOSTED_CPU_HARD_MS) * 100).toFixed(0)} % under the hard one (${HOSTED_CPU_HARD_MS} ms)`);
  console.log(`  warm: ${warmMs.toFixed(0)} ms`);
}
