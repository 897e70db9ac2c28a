// @vitest-environment node
/**
 * Every string a function takes is held to the one rule of what Postgres can store
 * (field-rules.ts storableProblem): the request schemas build their strings on
 * field-schemas.ts storableString or a field schema, never on a bare z.string(), so no lone
 * surrogate or NUL reaches the database to be refused there with a 500.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const functions = path.resolve(import.meta.dirname, '../../supabase/functions');

async function sources(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'tests') found.push(...(await sources(full)));
    else if (entry.isFile() && entry.name.endsWith('.ts')) found.push(full);
  }
  return found;
}

describe('the functions\' request schemas', () => {
  it('build no string on a bare z.string(): the handlers that validate a body and the schema modules', async () => {
    const files: string[] = [];
    for (const file of await sources(functions)) {
      const text = await readFile(file, 'utf8');
      if (text.includes('validateBody(') || path.basename(file) === 'schemas.ts') files.push(file);
    }
    // The handlers of the form functions, the action page, the diary, «Meine Daten», the newsletter.
    expect(files.length).toBeGreaterThanOrEqual(6);
    const bare = [];
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      if (/\bz\.string\(/.test(text)) bare.push(path.relative(functions, file));
    }
    expect(bare).toEqual([]);
  });
});
