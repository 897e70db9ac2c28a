/**
 * The static host's configuration, written into dist/ by the build: `_headers` and
 * `_redirects` (Netlify and Cloudflare Pages read them as they are) and
 * `nginx-security-headers.conf`, the same security headers for docs/deploy/nginx.conf.
 * The Content-Security-Policy allows the site itself and the Supabase project the build
 * talks to, nothing else, no inline script and no inline style but the site's own, by hash.
 *
 * Each page's inline style is its own (the rules its markup uses, critical-css.ts), so its
 * hash is named by the page itself, in a second policy in a <meta http-equiv> element
 * before the style (pageStylePolicy). In the header, with every other directive, style-src
 * allows inline styles; a browser enforces both policies, so on a page only its own style
 * passes. Every page's hash in the one header would put about 55 bytes per page into
 * every response, which the documents cannot spare: each has to fit the first round trip
 * (docs/performance.md), and the header would grow with every new page.
 */
import { createHash } from 'node:crypto';

/** The files above, in dist/'s root: configuration for the host, never served as pages. */
export const HOST_CONFIG_FILES: readonly string[] = ['_headers', '_redirects', 'nginx-security-headers.conf'];

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The inline styles of pages, to be allowed one by one by hash instead of 'unsafe-inline':
 * the page's style, which the build puts into it as a <style> element (prerender.ts), and
 * any style attribute React renders into the static HTML.
 */
export function inlineStyleHashes(htmlFiles: readonly string[]): { elements: string[]; attributes: string[] } {
  const elements = new Set<string>();
  const attributes = new Set<string>();
  for (const html of htmlFiles) {
    for (const match of html.matchAll(/<style>([\s\S]*?)<\/style>/g)) elements.add(match[1]!);
    for (const match of html.matchAll(/\sstyle="([^"]*)"/g)) attributes.add(decodeAttribute(match[1]!));
  }
  return { elements: [...elements].sort().map(sha256), attributes: [...attributes].sort().map(sha256) };
}

/**
 * The inline scripts of the pages (index.html's choice of fonts before the first paint,
 * the page starter with its data attributes), allowed by hash: script-src has no
 * 'unsafe-inline'. Data blocks (JSON-LD, any `type`) are not run and need none; a script
 * with `src` is allowed by 'self'.
 */
export function inlineScriptHashes(htmlFiles: readonly string[]): string[] {
  const values = new Set<string>();
  for (const html of htmlFiles) {
    for (const match of html.matchAll(/<script((?:\s+data-[\w-]+="[^"]*")*)>([\s\S]*?)<\/script>/g)) values.add(match[2]!);
  }
  return [...values].sort().map(sha256);
}

function decodeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * The policy a page names in its <meta http-equiv="Content-Security-Policy">: its own
 * inline styles only ('unsafe-hashes' lets hashes cover style attributes, if it has any).
 */
export function pageStylePolicy(html: string): string {
  const { elements, attributes } = inlineStyleHashes([html]);
  return ["style-src 'self'", ...(attributes.length > 0 ? ["'unsafe-hashes'"] : []), ...elements, ...attributes].join(' ');
}

/**
 * The header's policy. Inline styles pass here and are held to each page's own hashes by
 * the page's second policy (pageStylePolicy); inline scripts are allowed by hash.
 */
export function contentSecurityPolicy({ supabaseUrl, scriptHashes = [] }: { supabaseUrl: string; scriptHashes?: readonly string[] }): string {
  const supabaseOrigin = new URL(supabaseUrl).origin;
  return [
    // default-src 'self' also covers fonts, media and the manifest; each byte of this header
    // goes out with every page, whose first round trip has none to spare.
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    `connect-src 'self' ${supabaseOrigin}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers every response gets. */
export function securityHeaders(csp: string): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
    // For browsers that predate frame-ancestors.
    'X-Frame-Options': 'DENY',
  };
}

/** Netlify / Cloudflare Pages `_headers`: security headers everywhere, long cache for hashed assets. */
export function headersFile(csp: string): string {
  const lines = ['# Generated by scripts/build.ts – edit scripts/prerender/host-config.ts instead.', '/*'];
  for (const [name, value] of Object.entries(securityHeaders(csp))) lines.push(`  ${name}: ${value}`);
  lines.push('', '/assets/*', '  Cache-Control: public, max-age=31536000, immutable', '');
  lines.push('/media/*', '  Cache-Control: public, max-age=86400', '');
  return `${lines.join('\n')}\n`;
}

/**
 * `nginx-security-headers.conf`: the security headers of `_headers` as nginx `add_header`
 * directives, for docs/deploy/nginx.conf to include in every location (nginx does not
 * inherit the server's add_header into a location that sets one of its own). `always`:
 * the 404 page gets them too.
 */
export function nginxSecurityHeadersFile(csp: string): string {
  const lines = [
    '# Generated by scripts/build.ts – edit scripts/prerender/host-config.ts instead.',
    '# The security headers of _headers for nginx: docs/deploy/nginx.conf includes this file in every location.',
  ];
  for (const [name, value] of Object.entries(securityHeaders(csp))) {
    // Inside nginx's double quotes, " and \ would need escaping and $ starts a variable.
    if (/["\\$\r\n]/.test(value)) throw new Error(`${name} cannot be written into an nginx configuration as it is: ${value}`);
    lines.push(`add_header ${name} "${value}" always;`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * `_redirects`: every prerendered route is a real file, so nothing is rewritten to the
 * app; any other path gets the 404 page of its language with status 404 (Netlify applies
 * this only when no file matches, the first rule that matches wins; Cloudflare Pages
 * serves the nearest 404.html up the path by itself).
 */
export function redirectsFile(): string {
  return '# Generated by scripts/build.ts. Unknown paths: the 404 page of their language, with status 404.\n/en/*  /en/404.html  404\n/*  /404.html  404\n';
}

export interface HeaderRule {
  pattern: string;
  headers: Record<string, string>;
}

/** Reads a `_headers` file (the subset written above: path patterns with a trailing *). */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: {} });
      continue;
    }
    const separator = line.indexOf(':');
    const rule = rules.at(-1);
    if (rule && separator > 0) rule.headers[line.slice(0, separator).trim()] = line.slice(separator + 1).trim();
  }
  return rules;
}

/** The headers for a path: every matching rule, later rules winning. */
export function headersForPath(rules: readonly HeaderRule[], pathname: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules) {
    const matches = rule.pattern.endsWith('*') ? pathname.startsWith(rule.pattern.slice(0, -1)) : pathname === rule.pattern;
    if (matches) Object.assign(headers, rule.headers);
  }
  return headers;
}
