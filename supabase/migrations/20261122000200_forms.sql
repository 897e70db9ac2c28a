-- The two forms: their tables, the rules every field is held to, row-level security, and
-- what the database itself enforces on the site's insert, whatever a caller sends to the
-- API (docs/backend.md; docs/security-and-limits.md says what is promised and why).
--
-- The booking's REST insert is held to the function's rules: whatever a caller sends to
-- /rest/v1 with the site's key, the database stores only what send-appointment-email
-- would accept, counts it against the same per-client limit, and binds it to the form
-- proof the browser solved:
--
-- 1. One rule per field, as the functions and the form have it
--    (supabase/functions/_shared/domain/field-rules.ts; tests/integration/contract.test.ts
--    compares them code point by code point and address by address).
-- 2. One appointment request per anon request: a JSON array of rows is refused (the
--    policy's guard cannot see other rows of the same statement, so an array could store
--    hundreds at once).
-- 3. The insert needs the form proof the browser solved for send-appointment-email, in the
--    request header `x-form-proof` (base64url of the JSON `{ challenge, solution }` that the
--    function receives as `altcha`). Postgres checks it before the row is stored: the
--    challenge's signature (HMAC with the functions' FORM_PROOF_SECRET, read from Supabase
--    Vault as 'form_proof_secret'), its expiry, the function it was issued for and the
--    solution (the derived key's signature); then it binds the proof to the row's id
--    (public.used_form_proofs), so it stores one row at most. The function then accepts
--    the same proof for that request's e-mail.
-- 4. The insert's limits are the functions': per client RATE_LIMIT_MAX (5) in
--    RATE_LIMIT_WINDOW_SECONDS (600; IPv6 per /64) and per client network (IPv6 per /48)
--    the smaller of RATE_LIMIT_DAILY_MAX (20) and a twentieth of DAILY_MAIL_CAP (200) a
--    day: 10. No limit per e-mail address: a limit that refuses an address answers
--    whether the address was used a moment ago, to anyone who asks. What one mailbox
--    receives is bounded by the acknowledgement's limits (one an hour per mailbox), what
--    the practice receives by the daily cap. The limits count under advisory locks, so
--    concurrent inserts cannot all pass them.
-- 5. A proof remembers what the limits said about its request: a request refused by a
--    limit is refused again when it is sent again (until the limit's window has passed,
--    when it is counted afresh); only one that passed is let through without counting.
-- 6. anon has no USAGE on schema private: check constraints and the policy refer to their
--    functions by OID (no name lookup, so no USAGE needed); function bodies anon runs that
--    name a private function run as their owner.
--
-- Refusals and their SQLSTATEs, as the API reports them (PostgREST and the local stack
-- map them alike, scripts/stack/api-error.ts):
--   a value the rules refuse                    23514 check_violation, constraint named → HTTP 400
--   a date that is no day                       23514, constraint preferred_date_is_a_day / …
--   more than one row in an anon insert         23514 check_violation                   → HTTP 400
--   no proof, a forged, expired or foreign one  42501 insufficient_privilege            → HTTP 401
--   a proof already used for another request    42501                                   → HTTP 401
--   a per-client limit reached                  42501 (RLS policy)                      → HTTP 401

-- ---------------------------------------------------------------------------------------
-- 1. The field rules, as functions the CHECKs call (immutable: they depend on nothing
-- else). The checks call them with the inserting role's rights (by OID: anon needs no
-- USAGE on private), hence anon's EXECUTE.

-- The coarse rules: an e-mail address's shape; a text that is filled and not too long
-- (the limits are the form's). The rules below narrow them, and all hold at once.
create function private.is_email(value text) returns boolean
  language sql immutable parallel safe
  set search_path = ''
  as $$
    select char_length(value) <= 254 and value ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'
  $$;

create function private.is_filled(value text, max_length integer) returns boolean
  language sql immutable parallel safe
  set search_path = ''
  as $$
    select btrim(value) <> '' and char_length(value) <= max_length
  $$;

-- Single-line fields (names, e-mail, phone, subject) refuse every character of the
-- Unicode categories Cc (C0 and C1 controls), Cf (format characters: soft hyphen,
-- zero-width space and joiners, bidirectional embeddings, overrides and isolates, BOM,
-- interlinear annotations, tag characters …), Zl (U+2028) and Zp (U+2029). The Cf list is
-- Unicode 17.0's (Node 20: [...Array(0x110000).keys()].filter(c => /\p{Cf}/u.test(...))),
-- written as explicit ranges because [[:cntrl:]] and friends depend on the server's
-- locale; PGlite (Postgres 18) and PostgreSQL 15 read these escapes the same way.
-- The edge functions refuse the same set (supabase/functions/_shared/validation.ts).
create function private.forbidden_in_line(value text) returns boolean
  language sql immutable parallel safe
  set search_path = ''
  as $$
    select value ~ '[\u0000-\u001F\u007F-\u009F\u00AD\u0600-\u0605\u061C\u06DD\u070F\u0890\u0891\u08E2\u180E\u200B-\u200F\u2028\u2029\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB\U000110BD\U000110CD\U00013430-\U0001343F\U0001BCA0-\U0001BCA3\U0001D173-\U0001D17A\U000E0001\U000E0020-\U000E007F]'
  $$;
comment on function private.forbidden_in_line(text) is
  'True when the text has a character of Unicode category Cc, Cf, Zl or Zp: not allowed in one-line fields.';

-- A message keeps tab, line feed and carriage return, and the format characters real text
-- needs (the zero-width joiner inside emoji and many scripts, soft hyphens); it refuses
-- every other control character, U+2028/U+2029 and the bidirectional embeddings,
-- overrides and isolates (U+202A–U+202E, U+2066–U+2069), which can make text read
-- differently than it is. The same rule as the edge functions' MULTI_LINE_FORBIDDEN.
create function private.forbidden_in_message(value text) returns boolean
  language sql immutable parallel safe
  set search_path = ''
  as $$
    select value ~ '[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]'
  $$;
comment on function private.forbidden_in_message(text) is
  'True when a message has a control character other than tab, LF and CR, a line/paragraph separator or a bidi control.';

-- Nothing but white space, as JavaScript's String.prototype.trim() sees it (the edge
-- functions' "blank"): btrim() in private.is_filled strips only ASCII spaces, so a name of
-- no-break spaces would pass it. Format characters such as U+200B are refused outright in
-- one-line fields, so a name that is blank once they are stripped is refused as well.
create function private.is_blank(value text) returns boolean
  language sql immutable parallel safe
  set search_path = ''
  as $$
    select value ~ '^[\u0009-\u000D\u0020\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF]*$'
  $$;
comment on function private.is_blank(text) is
  'True when the text is empty or only white space (Unicode Zs, tab, line breaks, BOM).';

-- One address rule. private.is_mail_address is the grammar of the functions' and the
-- form's MAIL_ADDRESS_PATTERN (field-rules.ts; the pattern text is the same,
-- private.mail_address_pattern() answers it, and the contract test compares both).
create function private.mail_address_pattern() returns text
  language sql immutable parallel safe
  set search_path = ''
  as $$ select '^[A-Za-z0-9!#$%&''*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&''*+/=?^_`{|}~-]+)*@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$'::text $$;

-- An address of the one grammar: at most 254 characters, at most 64 before the @. The
-- pattern is written out again (anon has no USAGE on schema private, so a check may call
-- this function by OID but its body may not name another private function); the contract
-- test checks that both copies are the TypeScript one.
create function private.is_mail_address(value text) returns boolean
  language sql immutable parallel safe
  set search_path = ''
  as $$
    select char_length(value) <= 254 and strpos(value, '@') between 2 and 65
       and value ~ '^[A-Za-z0-9!#$%&''*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&''*+/=?^_`{|}~-]+)*@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$'
  $$;
comment on function private.is_mail_address(text) is
  'True for an e-mail address of the one grammar the functions and the form use (field-rules.ts, MAIL_ADDRESS_PATTERN).';

-- Names are names, blank is blank. private.looks_blank adds to private.is_blank the
-- default-ignorable code points (the Hangul fillers U+115F, U+1160, U+3164, U+FFA0 among
-- them) and U+2800 BRAILLE PATTERN BLANK. The ranges here and in private.is_person_name
-- are Unicode 17.0's (\p{L}, \p{M}, \p{Default_Ignorable_Code_Point} as Node 24 and
-- Deno 2.9 know them), written out because [[:alpha:]] depends on the server's locale;
-- the contract test compares every code point with the functions' rules.

-- Nothing that shows: white space as JavaScript's \s (what trim() strips), the
-- default-ignorable code points and U+2800 (looksBlank in field-rules.ts).
create function private.looks_blank(value text) returns boolean
  language sql immutable parallel safe
  set search_path = ''
  as $$
    select value ~ '^[\u0009-\u000D\u0020\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF\u2800\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8\U0001BCA0-\U0001BCA3\U0001D173-\U0001D17A\U000E0000-\U000E0FFF]*$'
  $$;
