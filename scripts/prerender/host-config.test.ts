// @vitest-environment node
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  headersFile,
  headersForPath,
  inlineScriptHashes,
  inlineStyleHashes,
  nginxSecurityHeadersFile,
  pageStylePolicy,
  parseHeadersFile,
  redirectsFile,
} from './host-config.ts';

const supabaseUrl = 'https://abcdefghijklmnopqrst.supabase.co';

describe('static host configuration', () => {
  it('allows scripts, styles and connections only from the site and the Supabase project', () => {
    const csp = contentSecurityPolicy({ supabaseUrl });
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain(`connect-src 'self' ${supabaseUrl}`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    // Inline styles are held to each page's own hashes by the page's second policy (below).
    expect(csp).toContain("style-src 'self' 'unsafe-inline';");
    expect(csp.replace("style-src 'self' 'unsafe-inline'", '')).not.toContain('unsafe-inline');
  });

  it('allows an inline script by the hash of its exact text, never all inline scripts', () => {
    const code = "document.documentElement.classList.add('x')";
    const hashes = inlineScriptHashes([
      `<head><script>${code}</script><script type="module" src="/a.js"></script><script type="application/ld+json">{}</script></head>`,
      `<script data-entry="/a.js">${code}</script>`,
    ]);
    expect(hashes).toEqual([`'sha256-${createHash('sha256').update(code).digest('base64')}'`]);
    expect(contentSecurityPolicy({ supabaseUrl, scriptHashes: hashes })).toContain(`script-src 'self' ${hashes[0]};`);
  });

  it("a page's own policy allows its style sheet and style attributes by hash and nothing more", () => {
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const css = '.a{color:red}\n';
    expect(pageStylePolicy(`<head><style>${css}</style></head><p>x</p>`)).toBe(`style-src 'self' ${hash(css)}`);
    expect(pageStylePolicy(`<head><style>${css}</style></head><div style="pointer-events:none"></div><p style="pointer-events:none">x</p>`)).toBe(
      `style-src 'self' 'unsafe-hashes' ${hash(css)} ${hash('pointer-events:none')}`,
    );
    expect(inlineStyleHashes([`<style>${css}</style>`, `<style>${css}</style><p style="x:y">`])).toEqual({
      elements: [hash(css)],
      attributes: [hash('x:y')],
    });
  });

  it('writes a _headers file that the static server (and Netlify/Cloudflare) read back per path', () => {
    const rules = parseHeadersFile(headersFile(contentSecurityPolicy({ supabaseUrl })));
    const page = headersForPath(rules, '/kontakt');
    expect(page['Content-Security-Policy']).toContain(supabaseUrl);
    expect(page['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains');
    expect(page['X-Content-Type-Options']).toBe('nosniff');
    expect(page['Referrer-Policy']).toBeTruthy();
    expect(page['Permissions-Policy']).toContain('camera=()');
    expect(page['Cache-Control']).toBeUndefined();
    const asset = headersForPath(rules, '/assets/index-abc123.js');
    expect(asset['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(asset['Content-Security-Policy']).toBeTruthy();
  });

  it('writes the same security headers for nginx, one add_header each, sent with every status', () => {
    const csp = contentSecurityPolicy({ supabaseUrl });
    const everywhere = parseHeadersFile(headersFile(csp)).find((rule) => rule.pattern === '/*')!.headers;
    const directives = nginxSecurityHeadersFile(csp)
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('#'));
    expect(directives).toEqual(Object.entries(everywhere).map(([name, value]) => `add_header ${name} "${value}" always;`));
    expect(directives.length).toBeGreaterThanOrEqual(6);
  });

  it('refuses a header value nginx would read differently', () => {
    expect(() => nginxSecurityHeadersFile("default-src 'self' https://$host")).toThrow(/Content-Security-Policy/);
    expect(() => nginxSecurityHeadersFile('default-src "self"')).toThrow(/nginx/);
  });

  it('sends unknown paths to the 404 page with status 404', () => {
    expect(redirectsFile()).toMatch(/^\/\*\s+\/404\.html\s+404$/m);
  });
});
