/**
 * `mailto:` links to a visitor's address (RFC 6068). The address is what the visitor
 * typed: a valid address such as `x?bcc=someone@example.org` would, pasted raw, end the
 * address at `?` and add a hidden copy to the practice's reply. So every part of the link
 * is percent-encoded and the only header fields are the ones this module writes.
 * Pure: no Deno or browser APIs beyond TextEncoder.
 */

const encoder = new TextEncoder();

/** RFC 3986 §2.3 unreserved characters: the only bytes left as they are. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * Percent-encoding of the value's UTF-8 bytes (RFC 6068 §2: non-ASCII characters are
 * encoded as UTF-8, then percent-encoded), everything outside `unreserved` included.
 * That is stricter than the grammar needs (`qchar` allows some delimiters) and never
 * wrong: a conforming client decodes every %XX (RFC 6068 §5). In particular a space is
 * %20, never '+' (§5: "all spaces SHOULD be encoded as %20"), and '+' itself is %2B (§5:
 * "'+' characters MAY be encoded as %2B"), which we do so that no client that decodes
 * the link like a form turns the subaddress of `a+b@example.ch` into a space.
 * TextEncoder turns a lone surrogate into U+FFFD instead of throwing as encodeURIComponent does.
 */
function percentEncode(value: string): string {
  let encoded = '';
  for (const byte of encoder.encode(value)) {
    const char = String.fromCharCode(byte);
    encoded += UNRESERVED.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

/**
 * The address with only the `@` between local part and domain left literal (RFC 6068
 * §2 `addr-spec`; `@` is allowed in a URI's path). An `@` inside a quoted local part is
 * %40, as in RFC 6068 §6.2's `mailto:%22not%40me%22@example.org`.
 */
function encodeAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return percentEncode(address);
  return `${percentEncode(address.slice(0, at))}@${percentEncode(address.slice(at + 1))}`;
}

/** A header field is one line: line breaks and other controls become a space. */
function headerValue(value: string): string {
  // deno-lint-ignore no-control-regex -- control characters are exactly what is replaced
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

/** RFC 6068 §2: "line breaks in the body of a message MUST be encoded with %0D%0A". */
function bodyValue(value: string): string {
  return value.replace(/\r\n?|\n/g, '\r\n');
}

/**
 * `mailto:<address>[?subject=…][&body=…]`, every part percent-encoded (see above), so the
 * link opens a mail to exactly `address` with exactly these header fields. The result is
 * a URI, not HTML: escape it (escapeHtml) before putting it in an attribute, because of
 * the `&` between two fields.
 */
export function mailtoHref(address: string, fields: { subject?: string; body?: string } = {}): string {
  const hfields = [
    ...(fields.subject !== undefined ? [`subject=${percentEncode(headerValue(fields.subject))}`] : []),
    ...(fields.body !== undefined ? [`body=${percentEncode(bodyValue(fields.body))}`] : []),
  ];
  return `mailto:${encodeAddress(address)}${hfields.length ? `?${hfields.join('&')}` : ''}`;
}