comment on function private.looks_blank(text) is
  'True when the text shows nothing: white space, default-ignorable code points (Hangul fillers, zero-width …) and U+2800 only.';

-- A name (isPersonName in field-rules.ts): only letters and marks (\p{L}, \p{M}) and
-- space ' ’ ʼ . ‐ · ・ -; a letter (given the first test: something that is neither
-- punctuation nor a mark); no default-ignorable code point; no dot followed by two
-- letters or marks (nothing that reads as a domain).
create function private.is_person_name(value text) returns boolean
  language sql immutable parallel safe
  set search_path = ''
  as $$
    select value ~ '^[\u0041-\u005A\u0061-\u007A\u00AA\u00B5\u00BA\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02C1\u02C6-\u02D1\u02E0-\u02E4\u02EC\u02EE\u0300-\u0374\u0376\u0377\u037A-\u037D\u037F\u0386\u0388-\u038A\u038C\u038E-\u03A1\u03A3-\u03F5\u03F7-\u0481\u0483-\u052F\u0531-\u0556\u0559\u0560-\u0588\u0591-\u05BD\u05BF\u05C1\u05C2\u05C4\u05C5\u05C7\u05D0-\u05EA\u05EF-\u05F2\u0610-\u061A\u0620-\u065F\u066E-\u06D3\u06D5-\u06DC\u06DF-\u06E8\u06EA-\u06EF\u06FA-\u06FC\u06FF\u0710-\u074A\u074D-\u07B1\u07CA-\u07F5\u07FA\u07FD\u0800-\u082D\u0840-\u085B\u0860-\u086A\u0870-\u0887\u0889-\u088F\u0897-\u08E1\u08E3-\u0963\u0971-\u0983\u0985-\u098C\u098F\u0990\u0993-\u09A8\u09AA-\u09B0\u09B2\u09B6-\u09B9\u09BC-\u09C4\u09C7\u09C8\u09CB-\u09CE\u09D7\u09DC\u09DD\u09DF-\u09E3\u09F0\u09F1\u09FC\u09FE\u0A01-\u0A03\u0A05-\u0A0A\u0A0F\u0A10\u0A13-\u0A28\u0A2A-\u0A30\u0A32\u0A33\u0A35\u0A36\u0A38\u0A39\u0A3C\u0A3E-\u0A42\u0A47\u0A48\u0A4B-\u0A4D\u0A51\u0A59-\u0A5C\u0A5E\u0A70-\u0A75\u0A81-\u0A83\u0A85-\u0A8D\u0A8F-\u0A91\u0A93-\u0AA8\u0AAA-\u0AB0\u0AB2\u0AB3\u0AB5-\u0AB9\u0ABC-\u0AC5\u0AC7-\u0AC9\u0ACB-\u0ACD\u0AD0\u0AE0-\u0AE3\u0AF9-\u0AFF\u0B01-\u0B03\u0B05-\u0B0C\u0B0F\u0B10\u0B13-\u0B28\u0B2A-\u0B30\u0B32\u0B33\u0B35-\u0B39\u0B3C-\u0B44\u0B47\u0B48\u0B4B-\u0B4D\u0B55-\u0B57\u0B5C\u0B5D\u0B5F-\u0B63\u0B71\u0B82\u0B83\u0B85-\u0B8A\u0B8E-\u0B90\u0B92-\u0B95\u0B99\u0B9A\u0B9C\u0B9E\u0B9F\u0BA3\u0BA4\u0BA8-\u0BAA\u0BAE-\u0BB9\u0BBE-\u0BC2\u0BC6-\u0BC8\u0BCA-\u0BCD\u0BD0\u0BD7\u0C00-\u0C0C\u0C0E-\u0C10\u0C12-\u0C28\u0C2A-\u0C39\u0C3C-\u0C44\u0C46-\u0C48\u0C4A-\u0C4D\u0C55\u0C56\u0C58-\u0C5A\u0C5C\u0C5D\u0C60-\u0C63\u0C80-\u0C83\u0C85-\u0C8C\u0C8E-\u0C90\u0C92-\u0CA8\u0CAA-\u0CB3\u0CB5-\u0CB9\u0CBC-\u0CC4\u0CC6-\u0CC8\u0CCA-\u0CCD\u0CD5\u0CD6\u0CDC-\u0CDE\u0CE0-\u0CE3\u0CF1-\u0CF3\u0D00-\u0D0C\u0D0E-\u0D10\u0D12-\u0D44\u0D46-\u0D48\u0D4A-\u0D4E\u0D54-\u0D57\u0D5F-\u0D63\u0D7A-\u0D7F\u0D81-\u0D83\u0D85-\u0D96\u0D9A-\u0DB1\u0DB3-\u0DBB\u0DBD\u0DC0-\u0DC6\u0DCA\u0DCF-\u0DD4\u0DD6\u0DD8-\u0DDF\u0DF2\u0DF3\u0E01-\u0E3A\u0E40-\u0E4E\u0E81\u0E82\u0E84\u0E86-\u0E8A\u0E8C-\u0EA3\u0EA5\u0EA7-\u0EBD\u0EC0-\u0EC4\u0EC6\u0EC8-\u0ECE\u0EDC-\u0EDF\u0F00\u0F18\u0F19\u0F35\u0F37\u0F39\u0F3E-\u0F47\u0F49-\u0F6C\u0F71-\u0F84\u0F86-\u0F97\u0F99-\u0FBC\u0FC6\u1000-\u103F\u1050-\u108F\u109A-\u109D\u10A0-\u10C5\u10C7\u10CD\u10D0-\u10FA\u10FC-\u1248\u124A-\u124D\u1250-\u1256\u1258\u125A-\u125D\u1260-\u1288\u128A-\u128D\u1290-\u12B0\u12B2-\u12B5\u12B8-\u12BE\u12C0\u12C2-\u12C5\u12C8-\u12D6\u12D8-\u1310\u1312-\u1315\u1318-\u135A\u135D-\u135F\u1380-\u138F\u13A0-\u13F5\u13F8-\u13FD\u1401-\u166C\u166F-\u167F\u1681-\u169A\u16A0-\u16EA\u16F1-\u16F8\u1700-\u1715\u171F-\u1734\u1740-\u1753\u1760-\u176C\u176E-\u1770\u1772\u1773\u1780-\u17D3\u17D7\u17DC\u17DD\u180B-\u180D\u180F\u1820-\u1878\u1880-\u18AA\u18B0-\u18F5\u1900-\u191E\u1920-\u192B\u1930-\u193B\u1950-\u196D\u1970-\u1974\u1980-\u19AB\u19B0-\u19C9\u1A00-\u1A1B\u1A20-\u1A5E\u1A60-\u1A7C\u1A7F\u1AA7\u1AB0-\u1ADD\u1AE0-\u1AEB\u1B00-\u1B4C\u1B6B-\u1B73\u1B80-\u1BAF\u1BBA-\u1BF3\u1C00-\u1C37\u1C4D-\u1C4F\u1C5A-\u1C7D\u1C80-\u1C8A\u1C90-\u1CBA\u1CBD-\u1CBF\u1CD0-\u1CD2\u1CD4-\u1CFA\u1D00-\u1F15\u1F18-\u1F1D\u1F20-\u1F45\u1F48-\u1F4D\u1F50-\u1F57\u1F59\u1F5B\u1F5D\u1F5F-\u1F7D\u1F80-\u1FB4\u1FB6-\u1FBC\u1FBE\u1FC2-\u1FC4\u1FC6-\u1FCC\u1FD0-\u1FD3\u1FD6-\u1FDB\u1FE0-\u1FEC\u1FF2-\u1FF4\u1FF6-\u1FFC\u2071\u207F\u2090-\u209C\u20D0-\u20F0\u2102\u2107\u210A-\u2113\u2115\u2119-\u211D\u2124\u2126\u2128\u212A-\u212D\u212F-\u2139\u213C-\u213F\u2145-\u2149\u214E\u2183\u2184\u2C00-\u2CE4\u2CEB-\u2CF3\u2D00-\u2D25\u2D27\u2D2D\u2D30-\u2D67\u2D6F\u2D7F-\u2D96\u2DA0-\u2DA6\u2DA8-\u2DAE\u2DB0-\u2DB6\u2DB8-\u2DBE\u2DC0-\u2DC6\u2DC8-\u2DCE\u2DD0-\u2DD6\u2DD8-\u2DDE\u2DE0-\u2DFF\u2E2F\u3005\u3006\u302A-\u302F\u3031-\u3035\u303B\u303C\u3041-\u3096\u3099\u309A\u309D-\u309F\u30A1-\u30FA\u30FC-\u30FF\u3105-\u312F\u3131-\u318E\u31A0-\u31BF\u31F0-\u31FF\u3400-\u4DBF\u4E00-\uA48C\uA4D0-\uA4FD\uA500-\uA60C\uA610-\uA61F\uA62A\uA62B\uA640-\uA672\uA674-\uA67D\uA67F-\uA6E5\uA6F0\uA6F1\uA717-\uA71F\uA722-\uA788\uA78B-\uA7DC\uA7F1-\uA827\uA82C\uA840-\uA873\uA880-\uA8C5\uA8E0-\uA8F7\uA8FB\uA8FD-\uA8FF\uA90A-\uA92D\uA930-\uA953\uA960-\uA97C\uA980-\uA9C0\uA9CF\uA9E0-\uA9EF\uA9FA-\uA9FE\uAA00-\uAA36\uAA40-\uAA4D\uAA60-\uAA76\uAA7A-\uAAC2\uAADB-\uAADD\uAAE0-\uAAEF\uAAF2-\uAAF6\uAB01-\uAB06\uAB09-\uAB0E\uAB11-\uAB16\uAB20-\uAB26\uAB28-\uAB2E\uAB30-\uAB5A\uAB5C-\uAB69\uAB70-\uABEA\uABEC\uABED\uAC00-\uD7A3\uD7B0-\uD7C6\uD7CB-\uD7FB\uF900-\uFA6D\uFA70-\uFAD9\uFB00-\uFB06\uFB13-\uFB17\uFB1D-\uFB28\uFB2A-\uFB36\uFB38-\uFB3C\uFB3E\uFB40\uFB41\uFB43\uFB44\uFB46-\uFBB1\uFBD3-\uFD3D\uFD50-\uFD8F\uFD92-\uFDC7\uFDF0-\uFDFB\uFE00-\uFE0F\uFE20-\uFE2F\uFE70-\uFE74\uFE76-\uFEFC\uFF21-\uFF3A\uFF41-\uFF5A\uFF66-\uFFBE\uFFC2-\uFFC7\uFFCA-\uFFCF\uFFD2-\uFFD7\uFFDA-\uFFDC\U00010000-\U0001000B\U0001000D-\U00010026\U00010028-\U0001003A\U0001003C\U0001003D\U0001003F-\U0001004D\U00010050-\U0001005D\U00010080-\U000100FA\U000101FD\U00010280-\U0001029C\U000102A0-\U000102D0\U000102E0\U00010300-\U0001031F\U0001032D-\U00010340\U00010342-\U00010349\U00010350-\U0001037A\U00010380-\U0001039D\U000103A0-\U000103C3\U000103C8-\U000103CF\U00010400-\U0001049D\U000104B0-\U000104D3\U000104D8-\U000104FB\U00010500-\U00010527\U00010530-\U00010563\U00010570-\U0001057A\U0001057C-\U0001058A\U0001058C-\U00010592\U00010594\U00010595\U00010597-\U000105A1\U000105A3-\U000105B1\U000105B3-\U000105B9\U000105BB\U000105BC\U000105C0-\U000105F3\U00010600-\U00010736\U00010740-\U00010755\U00010760-\U00010767\U00010780-\U00010785\U00010787-\U000107B0\U000107B2-\U000107BA\U00010800-\U00010805\U00010808\U0001080A-\U00010835\U00010837\U00010838\U0001083C\U0001083F-\U00010855\U00010860-\U00010876\U00010880-\U0001089E\U000108E0-\U000108F2\U000108F4\U000108F5\U00010900-\U00010915\U00010920-\U00010939\U00010940-\U00010959\U00010980-\U000109B7\U000109BE\U000109BF\U00010A00-\U00010A03\U00010A05\U00010A06\U00010A0C-\U00010A13\U00010A15-\U00010A17\U00010A19-\U00010A35\U00010A38-\U00010A3A\U00010A3F\U00010A60-\U00010A7C\U00010A80-\U00010A9C\U00010AC0-\U00010AC7\U00010AC9-\U00010AE6\U00010B00-\U00010B35\U00010B40-\U00010B55\U00010B60-\U00010B72\U00010B80-\U00010B91\U00010C00-\U00010C48\U00010C80-\U00010CB2\U00010CC0-\U00010CF2\U00010D00-\U00010D27\U00010D4A-\U00010D65\U00010D69-\U00010D6D\U00010D6F-\U00010D85\U00010E80-\U00010EA9\U00010EAB\U00010EAC\U00010EB0\U00010EB1\U00010EC2-\U00010EC7\U00010EFA-\U00010F1C\U00010F27\U00010F30-\U00010F50\U00010F70-\U00010F85\U00010FB0-\U00010FC4\U00010FE0-\U00010FF6\U00011000-\U00011046\U00011070-\U00011075\U0001107F-\U000110BA\U000110C2\U000110D0-\U000110E8\U00011100-\U00011134\U00011144-\U00011147\U00011150-\U00011173\U00011176\U00011180-\U000111C4\U000111C9-\U000111CC\U000111CE\U000111CF\U000111DA\U000111DC\U00011200-\U00011211\U00011213-\U00011237\U0001123E-\U00011241\U00011280-\U00011286\U00011288\U0001128A-\U0001128D\U0001128F-\U0001129D\U0001129F-\U000112A8\U000112B0-\U000112EA\U00011300-\U00011303\U00011305-\U0001130C\U0001130F\U00011310\U00011313-\U00011328\U0001132A-\U00011330\U00011332\U00011333\U00011335-\U00011339\U0001133B-\U00011344\U00011347\U00011348\U0001134B-\U0001134D\U00011350\U00011357\U0001135D-\U00011363\U00011366-\U0001136C\U00011370-\U00011374\U00011380-\U00011389\U0001138B\U0001138E\U00011390-\U000113B5\U000113B7-\U000113C0\U000113C2\U000113C5\U000113C7-\U000113CA\U000113CC-\U000113D3\U000113E1\U000113E2\U00011400-\U0001144A\U0001145E-\U00011461\U00011480-\U000114C5\U000114C7\U00011580-\U000115B5\U000115B8-\U000115C0\U000115D8-\U000115DD\U00011600-\U00011640\U00011644\U00011680-\U000116B8\U00011700-\U0001171A\U0001171D-\U0001172B\U00011740-\U00011746\U00011800-\U0001183A\U000118A0-\U000118DF\U000118FF-\U00011906\U00011909\U0001190C-\U00011913\U00011915\U00011916\U00011918-\U00011935\U00011937\U00011938\U0001193B-\U00011943\U000119A0-\U000119A7\U000119AA-\U000119D7\U000119DA-\U000119E1\U000119E3\U000119E4\U00011A00-\U00011A3E\U00011A47\U00011A50-\U00011A99\U00011A9D\U00011AB0-\U00011AF8\U00011B60-\U00011B67\U00011BC0-\U00011BE0\U00011C00-\U00011C08\U00011C0A-\U00011C36\U00011C38-\U00011C40\U00011C72-\U00011C8F\U00011C92-\U00011CA7\U00011CA9-\U00011CB6\U00011D00-\U00011D06\U00011D08\U00011D09\U00011D0B-\U00011D36\U00011D3A\U00011D3C\U00011D3D\U00011D3F-\U00011D47\U00011D60-\U00011D65\U00011D67\U00011D68\U00011D6A-\U00011D8E\U00011D90\U00011D91\U00011D93-\U00011D98\U00011DB0-\U00011DDB\U00011EE0-\U00011EF6\U00011F00-\U00011F10\U00011F12-\U00011F3A\U00011F3E-\U00011F42\U00011F5A\U00011FB0\U00012000-\U00012399\U00012480-\U00012543\U00012F90-\U00012FF0\U00013000-\U0001342F\U00013440-\U00013455\U00013460-\U000143FA\U00014400-\U00014646\U00016100-\U0001612F\U00016800-\U00016A38\U00016A40-\U00016A5E\U00016A70-\U00016ABE\U00016AD0-\U00016AED\U00016AF0-\U00016AF4\U00016B00-\U00016B36\U00016B40-\U00016B43\U00016B63-\U00016B77\U00016B7D-\U00016B8F\U00016D40-\U00016D6C\U00016E40-\U00016E7F\U00016EA0-\U00016EB8\U00016EBB-\U00016ED3\U00016F00-\U00016F4A\U00016F4F-\U00016F87\U00016F8F-\U00016F9F\U00016FE0\U00016FE1\U00016FE3\U00016FE4\U00016FF0-\U00016FF3\U00017000-\U00018CD5\U00018CFF-\U00018D1E\U00018D80-\U00018DF2\U0001AFF0-\U0001AFF3\U0001AFF5-\U0001AFFB\U0001AFFD\U0001AFFE\U0001B000-\U0001B122\U0001B132\U0001B150-\U0001B152\U0001B155\U0001B164-\U0001B167\U0001B170-\U0001B2FB\U0001BC00-\U0001BC6A\U0001BC70-\U0001BC7C\U0001BC80-\U0001BC88\U0001BC90-\U0001BC99\U0001BC9D\U0001BC9E\U0001CF00-\U0001CF2D\U0001CF30-\U0001CF46\U0001D165-\U0001D169\U0001D16D-\U0001D172\U0001D17B-\U0001D182\U0001D185-\U0001D18B\U0001D1AA-\U0001D1AD\U0001D242-\U0001D244\U0001D400-\U0001D454\U0001D456-\U0001D49C\U0001D49E\U0001D49F\U0001D4A2\U0001D4A5\U0001D4A6\U0001D4A9-\U0001D4AC\U0001D4AE-\U0001D4B9\U0001D4BB\U0001D4BD-\U0001D4C3\U0001D4C5-\U0001D505\U0001D507-\U0001D50A\U0001D50D-\U0001D514\U0001D516-\U0001D51C\U0001D51E-\U0001D539\U0001D53B-\U0001D53E\U0001D540-\U0001D544\U0001D546\U0001D54A-\U0001D550\U0001D552-\U0001D6A5\U0001D6A8-\U0001D6C0\U0001D6C2-\U0001D6DA\U0001D6DC-\U0001D6FA\U0001D6FC-\U0001D714\U0001D716-\U0001D734\U0001D736-\U0001D74E\U0001D750-\U0001D76E\U0001D770-\U0001D788\U0001D78A-\U0001D7A8\U0001D7AA-\U0001D7C2\U0001D7C4-\U0001D7CB\U0001DA00-\U0001DA36\U0001DA3B-\U0001DA6C\U0001DA75\U0001DA84\U0001DA9B-\U0001DA9F\U0001DAA1-\U0001DAAF\U0001DF00-\U0001DF1E\U0001DF25-\U0001DF2A\U0001E000-\U0001E006\U0001E008-\U0001E018\U0001E01B-\U0001E021\U0001E023\U0001E024\U0001E026-\U0001E02A\U0001E030-\U0001E06D\U0001E08F\U0001E100-\U0001E12C\U0001E130-\U0001E13D\U0001E14E\U0001E290-\U0001E2AE\U0001E2C0-\U0001E2EF\U0001E4D0-\U0001E4EF\U0001E5D0-\U0001E5F0\U0001E6C0-\U0001E6DE\U0001E6E0-\U0001E6F5\U0001E6FE\U0001E6FF\U0001E7E0-\U0001E7E6\U0001E7E8-\U0001E7EB\U0001E7ED\U0001E7EE\U0001E7F0-\U0001E7FE\U0001E800-\U0001E8C4\U0001E8D0-\U0001E8D6\U0001E900-\U0001E94B\U0001EE00-\U0001EE03\U0001EE05-\U0001EE1F\U0001EE21\U0001EE22\U0001EE24\U0001EE27\U0001EE29-\U0001EE32\U0001EE34-\U0001EE37\U0001EE39\U0001EE3B\U0001EE42\U0001EE47\U0001EE49\U0001EE4B\U0001EE4D-\U0001EE4F\U0001EE51\U0001EE52\U0001EE54\U0001EE57\U0001EE59\U0001EE5B\U0001EE5D\U0001EE5F\U0001EE61\U0001EE62\U0001EE64\U0001EE67-\U0001EE6A\U0001EE6C-\U0001EE72\U0001EE74-\U0001EE77\U0001EE79-\U0001EE7C\U0001EE7E\U0001EE80-\U0001EE89\U0001EE8B-\U0001EE9B\U0001EEA1-\U0001EEA3\U0001EEA5-\U0001EEA9\U0001EEAB-\U0001EEBB\U00020000-\U0002A6DF\U0002A700-\U0002B81D\U0002B820-\U0002CEAD\U0002CEB0-\U0002EBE0\U0002EBF0-\U0002EE5D\U0002F800-\U0002FA1D\U00030000-\U0003134A\U00031350-\U00033479\U000E0100-\U000E01EF ''\u2019\u02BC.\u2010\u00B7\u30FB-]+$'
       and value ~ '[^\u0300-\u036F\u0483-\u0489\u0591-\u05BD\u05BF\u05C1\u05C2\u05C4\u05C5\u05C7\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06DC\u06DF-\u06E4\u06E7\u06E8\u06EA-\u06ED\u0711\u0730-\u074A\u07A6-\u07B0\u07EB-\u07F3\u07FD\u0816-\u0819\u081B-\u0823\u0825-\u0827\u0829-\u082D\u0859-\u085B\u0897-\u089F\u08CA-\u08E1\u08E3-\u0903\u093A-\u093C\u093E-\u094F\u0951-\u0957\u0962\u0963\u0981-\u0983\u09BC\u09BE-\u09C4\u09C7\u09C8\u09CB-\u09CD\u09D7\u09E2\u09E3\u09FE\u0A01-\u0A03\u0A3C\u0A3E-\u0A42\u0A47\u0A48\u0A4B-\u0A4D\u0A51\u0A70\u0A71\u0A75\u0A81-\u0A83\u0ABC\u0ABE-\u0AC5\u0AC7-\u0AC9\u0ACB-\u0ACD\u0AE2\u0AE3\u0AFA-\u0AFF\u0B01-\u0B03\u0B3C\u0B3E-\u0B44\u0B47\u0B48\u0B4B-\u0B4D\u0B55-\u0B57\u0B62\u0B63\u0B82\u0BBE-\u0BC2\u0BC6-\u0BC8\u0BCA-\u0BCD\u0BD7\u0C00-\u0C04\u0C3C\u0C3E-\u0C44\u0C46-\u0C48\u0C4A-\u0C4D\u0C55\u0C56\u0C62\u0C63\u0C81-\u0C83\u0CBC\u0CBE-\u0CC4\u0CC6-\u0CC8\u0CCA-\u0CCD\u0CD5\u0CD6\u0CE2\u0CE3\u0CF3\u0D00-\u0D03\u0D3B\u0D3C\u0D3E-\u0D44\u0D46-\u0D48\u0D4A-\u0D4D\u0D57\u0D62\u0D63\u0D81-\u0D83\u0DCA\u0DCF-\u0DD4\u0DD6\u0DD8-\u0DDF\u0DF2\u0DF3\u0E31\u0E34-\u0E3A\u0E47-\u0E4E\u0EB1\u0EB4-\u0EBC\u0EC8-\u0ECE\u0F18\u0F19\u0F35\u0F37\u0F39\u0F3E\u0F3F\u0F71-\u0F84\u0F86\u0F87\u0F8D-\u0F97\u0F99-\u0FBC\u0FC6\u102B-\u103E\u1056-\u1059\u105E-\u1060\u1062-\u1064\u1067-\u106D\u1071-\u1074\u1082-\u108D\u108F\u109A-\u109D\u135D-\u135F\u1712-\u1715\u1732-\u1734\u1752\u1753\u1772\u1773\u17B4-\u17D3\u17DD\u180B-\u180D\u180F\u1885\u1886\u18A9\u1920-\u192B\u1930-\u193B\u1A17-\u1A1B\u1A55-\u1A5E\u1A60-\u1A7C\u1A7F\u1AB0-\u1ADD\u1AE0-\u1AEB\u1B00-\u1B04\u1B34-\u1B44\u1B6B-\u1B73\u1B80-\u1B82\u1BA1-\u1BAD\u1BE6-\u1BF3\u1C24-\u1C37\u1CD0-\u1CD2\u1CD4-\u1CE8\u1CED\u1CF4\u1CF7-\u1CF9\u1DC0-\u1DFF\u20D0-\u20F0\u2CEF-\u2CF1\u2D7F\u2DE0-\u2DFF\u302A-\u302F\u3099\u309A\uA66F-\uA672\uA674-\uA67D\uA69E\uA69F\uA6F0\uA6F1\uA802\uA806\uA80B\uA823-\uA827\uA82C\uA880\uA881\uA8B4-\uA8C5\uA8E0-\uA8F1\uA8FF\uA926-\uA92D\uA947-\uA953\uA980-\uA983\uA9B3-\uA9C0\uA9E5\uAA29-\uAA36\uAA43\uAA4C\uAA4D\uAA7B-\uAA7D\uAAB0\uAAB2-\uAAB4\uAAB7\uAAB8\uAABE\uAABF\uAAC1\uAAEB-\uAAEF\uAAF5\uAAF6\uABE3-\uABEA\uABEC\uABED\uFB1E\uFE00-\uFE0F\uFE20-\uFE2F\U000101FD\U000102E0\U00010376-\U0001037A\U00010A01-\U00010A03\U00010A05\U00010A06\U00010A0C-\U00010A0F\U00010A38-\U00010A3A\U00010A3F\U00010AE5\U00010AE6\U00010D24-\U00010D27\U00010D69-\U00010D6D\U00010EAB\U00010EAC\U00010EFA-\U00010EFF\U00010F46-\U00010F50\U00010F82-\U00010F85\U00011000-\U00011002\U00011038-\U00011046\U00011070\U00011073\U00011074\U0001107F-\U00011082\U000110B0-\U000110BA\U000110C2\U00011100-\U00011102\U00011127-\U00011134\U00011145\U00011146\U00011173\U00011180-\U00011182\U000111B3-\U000111C0\U000111C9-\U000111CC\U000111CE\U000111CF\U0001122C-\U00011237\U0001123E\U00011241\U000112DF-\U000112EA\U00011300-\U00011303\U0001133B\U0001133C\U0001133E-\U00011344\U00011347\U00011348\U0001134B-\U0001134D\U00011357\U00011362\U00011363\U00011366-\U0001136C\U00011370-\U00011374\U000113B8-\U000113C0\U000113C2\U000113C5\U000113C7-\U000113CA\U000113CC-\U000113D0\U000113D2\U000113E1\U000113E2\U00011435-\U00011446\U0001145E\U000114B0-\U000114C3\U000115AF-\U000115B5\U000115B8-\U000115C0\U000115DC\U000115DD\U00011630-\U00011640\U000116AB-\U000116B7\U0001171D-\U0001172B\U0001182C-\U0001183A\U00011930-\U00011935\U00011937\U00011938\U0001193B-\U0001193E\U00011940\U00011942\U00011943\U000119D1-\U000119D7\U000119DA-\U000119E0\U000119E4\U00011A01-\U00011A0A\U00011A33-\U00011A39\U00011A3B-\U00011A3E\U00011A47\U00011A51-\U00011A5B\U00011A8A-\U00011A99\U00011B60-\U00011B67\U00011C2F-\U00011C36\U00011C38-\U00011C3F\U00011C92-\U00011CA7\U00011CA9-\U00011CB6\U00011D31-\U00011D36\U00011D3A\U00011D3C\U00011D3D\U00011D3F-\U00011D45\U00011D47\U00011D8A-\U00011D8E\U00011D90\U00011D91\U00011D93-\U00011D97\U00011EF3-\U00011EF6\U00011F00\U00011F01\U00011F03\U00011F34-\U00011F3A\U00011F3E-\U00011F42\U00011F5A\U00013440\U00013447-\U00013455\U0001611E-\U0001612F\U00016AF0-\U00016AF4\U00016B30-\U00016B36\U00016F4F\U00016F51-\U00016F87\U00016F8F-\U00016F92\U00016FE4\U00016FF0\U00016FF1\U0001BC9D\U0001BC9E\U0001CF00-\U0001CF2D\U0001CF30-\U0001CF46\U0001D165-\U0001D169\U0001D16D-\U0001D172\U0001D17B-\U0001D182\U0001D185-\U0001D18B\U0001D1AA-\U0001D1AD\U0001D242-\U0001D244\U0001DA00-\U0001DA36\U0001DA3B-\U0001DA6C\U0001DA75\U0001DA84\U0001DA9B-\U0001DA9F\U0001DAA1-\U0001DAAF\U0001E000-\U0001E006\U0001E008-\U0001E018\U0001E01B-\U0001E021\U0001E023\U0001E024\U0001E026-\U0001E02A\U0001E08F\U0001E130-\U0001E136\U0001E2AE\U0001E2EC-\U0001E2EF\U0001E4EC-\U0001E4EF\U0001E5EE\U0001E5EF\U0001E6E3\U0001E6E6\U0001E6EE\U0001E6EF\U0001E6F5\U0001E8D0-\U0001E8D6\U0001E944-\U0001E94A\U000E0100-\U000E01EF ''\u2019\u02BC.\u2010\u00B7\u30FB-]'
       and value !~ '[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8\U0001BCA0-\U0001BCA3\U0001D173-\U0001D17A\U000E0000-\U000E0FFF]'
       and value !~ '\.[^ ''\u2019\u02BC.\u2010\u00B7\u30FB-]{2}'
  $$;
