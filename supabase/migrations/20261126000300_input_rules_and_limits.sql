-- Input rules and limits that hold on every path (items 2–6;
-- docs/security-and-limits.md says what is promised and why).
--
-- The booking's REST insert is held to the function's rules: whatever a caller sends to
-- /rest/v1 with the site's key, the database stores only what send-appointment-email
-- would accept, counts it against the same per-client limit, and records what the outbox
-- needs to mark it truthfully.
--
-- 1. One address rule. private.is_mail_address is the grammar of the functions' and the
--    form's MAIL_ADDRESS_PATTERN (supabase/functions/_shared/domain/field-rules.ts; the
--    pattern text is the same, private.mail_address_pattern() answers it, and
--    tests/integration/contract.test.ts compares both, address by address).
-- 2. Names are names, blank is blank. private.is_person_name: letters and marks of any
--    script, spaces, apostrophes, hyphens, dots, middle dots; a letter; no invisible
--    (default-ignorable) character; no dot followed by two letters (nothing that reads as
--    a domain). private.looks_blank adds to private.is_blank the default-ignorable code
--    points (the Hangul fillers U+115F, U+1160, U+3164, U+FFA0 among them) and U+2800
--    BRAILLE PATTERN BLANK. The ranges are Unicode 17.0's (\p{L}, \p{M},
--    \p{Default_Ignorable_Code_Point} as Node 24 and Deno 2.9 know them), written out
--    because [[:alpha:]] depends on the server's locale; the contract test compares every
--    code point with the functions' rules.
-- 3. An alternative time needs its date; a date is a calendar day ('infinity' is refused
--    with our own message, before any rule does arithmetic with it).
-- 4. The booking insert's limits are the functions': per client RATE_LIMIT_MAX (5) in
--    RATE_LIMIT_WINDOW_SECONDS (600; IPv6 per /64) and per client network (IPv6 per /48) the
--    smaller of RATE_LIMIT_DAILY_MAX (20) and a twentieth of DAILY_MAIL_CAP (200) a day: 10.
--    The database reads these settings from Vault where they are stored (the local stack
--    stores the functions' own, as it does FORM_PROOF_SECRET; a hosted project stores them
--    only if it changes them), else the functions' defaults (private.booking_client_limits;
--    the contract test compares with requestLimits in rate-limit.ts). No limit per e-mail
--    address any more: a limit that refuses an
--    address answers whether the address was used a moment ago, to anyone who asks
--   . What one mailbox receives is bounded by the acknowledgement's
--    limits (one an hour per mailbox), what the practice receives by the daily cap.
-- 5. Discarding a stored request (send-appointment-email with the honeypot filled) needs
--    the form proof that stored it (used_form_proofs.stored_row: bound by the insert, not
--    by a later call that presented another proof for the same id).
-- 6. What the outbox marks: reported_at (the site's call to send-appointment-email came:
--    the function was shown a genuine proof for this request id) and send_failed_at (a
--    claim on the practice mail ended without the mail: the provider failed, the daily cap
--    held it back, the sender died). «[Verspätet]» only with send_failed_at; a request
--    never reported is marked for checking instead (the honeypot and the speed check were
--    never made) and not acknowledged (request-emails.ts, pendingRequestMails).
--
-- Refusals, as the API reports them (PostgREST and the local stack alike):
--   a value the rules refuse       23514 check_violation (constraint named) → HTTP 400
--   a date that is no day          23514, constraint preferred_date_is_a_day / alternative_…
--   a per-client limit reached     42501 (RLS policy)                       → HTTP 401

-- ---------------------------------------------------------------------------------------
-- 1. + 2. The rules, as functions the CHECKs call (immutable: they depend on nothing else).

-- The address grammar (field-rules.ts, MAIL_ADDRESS_PATTERN), character for character.
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
-- letters or marks.
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

-- The checks call them with the inserting role's rights (by OID: anon needs no USAGE on private).
revoke all on function private.mail_address_pattern(), private.is_mail_address(text), private.looks_blank(text),
  private.is_person_name(text) from public;
grant execute on function private.mail_address_pattern(), private.is_mail_address(text), private.looks_blank(text),
  private.is_person_name(text) to anon, service_role;

