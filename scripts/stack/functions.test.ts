// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { discoverFunctions, parseFunctionsConfig } from './functions';
import { REPO_ROOT } from './start-stack';
import path from 'node:path';

describe('edge function discovery', () => {
  it('finds the folders with an index.ts, not _shared or tests', async () => {
    const names = await discoverFunctions(path.join(REPO_ROOT, 'supabase', 'functions'));
    expect(names).not.toContain('_shared');
    expect(names).not.toContain('tests');
    for (const name of names) expect(name).toMatch(/^[a-z0-9-]+$/);
  });

  it('reads enabled and verify_jwt per function from config.toml, both true by default', () => {
    const config = parseFunctionsConfig(`
[api]
verify_jwt = false

[functions.open-hook]
verify_jwt = false # called by a webhook

[functions.old]
enabled = false

[functions."quoted-name"]

[analytics]
enabled = false
`);
    expect(Object.fromEntries(config)).toEqual({
      'open-hook': { enabled: true, verifyJwt: false },
      old: { enabled: false, verifyJwt: true },
      'quoted-name': { enabled: true, verifyJwt: true },
    });
  });
});
