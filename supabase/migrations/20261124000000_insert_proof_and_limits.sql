-- Limits that hold, and an insert that carries its proof (docs/architecture.md).
--
-- 1. The REST insert into appointment_requests needs the form proof the browser solved for
--    send-appointment-email, in the request header `x-form-proof` (base64url of the JSON
--    `{ challenge, solution }` that the function receives as `altcha`). Postgres checks it
--    before the row is stored: the challenge's signature (HMAC with the functions'
--    FORM_PROOF_SECRET, read from Supabase Vault as 'form_proof_secret'), its expiry, the
--    function it was issued for and the solution (the derived key's signature); then it
--    binds the proof to the row's id (public.used_form_proofs), so it stores one row at
--    most. The function then accepts the same proof for that request's e-mail.
-- 2. A proof remembers what the limits said about its request: a request refused by a
--    limit is refused again when it is sent again (until the limit's window has passed,
--    when it is counted afresh); only one that passed is let through without counting.
-- 3. IPv6 clients are counted per /64 (one subscriber's prefix), IPv4 per address.
-- 4. The per-client limit of the insert also holds per day (30), so that no single
--    client can use up the practice's daily mail budget (200) on its own.
-- 5. A practice mail is charged to the daily cap only once it went out: the functions take
--    the event before sending and give it back when the send failed (refund_rate_limit).
-- 6. anon has no USAGE on schema private any more: check constraints and the policy refer
--    to their functions by OID (no name lookup, so no USAGE needed); the one function
--    body anon ran that named a private function now runs as its owner.
--
-- Refusals, as the API reports them (PostgREST and the local stack alike):
--   no proof, a forged, expired or foreign one   42501 insufficient_privilege → HTTP 401 (anon)
--   a proof already used for another request     42501                        → HTTP 401
--   a limit of the flood guard reached           42501 (RLS policy)           → HTTP 401

-- ---------------------------------------------------------------------------------------
-- pgcrypto: HMAC. Hosted Supabase has it installed in schema "extensions" already.
create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;

-- ---------------------------------------------------------------------------------------
-- 6. private is not anon's.
--
-- The trigger that refuses past dates ran as the inserting role and named
-- private.practice_today(); it now runs as its owner.
alter function private.reject_past_appointment_dates() security definer;
revoke usage on schema private from anon;

-- ---------------------------------------------------------------------------------------
-- 3. The client address, IPv6 per /64.
--
-- The same headers as before (CF-Connecting-IP, else the first X-Forwarded-For entry);
-- an IPv6 address becomes its /64 network ('2001:db8:1:2::/64'), an IPv4-mapped one its
-- IPv4 address. Text that is not an address is kept as it is (lower-cased, 100
-- characters), so a garbled header is still one bucket and never "no limit".
create or replace function private.request_client() returns text
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
revoke all on function private.request_client() from public;
grant execute on function private.request_client() to service_role;

-- ---------------------------------------------------------------------------------------
-- 1. The proof, checked by Postgres.

-- The functions' FORM_PROOF_SECRET, from Supabase Vault (deploy: docs/deploy.md; the local
-- stack stores it at every start). Null when it is not there: then no insert passes.
create function private.form_proof_secret() returns text
  language sql stable
  security definer
  set search_path = ''
  as $$ select decrypted_secret from vault.decrypted_secrets where name = 'form_proof_secret' limit 1 $$;
revoke all on function private.form_proof_secret() from public;

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
revoke all on function private.canonical_json(jsonb), private.hmac_hex(bytea, text),
  private.checked_form_proof(text, text) from public;

-- ---------------------------------------------------------------------------------------
-- 2. What the limits said about a proof's request.
alter table public.used_form_proofs
  -- 'passed' once the request passed the limits (it is not counted again), 'refused'
  -- while refused_until lies ahead; null: not judged yet.
  add column limits text constraint limits_valid check (limits in ('passed', 'refused')),
  add column refused_until timestamptz;

-- Binds the proof to the request presenting it first, and says what is known of it:
-- {"use": "fresh" | "same_request" | "used", "limits": "passed" | "refused" | null,
--  "retryAfterSeconds": n}. A refusal whose window has passed reads as not judged.
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
      return jsonb_build_object('use', 'fresh', 'limits', null, 'retryAfterSeconds', 0);
    end if;
    select * into proof from public.used_form_proofs u where u.signature = p_signature for update;
    if proof.request_id is distinct from p_request_id then
      return jsonb_build_object('use', 'used', 'limits', null, 'retryAfterSeconds', 0);
    end if;
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

-- The old answer ('fresh' / 'same_request' / 'used') let a refused request through when
-- it came again; the functions now call claim_form_proof.
drop function public.use_form_proof(text, uuid, timestamptz);

revoke all on function public.claim_form_proof(text, uuid, timestamptz),
  public.judge_form_proof(text, integer) from public, anon, authenticated;
grant execute on function public.claim_form_proof(text, uuid, timestamptz),
  public.judge_form_proof(text, integer) to service_role;

-- ---------------------------------------------------------------------------------------
-- 5. Gives back the newest event of a bucket: a mail that was charged but did not go out.
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
revoke all on function public.refund_rate_limit(text, text) from public, anon, authenticated;
grant execute on function public.refund_rate_limit(text, text) to service_role;

-- ---------------------------------------------------------------------------------------
-- 1. + 4. The insert policy's guard, now with the row's id: the proof first (an insert
-- without a genuine proof counts against nobody's quota), then one row per request, then
-- 5 per e-mail address in 10 minutes, 20 per client an hour and 30 a day. Everything it
-- records (the proof's use, the counted events) rolls back with a refused insert, so an
-- insert refused by a limit is refused again when it is sent again.
create function private.appointment_insert_allowed(p_id uuid, p_email text) returns boolean
  language plpgsql
  volatile
  security definer
  set search_path = ''
  as $$
  declare
    address text := lower(coalesce(p_email, ''));
    client text := private.request_client();
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
    insert into public.used_form_proofs (signature, request_id, expires_at, limits)
      values (proof.signature, p_id, proof.expires_at, 'passed')
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

    perform pg_advisory_xact_lock(hashtextextended('appointment_requests:email:' || address, 0));
    if (select count(*) from public.appointment_requests
          where lower(email) = address and created_at > now() - interval '10 minutes') >= 5 then
      return false;
    end if;

    if client is not null and (
         public.take_rate_limit('appointment_requests:client', private.client_rate_key(client), 20, 3600) > 0
         or public.take_rate_limit('appointment_requests:client-day', private.client_rate_key(client), 30, 86400) > 0) then
      return false;
    end if;

    return true;
  end
  $$;
comment on function private.appointment_insert_allowed(uuid, text) is
  'Guard of the anon insert policy: a solved form proof, one row per request; 5 per address / 10 min, 20 per client / h and 30 / day.';
revoke all on function private.appointment_insert_allowed(uuid, text) from public;
grant execute on function private.appointment_insert_allowed(uuid, text) to anon;

drop policy "Visitors can submit appointment requests" on public.appointment_requests;
create policy "Visitors can submit appointment requests"
  on public.appointment_requests
  for insert
  to anon
  with check (
    notified_at is null
    and notify_claimed_at is null
    and created_at > now() - interval '1 minute'
    and private.appointment_insert_allowed(id, email)
  );
drop function private.appointment_insert_allowed(text);
