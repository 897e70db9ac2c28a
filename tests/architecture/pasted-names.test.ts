// @vitest-environment node
/**
 * Tests take the practice's names from the domain module, never as pasted text:
 * a renamed advisor then changes one line, and a test cannot pass against a stale copy. This
 * scans every test file and the tests' support modules for an advisor's full name.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { practiceAdvisors } from '../../supabase/functions/_shared/domain/practice.ts';

const root = new URL('../../', import.meta.url);
const TEST_FILE = /(^|\/)(e2e|tests)\/|\.test\.tsx?$/;

/** The repository's files (git's list: no build output, no node_modules). */
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => TEST_FILE.test(file) && /\.tsx?$/.test(file));

describe('test files', () => {
  it.each(practiceAdvisors.map((advisor) => advisor.name))('never paste the advisor name «%s»', (name) => {
    expect(files.length).toBeGreaterThan(50);
    const pasted = files.filter((file) => readFileSync(new URL(file, root), 'utf8').includes(name));
    expect(pasted).toEqual([]);
  });
});