comment on function private.is_person_name(text) is
  'True for a name: letters and marks of any script, spaces, apostrophes, hyphens, dots; a letter; nothing invisible; nothing like a domain.';

revoke all on function private.is_time_slot(text), private.is_email(text), private.is_filled(text, integer),
  private.forbidden_in_line(text), private.forbidden_in_message(text), private.is_blank(text),
  private.mail_address_pattern(), private.is_mail_address(text), private.looks_blank(text),
  private.is_person_name(text) from public;
grant execute on function private.is_time_slot(text), private.is_email(text), private.is_filled(text, integer),
  private.forbidden_in_line(text), private.forbidden_in_message(text), private.is_blank(text),
  private.mail_address_pattern(), private.is_mail_address(text), private.looks_blank(text),
  private.is_person_name(text) to anon, service_role;
-- The advisor's check (advisor_valid) runs with the inserting role's rights too.
grant execute on function private.advisor_ids() to anon, authenticated;

-- ---------------------------------------------------------------------------------------
-- The tables. One row per appointment request and per contact message, for all of their
-- life: the columns after the visitor's own are set by the functions of
-- …_appointments.sql, never by the site (anon's column grant
-- below names the visitor's columns only).

create table public.appointment_requests (
  -- Made by the browser, so a retry after a failed e-mail finds the same row.
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  first_name text not null
    constraint first_name_valid check (private.is_filled(first_name, 100))
    constraint first_name_characters check (not private.forbidden_in_line(first_name) and not private.is_blank(first_name))
    constraint first_name_is_a_name check (private.is_person_name(first_name)),
  last_name text not null
    constraint last_name_valid check (private.is_filled(last_name, 100))
    constraint last_name_characters check (not private.forbidden_in_line(last_name) and not private.is_blank(last_name))
    constraint last_name_is_a_name check (private.is_person_name(last_name)),
  email text not null
    constraint email_valid check (private.is_email(email))
    constraint email_characters check (not private.forbidden_in_line(email))
    constraint email_is_an_address check (private.is_mail_address(email)),
  phone text not null
    constraint phone_valid check (private.is_filled(phone, 32))
    constraint phone_characters check (not private.forbidden_in_line(phone) and not private.is_blank(phone))
    constraint phone_shows_text check (not private.looks_blank(phone)),
  service text not null constraint service_valid check (
    service in ('Schlafberatung', 'Follow-up Termin', 'Schlafberatung & Beratung zu Hause')
  ),
  preferred_date date not null,
  preferred_time text constraint preferred_time_valid check (preferred_time is null or private.is_time_slot(preferred_time)),
  alternative_date date,
  alternative_time text constraint alternative_time_valid check (alternative_time is null or private.is_time_slot(alternative_time)),
  message text
    constraint message_valid check (message is null or private.is_filled(message, 5000))
    constraint message_characters check (not private.forbidden_in_message(message) and not private.is_blank(message))
    constraint message_shows_text check (message is null or not private.looks_blank(message)),

  -- The lifecycle (…_appointments.sql, docs/appointment-lifecycle.md).
  status text not null default 'requested'
    constraint status_valid check (status in ('requested', 'confirmed', 'declined', 'cancelled')),
  -- The slot the practice confirmed (the preferred or the alternative one, or a moved one).
  confirmed_date date,
  confirmed_time text
    constraint confirmed_time_valid check (confirmed_time is null or private.is_time_slot(confirmed_time)),
  -- The practice's note to the visitor when it declines (optional).
  staff_note text
    constraint staff_note_valid check (
      staff_note is null
      or (private.is_filled(staff_note, 1000) and not private.forbidden_in_message(staff_note) and not private.is_blank(staff_note))
    )
    constraint staff_note_shows_text check (staff_note is null or not private.looks_blank(staff_note)),
  -- RFC 5545 SEQUENCE of the appointment's calendar entry: 0 is the practice's tentative
  -- entry of the request, raised by the confirmation, a move and a cancellation, so every
  -- calendar takes each file as newer than the one before (RFC 5546 3.2.2).
  calendar_sequence integer not null default 0,
  decided_at timestamptz,
  cancelled_at timestamptz,

  -- Moves: the latest wish to move: null (never asked), requested (the practice has to
  -- decide), confirmed (the appointment moved to move_date/move_time) or declined (it stayed).
  move_status text
    constraint move_status_valid check (move_status in ('requested', 'confirmed', 'declined')),
  move_date date,
  move_time text
    constraint move_time_valid check (move_time is null or private.is_time_slot(move_time)),
  -- How many moves were asked for; a move link carries the number it was made for.
  move_count integer not null default 0,
  move_requested_at timestamptz,
  move_decided_at timestamptz,
  -- The slot before the last confirmed move (the visitor's mail says it is off).
  moved_from_date date,
  moved_from_time text,

  -- Which visitor-facing state's mails are due: null while the request is open; then
  -- 'confirmed', 'declined', 'cancelled', and for a confirmed appointment's latest move
  -- 'move-requested:<n>', 'move-declined:<n>', 'moved:<n>'. A new key owes its mails (an
  -- outbox row, …_outbox.sql). move_count::text, not text || integer: that operator is only
  -- stable, and a generated column needs an immutable expression (PostgreSQL 15 and PGlite
  -- alike).
  outcome_key text generated always as (
    case status
      when 'declined' then 'declined'
      when 'cancelled' then 'cancelled'
      when 'confirmed' then case
        when move_status is null then 'confirmed'
        when move_status = 'requested' then 'move-requested:' || move_count::text
        when move_status = 'declined' then 'move-declined:' || move_count::text
        else 'moved:' || move_count::text
      end
    end
  ) stored,

  -- Capacity (…_appointments.sql; supabase/functions/_shared/domain/capacity.ts is the
  -- rule): which advisor sees the visitor once confirmed, and how long the appointment
  -- takes (from its service when it is stored: a later change of the catalogue does not
  -- stretch appointments already made).
  advisor text
    constraint advisor_valid check (advisor is null or advisor = any (private.advisor_ids())),
  appointment_minutes integer not null
    constraint appointment_minutes_valid check (appointment_minutes is null or appointment_minutes between 5 and 600),
  -- The span a confirmed (or cancelled) appointment occupies on the practice's wall clock,
  -- [start, start + length). Wall-clock time: the slots are daytime, far from a change of
  -- summer time, and the practice's day is the only one counted.
  occupies tsrange generated always as (
    case when confirmed_date is not null and confirmed_time is not null then
      tsrange(confirmed_date + private.clock(confirmed_time),
              confirmed_date + private.clock(confirmed_time) + make_interval(mins => appointment_minutes))
    end
  ) stored,

  -- A time without its day says nothing the practice can book (the form asks for the day).
  constraint alternative_time_needs_date check (alternative_time is null or alternative_date is not null),
  constraint slot_when_confirmed check (
    (status in ('confirmed', 'cancelled')) = (confirmed_date is not null and confirmed_time is not null)
  ),
  constraint move_slot_when_moving check (move_status is null or (move_date is not null and move_time is not null)),
  -- No advisor in two confirmed appointments that overlap, under any concurrency (SQLSTATE
  -- 23P01). With two advisors the practice holds at most two appointments at once.
  constraint advisor_one_at_a_time
    exclude using gist (advisor with =, occupies with &&) where (status = 'confirmed')
);
comment on table public.appointment_requests is 'Appointment requests from /termin-vereinbaren. Deleted 12 months after creation.';

-- By index rather than by reading the table: requests by age (the retention job), and an
-- address's requests in time order.
create index appointment_requests_email_created on public.appointment_requests (lower(email), created_at);
create index appointment_requests_created on public.appointment_requests (created_at);

create table public.contact_submissions (
  -- Made by the browser (as appointment requests' ids are): sending the same message again
  -- stores no second row and mails it once.
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  name text not null
    constraint name_valid check (private.is_filled(name, 201))
    constraint name_characters check (not private.forbidden_in_line(name) and not private.is_blank(name))
    constraint name_is_a_name check (private.is_person_name(name)),
  email text not null
    constraint email_valid check (private.is_email(email))
    constraint email_characters check (not private.forbidden_in_line(email))
    constraint email_is_an_address check (private.is_mail_address(email)),
  phone text
    constraint phone_valid check (phone is null or private.is_filled(phone, 32))
    constraint phone_characters check (not private.forbidden_in_line(phone) and not private.is_blank(phone))
    constraint phone_shows_text check (phone is null or not private.looks_blank(phone)),
  subject text
    constraint subject_valid check (subject is null or private.is_filled(subject, 200))
    constraint subject_characters check (not private.forbidden_in_line(subject) and not private.is_blank(subject))
    constraint subject_shows_text check (subject is null or not private.looks_blank(subject)),
  message text not null
    constraint message_valid check (private.is_filled(message, 5000))
    constraint message_characters check (not private.forbidden_in_message(message) and not private.is_blank(message))
    constraint message_shows_text check (not private.looks_blank(message))
);
comment on table public.contact_submissions is 'Messages from /kontakt. Deleted 12 months after creation.';

-- ---------------------------------------------------------------------------------------
-- What an insert must be besides its fields. Triggers fire in name order: a date that is
-- no day first, then a past date, then the booking rules (…_appointments.sql), so each
-- keeps its own refusal.

-- A date is a day. 'infinity' and '-infinity' are dates to Postgres; the booking rules
-- would do arithmetic with them and fail with Postgres's own words (0A000 "cannot convert
-- infinity to integer"). For every role.
create function private.reject_endless_appointment_dates() returns trigger
  language plpgsql
  set search_path = ''
  as $$
  begin
    if not isfinite(new.preferred_date) then
      raise exception using errcode = 'check_violation', constraint = 'preferred_date_is_a_day',
        message = 'preferred_date must be a calendar day', detail = 'preferred_date:not_a_day';
    end if;
    if new.alternative_date is not null and not isfinite(new.alternative_date) then
      raise exception using errcode = 'check_violation', constraint = 'alternative_date_is_a_day',
        message = 'alternative_date must be a calendar day', detail = 'alternative_date:not_a_day';
    end if;
    return new;
  end
  $$;

create trigger appointment_dates_are_days
  before insert on public.appointment_requests
  for each row execute function private.reject_endless_appointment_dates();

-- Dates in the past make no appointment. Checked on insert only: a stored request must
-- stay valid after its day has passed. Raised as a check violation (23514). Runs as its
-- owner: anon has no USAGE on schema private, and the body names private.practice_today().
create function private.reject_past_appointment_dates() returns trigger
  language plpgsql
  security definer
  set search_path = ''
  as $$
  begin
    if new.preferred_date < private.practice_today() then
      raise exception using errcode = 'check_violation', message = 'preferred_date is in the past',
        constraint = 'preferred_date_not_past';
    end if;
    if new.alternative_date is not null and new.alternative_date < private.practice_today() then
      raise exception using errcode = 'check_violation', message = 'alternative_date is in the past',
        constraint = 'alternative_date_not_past';
    end if;
    return new;
  end
  $$;

create trigger appointment_dates_not_past
  before insert on public.appointment_requests
  for each row execute function private.reject_past_appointment_dates();

-- One row per anon insert. Checked after the statement, on all the rows it inserted, for
-- the API's public roles (PostgREST and the local stack switch to them with SET LOCAL
-- ROLE, so current_user is the caller's role). The service role, and so the edge
-- functions, are not limited.
create function private.one_appointment_per_insert() returns trigger
  language plpgsql
  set search_path = ''
  as $$
  declare
    rows_inserted bigint;
  begin
    if current_user in ('anon', 'authenticated') then
      select count(*) into rows_inserted from inserted;
      if rows_inserted > 1 then
        raise exception using
          errcode = 'check_violation',
          constraint = 'one_appointment_per_request',
          message = 'An appointment request is sent one at a time',
          detail = format('The request tried to store %s rows.', rows_inserted);
      end if;
    end if;
    return null;
  end
  $$;

create trigger appointment_requests_one_per_insert
  after insert on public.appointment_requests
  referencing new table as inserted
  for each statement execute function private.one_appointment_per_insert();

revoke all on function private.reject_endless_appointment_dates(), private.reject_past_appointment_dates(),
  private.one_appointment_per_insert() from public;
grant execute on function private.reject_past_appointment_dates() to anon, service_role;

-- ---------------------------------------------------------------------------------------
-- Rate limits, kept in Postgres so they hold across function instances.
create table public.rate_limit_events (
  bucket text not null,
  key text not null,
  created_at timestamptz not null default now()
);
create index rate_limit_events_lookup on public.rate_limit_events (bucket, key, created_at);
comment on table public.rate_limit_events is 'One row per counted event; keys are hashed, rows older than a day are removed.';

-- Counts one event for (bucket, key) if fewer than max_events happened within the
-- window; returns 0 when counted, else the seconds until the next event is allowed.
-- Serialised per key with an advisory lock so parallel calls cannot both slip through.
create function public.take_rate_limit(p_bucket text, p_key text, p_max_events integer, p_window_seconds integer)
  returns integer
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    window_start timestamptz := now() - make_interval(secs => p_window_seconds);
    recent integer;
    oldest timestamptz;
  begin
    perform pg_advisory_xact_lock(hashtextextended(p_bucket || ':' || p_key, 0));
    delete from public.rate_limit_events
      where bucket = p_bucket and key = p_key and created_at < now() - interval '1 day';
    select count(*), min(created_at) into recent, oldest
      from public.rate_limit_events
      where bucket = p_bucket and key = p_key and created_at > window_start;
    if recent >= p_max_events then
      return greatest(1, ceil(extract(epoch from (oldest + make_interval(secs => p_window_seconds) - now()))))::integer;
    end if;
    insert into public.rate_limit_events (bucket, key) values (p_bucket, p_key);
    return 0;
  end
  $$;

-- Gives back the newest event of a bucket: a practice mail is charged to the daily cap
-- only once it went out (the functions take the event before sending and give it back
-- when the send failed).
create function public.refund_rate_limit(p_bucket text, p_key text) returns void
  language sql
  security invoker
  set search_path = ''
  as $$
    delete from public.rate_limit_events
      where ctid = (select ctid from public.rate_limit_events
                      where bucket = p_bucket and key = p_key
                      order by created_at desc limit 1)
  $$;

-- The client address as the API gateway reports it in the request headers PostgREST
-- copies into request.headers: CF-Connecting-IP where Cloudflare sets it (hosted
-- Supabase), else the first entry of X-Forwarded-For (what the edge functions use; the
-- local stack and `supabase start`'s Kong set it). Null outside an API request. An IPv6
-- address becomes its /64 network ('2001:db8:1:2::/64', one subscriber's prefix), an
-- IPv4-mapped one its IPv4 address. Text that is not an address is kept as it is
-- (lower-cased, 100 characters), so a garbled header is still one bucket and never "no
-- limit". A caller can write X-Forwarded-For, so the per-client limit is a brake, not a
-- wall.
create function private.request_client() returns text
  language plpgsql stable
  set search_path = ''
  as $$
  declare
    headers jsonb := coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb;
    raw text := nullif(lower(left(btrim(coalesce(
                  nullif(btrim(headers ->> 'cf-connecting-ip'), ''),
                  split_part(headers ->> 'x-forwarded-for', ',', 1))), 100)), '');
    address inet;
  begin
    if raw is null then
      return null;
    end if;
    begin
      address := raw::inet;
    exception when others then
      return raw;
    end;
    if family(address) = 6 and host(address) ~ '^::ffff:\d+\.\d+\.\d+\.\d+$' then
      return substr(host(address), 8);
    end if;
    if family(address) = 6 then
      return host(network(set_masklen(address, 64))) || '/64';
    end if;
    return host(address);
  end
  $$;

-- Client addresses are counted in rate_limit_events only as salted SHA-256 hashes, like
-- the functions' (whose salt the database does not know); the salt is made here once.
create table private.rate_limit_salt (
  only_row boolean primary key default true check (only_row),
  salt text not null
);
comment on table private.rate_limit_salt is 'Secret salt for hashing client addresses in rate_limit_events (database side).';
insert into private.rate_limit_salt (salt) values (gen_random_uuid()::text || gen_random_uuid()::text);
revoke all on private.rate_limit_salt from public, anon, authenticated, service_role;

create function private.client_rate_key(client text) returns text
  language sql stable
  set search_path = ''
  as $$
    select encode(sha256(convert_to(s.salt || ':' || client, 'UTF8')), 'hex') from private.rate_limit_salt s
  $$;

-- The network a client (private.request_client) belongs to, for the limit per day: an
-- IPv6 /64 by its /48 (what one site is usually given: 65,536 /64s), anything else as it
-- is (networkKey in rate-limit.ts).
create function private.client_network(client text) returns text
  language plpgsql immutable
  set search_path = ''
  as $$
  begin
    if client is null or client !~ '/64$' then
      return client;
    end if;
    return host(network(set_masklen(client::inet, 48))) || '/48';
  exception when others then
    return client;
  end
  $$;

-- A whole number > 0 from a setting's text, else the default (readConfig in config.ts
-- takes the default, with a warning, for anything else too).
create function private.positive_setting(value text, fallback integer) returns integer
  language sql immutable parallel safe
  set search_path = ''
  as $$
    select case when btrim(value) ~ '^[0-9]{1,9}$' and btrim(value)::integer > 0 then btrim(value)::integer else fallback end
  $$;

-- The booking insert's per-client limits from the functions' settings (names as Vault
-- secrets: rate_limit_max, rate_limit_window_seconds, rate_limit_daily_max, daily_mail_cap;
-- absent ones take the functions' defaults), as requestLimits in rate-limit.ts computes
-- them (the contract test compares both).
create function private.booking_client_limits_of(settings jsonb,
    out window_max integer, out window_seconds integer, out day_max integer)
  language sql immutable parallel safe
  set search_path = ''
  as $$
    select private.positive_setting(settings ->> 'rate_limit_max', 5),
           private.positive_setting(settings ->> 'rate_limit_window_seconds', 600),
           greatest(1, least(private.positive_setting(settings ->> 'rate_limit_daily_max', 20),
                             private.positive_setting(settings ->> 'daily_mail_cap', 200) / 20))
  $$;

-- The limits in force: the settings stored in Vault (the local stack stores the functions'
-- own at every start, start-stack.ts VAULT_SETTINGS; a hosted project stores them only if
-- it changes them), else the defaults.
create function private.booking_client_limits(out window_max integer, out window_seconds integer, out day_max integer)
  language sql stable
  security definer
  set search_path = ''
  as $$
    select l.window_max, l.window_seconds, l.day_max
      from private.booking_client_limits_of((
        select coalesce(jsonb_object_agg(s.name, s.decrypted_secret), '{}'::jsonb) from vault.decrypted_secrets s
         where s.name in ('rate_limit_max', 'rate_limit_window_seconds', 'rate_limit_daily_max', 'daily_mail_cap'))) l
  $$;

revoke all on function public.take_rate_limit(text, text, integer, integer),
  public.refund_rate_limit(text, text) from public, anon, authenticated;
grant execute on function public.take_rate_limit(text, text, integer, integer),
  public.refund_rate_limit(text, text) to service_role;
revoke all on function private.request_client(), private.client_rate_key(text), private.client_network(text),
  private.positive_setting(text, integer), private.booking_client_limits_of(jsonb), private.booking_client_limits() from public;
grant execute on function private.request_client(), private.client_rate_key(text), private.client_network(text),
  private.positive_setting(text, integer), private.booking_client_limits_of(jsonb), private.booking_client_limits() to service_role;

-- ---------------------------------------------------------------------------------------
-- Form proofs (a solved ALTCHA challenge, supabase/functions/_shared/form-proof.ts). Each
-- is accepted for one request only: the first request that presents it owns it; the same
-- request presenting it again (a retry of the same values) is let through, any other
-- request is refused. Rows live until the challenge expires, after which the proof is
-- refused for its age anyway.
create table public.used_form_proofs (
  -- The challenge's HMAC signature: unique per challenge the functions issued.
  signature text primary key constraint signature_is_hex check (signature ~ '^[0-9a-f]{64,128}$'),
  request_id uuid not null,
  expires_at timestamptz not null,
  -- 'passed' once the request passed the limits (it is not counted again), 'refused'
  -- while refused_until lies ahead; null: not judged yet.
  limits text constraint limits_valid check (limits in ('passed', 'refused')),
  refused_until timestamptz,
  -- Which proof stored a row: the one the insert bound to it. A later call may bind a
  -- fresh proof to the same id through claim_form_proof – the site's retry does – but
  -- that one stored nothing.
  stored_row boolean not null default false
);
create index used_form_proofs_expiry on public.used_form_proofs (expires_at);
comment on table public.used_form_proofs is
  'Form proofs already presented, with the request that presented them; removed once the challenge has expired.';
comment on column public.used_form_proofs.stored_row is
  'True when the proof stored its request''s row (the booking insert), not only presented it to a function.';

-- The functions' FORM_PROOF_SECRET, from Supabase Vault (deploy: docs/deploy.md; the local
-- stack stores it at every start). Null when it is not there: then no insert passes.
create function private.form_proof_secret() returns text
  language sql stable
  security definer
  set search_path = ''
  as $$ select decrypted_secret from vault.decrypted_secrets where name = 'form_proof_secret' limit 1 $$;

-- JSON.stringify of an object with its keys sorted (altcha-lib's canonicalJSON), for the
-- values a challenge holds: objects, strings, integers, booleans, null. jsonb prints
-- strings with JSON's escapes and integers as written; anything it would print
-- differently from JavaScript (1.0, 1e3) only makes the signature fail, never pass.
create function private.canonical_json(value jsonb) returns text
  language plpgsql immutable
  set search_path = ''
  as $$
  declare
    parts text;
  begin
    if jsonb_typeof(value) = 'object' then
      select string_agg(to_jsonb(e.key)::text || ':' || private.canonical_json(e.value), ',' order by e.key collate "C")
        into parts from jsonb_each(value) e;
      return '{' || coalesce(parts, '') || '}';
    end if;
    if jsonb_typeof(value) = 'array' then
      select string_agg(private.canonical_json(a.value), ',' order by a.n)
        into parts from jsonb_array_elements(value) with ordinality a(value, n);
      return '[' || coalesce(parts, '') || ']';
    end if;
    return value::text;
  end
  $$;

-- Lower-case hex HMAC-SHA-256 of a text or of bytes, as altcha-lib computes it.
create function private.hmac_hex(data bytea, secret text) returns text
  language sql immutable
  set search_path = ''
  as $$ select encode(extensions.hmac(data, convert_to(secret, 'UTF8'), 'sha256'), 'hex') $$;

-- The proof in an `x-form-proof` header, checked like the functions' checkProof
-- (supabase/functions/_shared/form-proof.ts, altcha-lib's verifySolution with a signed
-- derived key): returns the challenge's signature and expiry, or raises 42501 saying why.
create function private.checked_form_proof(header text, fn text)
  returns table (signature text, expires_at timestamptz)
  language plpgsql stable
  set search_path = ''
  as $$
  declare
    secret text := private.form_proof_secret();
    proof jsonb;
    parameters jsonb;
    derived_key text;
    counter jsonb;
    reason text;
  begin
    if header is null or btrim(header) = '' then
      reason := 'missing';
    elsif secret is null then
      reason := 'not_configured';
    elsif length(header) > 4096 or header !~ '^[A-Za-z0-9_-]+$' then
      reason := 'invalid';
    else
      begin
        proof := convert_from(decode(translate(header, '-_', '+/') || repeat('=', (4 - length(header) % 4) % 4), 'base64'), 'UTF8')::jsonb;
      exception when others then
        proof := null;
      end;
      parameters := proof -> 'challenge' -> 'parameters';
      derived_key := proof -> 'solution' ->> 'derivedKey';
      counter := proof -> 'solution' -> 'counter';
      if jsonb_typeof(parameters) is distinct from 'object'
         or jsonb_typeof(proof -> 'challenge' -> 'signature') is distinct from 'string'
         or jsonb_typeof(parameters -> 'keySignature') is distinct from 'string'
         or jsonb_typeof(parameters -> 'expiresAt') is distinct from 'number' then
        reason := 'invalid';
      elsif (parameters ->> 'expiresAt')::numeric < extract(epoch from now()) then
        reason := 'expired';
      elsif private.hmac_hex(convert_to(private.canonical_json(parameters), 'UTF8'), secret || '/challenge')
            is distinct from proof -> 'challenge' ->> 'signature' then
        reason := 'invalid';
      elsif derived_key is null or derived_key !~ '^([0-9a-f]{2})+$'
            or jsonb_typeof(counter) is distinct from 'number' or counter::text !~ '^\d{1,10}$'
            or counter::text::bigint > 4294967295
            or private.hmac_hex(decode(derived_key, 'hex'), secret || '/derived-key') is distinct from parameters ->> 'keySignature' then
        reason := 'invalid';
      elsif parameters -> 'data' ->> 'fn' is distinct from fn then
        reason := 'other_form';
      end if;
    end if;
    if reason is not null then
      raise exception using
        errcode = 'insufficient_privilege',
        message = 'A solved form proof is required',
        detail = format('x-form-proof: %s', reason),
        hint = 'Send the proof solved for send-appointment-email in the x-form-proof header.';
    end if;
    return query select proof -> 'challenge' ->> 'signature', to_timestamp((parameters ->> 'expiresAt')::numeric);
  end
  $$;

-- Binds the proof to the request presenting it first, and says what is known of it:
-- {"use": "fresh" | "same_request" | "used", "limits": "passed" | "refused" | null,
--  "retryAfterSeconds": n}. A refusal whose window has passed reads as not judged. It
-- also records that the request was reported (outbox_mails.request_reported_at of its
-- practice mail): a genuine proof for its id reached send-appointment-email. For a contact
-- message no appointment request has the id: nothing.
create function public.claim_form_proof(p_signature text, p_request_id uuid, p_expires_at timestamptz)
  returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    proof public.used_form_proofs;
  begin
    delete from public.used_form_proofs where expires_at < now() - interval '1 minute';
    insert into public.used_form_proofs (signature, request_id, expires_at)
      values (p_signature, p_request_id, p_expires_at)
      on conflict (signature) do nothing;
    if found then
      perform private.record_request_reported(p_request_id);
      return jsonb_build_object('use', 'fresh', 'limits', null, 'retryAfterSeconds', 0);
    end if;
    select * into proof from public.used_form_proofs u where u.signature = p_signature for update;
    if proof.request_id is distinct from p_request_id then
      return jsonb_build_object('use', 'used', 'limits', null, 'retryAfterSeconds', 0);
    end if;
    perform private.record_request_reported(p_request_id);
    if proof.limits = 'refused' and proof.refused_until > now() then
      return jsonb_build_object('use', 'same_request', 'limits', 'refused',
        'retryAfterSeconds', greatest(1, ceil(extract(epoch from proof.refused_until - now())))::integer);
    end if;
    return jsonb_build_object('use', 'same_request',
      'limits', case when proof.limits = 'passed' then 'passed' end, 'retryAfterSeconds', 0);
  end
  $$;

-- Records the limits' verdict on a proof's request: 0 → passed, n > 0 → refused for n seconds.
create function public.judge_form_proof(p_signature text, p_refused_for_seconds integer)
  returns void
  language sql
  security invoker
  set search_path = ''
  as $$
    update public.used_form_proofs
      set limits = case when p_refused_for_seconds > 0 then 'refused' else 'passed' end,
          refused_until = case when p_refused_for_seconds > 0 then now() + make_interval(secs => p_refused_for_seconds) end
      where signature = p_signature
  $$;

revoke all on function private.form_proof_secret(), private.canonical_json(jsonb), private.hmac_hex(bytea, text),
  private.checked_form_proof(text, text) from public;
revoke all on function public.claim_form_proof(text, uuid, timestamptz),
  public.judge_form_proof(text, integer) from public, anon, authenticated;
grant execute on function public.claim_form_proof(text, uuid, timestamptz),
  public.judge_form_proof(text, integer) to service_role;

-- ---------------------------------------------------------------------------------------
-- The insert policy's guard: a solved form proof, bound to the row (an insert without a
-- genuine proof counts against nobody's quota); one row per request – refused before any
-- counting, so a JSON array cannot make the guard count, lock and write once per row; then
-- per client 5 in 10 minutes and per client network 10 a day (skipped when no address is
-- known). Nothing per e-mail address (p_email is not read): what an insert is answered
-- does not depend on whether its address was seen before. Everything it records (the
-- proof's use, the counted events) rolls back with a refused insert, so an insert refused
-- by a limit is refused again when it is sent again.
-- Security definer because anon may not read the tables; it returns only a yes/no and
-- lives in the unexposed "private" schema. VOLATILE, so each count takes a fresh snapshot
-- and sees rows committed by the transactions it waited for. Requires READ COMMITTED,
-- PostgREST's and the local stack's isolation level for writes.
create function private.appointment_insert_allowed(p_id uuid, p_email text) returns boolean
  language plpgsql
  volatile
  security definer
  set search_path = ''
  as $$
  declare
    client text := private.request_client();
    limits record;
    proof record;
  begin
    if current_setting('private.appointment_guard', true) = 'used' then
      raise exception using
        errcode = 'check_violation',
        constraint = 'one_appointment_per_request',
        message = 'An appointment request is sent one at a time',
        detail = 'The request tried to store more than one row.';
    end if;
    perform set_config('private.appointment_guard', 'used', true);

    select * into proof from private.checked_form_proof(
      (coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb) ->> 'x-form-proof',
      'send-appointment-email');
    insert into public.used_form_proofs (signature, request_id, expires_at, limits, stored_row)
      values (proof.signature, p_id, proof.expires_at, 'passed', true)
      on conflict (signature) do nothing;
    -- Used before: only by this very row (the same request sent again, which its primary
    -- key then refuses with 23505, as the site expects of a retry) may it pass.
    if not found and not exists (
         select 1 from public.used_form_proofs u where u.signature = proof.signature and u.request_id = p_id) then
      raise exception using
        errcode = 'insufficient_privilege',
        message = 'A solved form proof is required',
        detail = 'x-form-proof: used',
        hint = 'Each proof stores one request; solve a new challenge.';
    end if;

    -- take_rate_limit serialises per key and counts the event; a refused or failed insert
    -- rolls the events back with everything else.
    select * into limits from private.booking_client_limits();
    if client is not null and (
         public.take_rate_limit('appointment_requests:client', private.client_rate_key(client),
                                limits.window_max, limits.window_seconds) > 0
         or public.take_rate_limit('appointment_requests:client-day', private.client_rate_key(private.client_network(client)),
                                   limits.day_max, 86400) > 0) then
      return false;
    end if;

    return true;
  end
  $$;
comment on function private.appointment_insert_allowed(uuid, text) is
  'Guard of the anon insert policy: a solved form proof, one row per request; 5 per client / 10 min, 10 per client network / day.';
revoke all on function private.appointment_insert_allowed(uuid, text) from public;
grant execute on function private.appointment_insert_allowed(uuid, text) to anon;

-- ---------------------------------------------------------------------------------------
-- Privileges: nothing for the public roles except what follows.
alter table public.appointment_requests enable row level security;
alter table public.contact_submissions enable row level security;
alter table public.rate_limit_events enable row level security;
alter table public.used_form_proofs enable row level security;

revoke all on public.appointment_requests, public.contact_submissions, public.rate_limit_events,
  public.used_form_proofs from anon, authenticated;
grant all on public.appointment_requests, public.contact_submissions, public.rate_limit_events,
  public.used_form_proofs to service_role;

-- anon: insert an appointment request, only the visitor's own columns (id, created_at
-- and every column after message are not theirs to set beyond the id).
grant insert (id, first_name, last_name, email, phone, service, preferred_date, preferred_time,
  alternative_date, alternative_time, message) on public.appointment_requests to anon;

create policy "Visitors can submit appointment requests"
  on public.appointment_requests
  for insert
  to anon
  with check (
    created_at > now() - interval '1 minute'
    and private.appointment_insert_allowed(id, email)
  );