-- Added NOT VALID (new and changed rows are checked at once), then validated where the
-- stored rows allow it; a row stored before with such a value keeps its constraint
-- unvalidated instead of failing the deployment, and the notice says which. The older
-- checks (email_valid, *_characters) stay: these only narrow them.
alter table public.appointment_requests
  add constraint first_name_is_a_name check (private.is_person_name(first_name)) not valid,
  add constraint last_name_is_a_name check (private.is_person_name(last_name)) not valid,
  add constraint email_is_an_address check (private.is_mail_address(email)) not valid,
  add constraint phone_shows_text check (not private.looks_blank(phone)) not valid,
  add constraint message_shows_text check (message is null or not private.looks_blank(message)) not valid,
  add constraint staff_note_shows_text check (staff_note is null or not private.looks_blank(staff_note)) not valid,
  -- 3. A time without its day says nothing the practice can book (the form asks for the day).
  add constraint alternative_time_needs_date check (alternative_time is null or alternative_date is not null) not valid;

alter table public.contact_submissions
  add constraint name_is_a_name check (private.is_person_name(name)) not valid,
  add constraint email_is_an_address check (private.is_mail_address(email)) not valid,
  add constraint phone_shows_text check (phone is null or not private.looks_blank(phone)) not valid,
  add constraint subject_shows_text check (subject is null or not private.looks_blank(subject)) not valid,
  add constraint message_shows_text check (not private.looks_blank(message)) not valid;

do $$
declare
  c record;
begin
  for c in
    select conrelid::regclass as tbl, conname
      from pg_constraint
     where conrelid in ('public.appointment_requests'::regclass, 'public.contact_submissions'::regclass)
       and conname in ('first_name_is_a_name', 'last_name_is_a_name', 'name_is_a_name', 'email_is_an_address',
                       'phone_shows_text', 'subject_shows_text', 'message_shows_text', 'staff_note_shows_text',
                       'alternative_time_needs_date')
       and not convalidated
  loop
    begin
      execute format('alter table %s validate constraint %I', c.tbl, c.conname);
    exception when check_violation then
      raise notice 'Constraint % on % left NOT VALID: stored rows violate it.', c.conname, c.tbl;
    end;
  end loop;
end
$$;

-- ---------------------------------------------------------------------------------------
-- 3. A date is a day. 'infinity' and '-infinity' are dates to Postgres; the booking rules
-- would do arithmetic with them and fail with Postgres's own words (0A000 "cannot convert
-- infinity to integer"). This trigger fires before every other one on the insert (triggers
-- fire in name order), for every role.
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
revoke all on function private.reject_endless_appointment_dates() from public;

create trigger appointment_dates_are_days
  before insert on public.appointment_requests
  for each row execute function private.reject_endless_appointment_dates();

-- ---------------------------------------------------------------------------------------
-- 4. The insert's limits.

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
-- absent ones take the functions' defaults), as requestLimits in rate-limit.ts computes them.
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
-- own at every start, start-stack.ts VAULT_SETTINGS), else the defaults.
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
revoke all on function private.positive_setting(text, integer), private.booking_client_limits_of(jsonb),
  private.booking_client_limits(), private.client_network(text) from public;
grant execute on function private.positive_setting(text, integer), private.booking_client_limits_of(jsonb),
  private.booking_client_limits(), private.client_network(text) to service_role;

-- The policy's guard (same name and signature, so the policy and its grant stay): a solved
-- form proof, bound to the row; one row per request; then per client 5 in 10 minutes and
-- per client network 10 a day. Nothing per e-mail address (p_email is no longer read):
-- what an insert is answered does not depend on whether its address was seen before.
-- Everything it records rolls back with a refused insert.
create or replace function private.appointment_insert_allowed(p_id uuid, p_email text) returns boolean
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

-- ---------------------------------------------------------------------------------------
-- 5. A bot's request is discarded only with the proof that stored it: nobody can remove
-- another's request. Which proof stored a row: the one the insert bound to it (stored_row;
-- a later call may bind a fresh proof to the same id through claim_form_proof – the site's
-- retry does – but that one stored nothing). The old signature goes: it asked for no proof.
alter table public.used_form_proofs
  add column stored_row boolean not null default false;
comment on column public.used_form_proofs.stored_row is
  'True when the proof stored its request''s row (the booking insert), not only presented it to a function.';

create function public.discard_appointment_request(p_id uuid, p_email text, p_proof text) returns void
  language sql
  security invoker
  set search_path = ''
  as $$
    delete from public.appointment_requests a
      where a.id = p_id and a.email = p_email and a.notified_at is null and a.notify_claimed_at is null
        and exists (select 1 from public.used_form_proofs u
                     where u.signature = p_proof and u.request_id = p_id and u.stored_row);
  $$;
