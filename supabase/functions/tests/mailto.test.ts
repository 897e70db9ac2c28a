import assert from 'node:assert/strict';
import { mailtoHref } from '../_shared/mail/mailto.ts';

/** The link as a mail client reads it (RFC 6068 §2, §5): the address, then each header field, all decoded. */
function parse(href: string): { to: string; headers: [string, string][] } {
  assert.ok(href.startsWith('mailto:'), href);
  const rest = href.slice('mailto:'.length);
  const query = rest.indexOf('?');
  const to = query < 0 ? rest : rest.slice(0, query);
  const headers = query < 0 ? [] : rest.slice(query + 1).split('&').map((field) => {
    const [name, value, ...more] = field.split('=');
    assert.equal(more.length, 0, `a second '=' in ${field}`);
    return [decodeURIComponent(name!), decodeURIComponent(value ?? '')] as [string, string];
  });
  assert.equal(to.includes('#'), false);
  return { to: decodeURIComponent(to), headers };
}

/** Nothing outside RFC 3986 unreserved, '@', the one '?', '&', '=' and %XX escapes. */
const SAFE = /^mailto:[A-Za-z0-9\-._~%@]*(\?[A-Za-z0-9\-._~%]+=[A-Za-z0-9\-._~%]*(&[A-Za-z0-9\-._~%]+=[A-Za-z0-9\-._~%]*)*)?$/;

Deno.test('mailtoHref: a plain address stays readable', () => {
  assert.equal(mailtoHref('beat.keller@example.ch'), 'mailto:beat.keller@example.ch');
});

Deno.test('mailtoHref: an address with ?bcc= adds no header; only the subject we set is one', () => {
  const href = mailtoHref('x?bcc=someone@example.org', { subject: 'Ihre Terminanfrage' });
  assert.equal(href, 'mailto:x%3Fbcc%3Dsomeone@example.org?subject=Ihre%20Terminanfrage');
  assert.match(href, SAFE);
  const parsed = parse(href);
  assert.equal(parsed.to, 'x?bcc=someone@example.org');
  assert.deepEqual(parsed.headers, [['subject', 'Ihre Terminanfrage']]);
  // Without fields there is no '?' at all: the whole link is the address.
  assert.deepEqual(parse(mailtoHref('x?bcc=someone@example.org')).headers, []);
});

Deno.test('mailtoHref: every delimiter of the address is percent-encoded', () => {
  const address = 'a#b%c&d=e/f:g h!i$j\'k(l)m*n,o;p@example.org';
  const href = mailtoHref(address);
  assert.equal(href, 'mailto:a%23b%25c%26d%3De%2Ff%3Ag%20h%21i%24j%27k%28l%29m%2An%2Co%3Bp@example.org');
  assert.match(href, SAFE);
  assert.equal(parse(href).to, address);
});

Deno.test('mailtoHref: only the last @ is literal, as in RFC 6068 §6.2', () => {
  assert.equal(mailtoHref('"not@me"@example.org'), 'mailto:%22not%40me%22@example.org');
});

Deno.test('mailtoHref: a+b@example.ch keeps its subaddress, + as %2B (RFC 6068 §5)', () => {
  const href = mailtoHref('a+b@example.ch');
  assert.equal(href, 'mailto:a%2Bb@example.ch');
  assert.equal(parse(href).to, 'a+b@example.ch');
});

Deno.test('mailtoHref: non-ASCII as percent-encoded UTF-8, in the address and in the subject', () => {
  assert.equal(mailtoHref('jörg@bücher.example'), 'mailto:j%C3%B6rg@b%C3%BCcher.example');
  const href = mailtoHref('anna@example.ch', { subject: 'Ihre Anfrage für Schlafberatung – Rückmeldung über Grösse' });
  assert.equal(
    href,
    'mailto:anna@example.ch?subject=Ihre%20Anfrage%20f%C3%BCr%20Schlafberatung%20%E2%80%93%20R%C3%BCckmeldung%20%C3%BCber%20Gr%C3%B6sse',
  );
  assert.match(href, SAFE);
  assert.equal(href.includes('+'), false, 'spaces are %20, never +');
  assert.deepEqual(parse(href).headers, [['subject', 'Ihre Anfrage für Schlafberatung – Rückmeldung über Grösse']]);
});

Deno.test('mailtoHref: the subject is one line; a body keeps its lines as %0D%0A', () => {
  const href = mailtoHref('anna@example.ch', { subject: 'Zeile 1\r\nBcc: x@example.org', body: 'Guten Tag\nA&B=C?\r\nGruss\rEnde' });
  assert.match(href, SAFE);
  assert.equal(href.split('?').length, 2);
  assert.ok(href.includes('body=Guten%20Tag%0D%0AA%26B%3DC%3F%0D%0AGruss%0D%0AEnde'));
  assert.deepEqual(parse(href).headers, [
    ['subject', 'Zeile 1 Bcc: x@example.org'],
    ['body', 'Guten Tag\r\nA&B=C?\r\nGruss\r\nEnde'],
  ]);
});

Deno.test('mailtoHref: a lone surrogate does not throw', () => {
  assert.equal(mailtoHref('a\ud800@example.ch'), 'mailto:a%EF%BF%BD@example.ch');
});
