/**
 * What the invoice PDF tests share (tests/invoice-qr-bill.test.ts, tests/invoice-pdf-text.test.ts):
 * finding Debian's tools (poppler-utils, zxing-cpp-tools), a describe that is skipped
 * without them locally and fails under CI=true (.ci/run installs them), like
 * scripts/prerender/nginx-config.test.ts, and rendering invoices with the functions' own
 * code under Deno (supabase/functions/tests/render-invoice-pdf.ts).
 */
import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, it } from 'vitest';

export const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const HOW_TO_GET_THEM = 'Debian: `apt-get install -y poppler-utils zxing-cpp-tools` (.ci/run installs them).';

export function findTool(name: string): string | null {
  for (const dir of [...(process.env.PATH ?? '').split(path.delimiter), '/usr/bin']) {
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** The tools by name (null where missing), and a describe that needs them all. */
export function pdfTools<Name extends string>(names: readonly Name[]) {
  const tools = Object.fromEntries(names.map((name) => [name, findTool(name)])) as Record<Name, string | null>;
  const missing = names.filter((name) => tools[name] === null);
  const describeWithTools: (name: string, body: () => void) => void =
    missing.length === 0
      ? describe
      : process.env.CI === 'true'
        ? (name) =>
            describe(name, () => {
              it(`needs ${names.join(', ')}`, () => {
                throw new Error(`Missing ${missing.join(', ')}. ${HOW_TO_GET_THEM}`);
              });
            })
        : (name) =>
            describe.skip(name, () => {
              it(`skipped: missing ${missing.join(', ')}. ${HOW_TO_GET_THEM}`, () => {});
            });
  return { tools: tools as Record<Name, string>, describeWithTools };
}

const RENDER = ['run', '--config', 'supabase/functions/tests/deno.json', '--allow-read', '--allow-env'];
const deno = path.join(root, 'node_modules/.bin/deno');

/** One invoice's PDF bytes, made by the functions' code. */
export async function renderInvoice(invoice: object): Promise<Buffer> {
  const rendered = await run(deno, [...RENDER, 'supabase/functions/tests/render-invoice-pdf.ts', JSON.stringify(invoice)], {
    cwd: root,
    encoding: 'buffer',
    maxBuffer: 16 * 1024 * 1024,
  });
  return rendered.stdout;
}

/** Several invoices' PDFs in one Deno process, written to `dir` as <index>.pdf; returns their paths. */
export async function renderInvoices(invoices: object[], dir: string): Promise<string[]> {
  await run(deno, [...RENDER, `--allow-write=${dir}`, 'supabase/functions/tests/render-invoice-pdf.ts', JSON.stringify(invoices), dir], { cwd: root });
  return invoices.map((_, index) => path.join(dir, `${index}.pdf`));
}