drop function public.discard_appointment_request(uuid, text);
revoke all on function public.discard_appointment_request(uuid, text, text) from public, anon, authenticated;
grant execute on function public.discard_appointment_request(uuid, text, text) to service_role;

-- ---------------------------------------------------------------------------------------
-- 6. What the outbox needs to mark a mail truthfully.
--
-- reported_at: the site's second step came – send-appointment-email was shown a genuine
-- proof for this request id (claim_form_proof). Null: stored over REST and never reported
-- (a script, or a browser that died between the steps). Rows stored before this migration
-- count as reported (the column's default fills them, then goes).
alter table public.appointment_requests add column reported_at timestamptz default now();
alter table public.appointment_requests alter column reported_at drop default;
comment on column public.appointment_requests.reported_at is
  'When send-appointment-email was first shown a genuine form proof for this request; null: never reported.';

-- send_failed_at: when a claim on the practice mail first ended without the mail (released
-- after a failed send or the daily cap, or lapsed and taken over). Null: never failed, so
-- the mail is not late for a failure. Rows not mailed when this migration runs count as
-- failed once (what the outbox assumed of every row until now).
alter table public.appointment_requests add column send_failed_at timestamptz;
alter table public.contact_submissions add column send_failed_at timestamptz;
comment on column public.appointment_requests.send_failed_at is
  'When a claim on the practice mail first ended without the mail; the outbox marks the mail «[Verspätet]» only then.';
comment on column public.contact_submissions.send_failed_at is
  'When a claim on the practice mail first ended without the mail; the outbox marks the mail «[Verspätet]» only then.';
update public.appointment_requests set send_failed_at = now() where notified_at is null;
update public.contact_submissions set send_failed_at = now() where mailed_at is null;

-- A claim ends without the mail when notify_claimed_at is cleared or set anew (a lapsed
-- claim taken over) while the mail is still not out. Whoever ends it (the form functions,
-- the outbox, the finish functions of any version), the row remembers it.
create function private.record_failed_request_send() returns trigger
  language plpgsql
  set search_path = ''
  as $$
  begin
    if old.notify_claimed_at is not null and new.notify_claimed_at is distinct from old.notify_claimed_at
       and new.notified_at is null and new.send_failed_at is null then
      new.send_failed_at := now();
    end if;
    return new;
  end
  $$;
create function private.record_failed_contact_send() returns trigger
  language plpgsql
  set search_path = ''
  as $$
  begin
    if old.notify_claimed_at is not null and new.notify_claimed_at is distinct from old.notify_claimed_at
       and new.mailed_at is null and new.send_failed_at is null then
      new.send_failed_at := now();
    end if;
    return new;
  end
  $$;
revoke all on function private.record_failed_request_send(), private.record_failed_contact_send() from public;

create trigger practice_mail_failures_recorded
  before update of notify_claimed_at on public.appointment_requests
  for each row execute function private.record_failed_request_send();
create trigger practice_mail_failures_recorded
  before update of notify_claimed_at on public.contact_submissions
  for each row execute function private.record_failed_contact_send();

-- claim_form_proof (20261124000000_insert_proof_and_limits.sql, same signature and grants)
-- now also records that the request was reported: a genuine proof for its id reached
-- send-appointment-email. For a contact message no appointment row has the id: nothing.
create or replace function public.claim_form_proof(p_signature text, p_request_id uuid, p_expires_at timestamptz)
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
      update public.appointment_requests set reported_at = now() where id = p_request_id and reported_at is null;
      return jsonb_build_object('use', 'fresh', 'limits', null, 'retryAfterSeconds', 0);
    end if;
    select * into proof from public.used_form_proofs u where u.signature = p_signature for update;
    if proof.request_id is distinct from p_request_id then
      return jsonb_build_object('use', 'used', 'limits', null, 'retryAfterSeconds', 0);
    end if;
    update public.appointment_requests set reported_at = now() where id = p_request_id and reported_at is null;
    if proof.limits = 'refused' and proof.refused_until > now() then
      return jsonb_build_object('use', 'same_request', 'limits', 'refused',
        'retryAfterSeconds', greatest(1, ceil(extract(epoch from proof.refused_until - now())))::integer);
    end if;
    return jsonb_build_object('use', 'same_request',
      'limits', case when proof.limits = 'passed' then 'passed' end, 'retryAfterSeconds', 0);
  end
  $$;
