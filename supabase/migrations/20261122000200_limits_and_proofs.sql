-- Limits and proofs: what keeps one client from spending what genuine visitors share
-- (docs/security-and-limits.md).
--
-- 1. Rate limits, counted in Postgres (public.rate_limit_events) so they hold across function
--    instances: the functions' per-client and per-network limits, the daily cap on practice
--    mails, the acknowledgements' limits, the newsletter's budget – and the booking insert's
--    limits (…_appointment_requests.sql, private.appointment_insert_allowed). Client
--    addresses are counted only as salted hashes; events are kept a day (a window longer
--    than a day keeps its own for that window: a mailbox's one newsletter confirmation
--    mail in 30 days).
-- 2. Form proofs (a solved ALTCHA challenge): each is accepted for one request only
--    (public.used_form_proofs), and remembers what the limits said about that request.
--
-- Everything here is the service role's; the insert's guard reaches it as its owner.

-- ---------------------------------------------------------------------------------------
-- Rate limits, kept in Postgres so they hold across function instances.
create table public.rate_limit_events (
  bucket text not null,
  key text not null,
  created_at timestamptz not null default now()
);
create index rate_limit_events_lookup on public.rate_limit_events (bucket, key, created_at);
comment on table public.rate_limit_events is 'One row per counted event; keys are hashed, rows older than a day (or a longer window: 30 days for newsletter-confirm) are removed.';

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
      where bucket = p_bucket and key = p_key
        and created_at < now() - greatest(interval '1 day', make_interval(secs => p_window_seconds));
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
-- absent ones take the functions' defaults), as submissionLimits in rate-limit.ts computes
-- them (the contract test compares both).
create function private.submission_limits_of(settings jsonb,
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
create function private.submission_limits(out window_max integer, out window_seconds integer, out day_max integer)
  language sql stable
  security definer
  set search_path = ''
  as $$
    select l.window_max, l.window_seconds, l.day_max
      from private.submission_limits_of((
        select coalesce(jsonb_object_agg(s.name, s.decrypted_secret), '{}'::jsonb) from vault.decrypted_secrets s
         where s.name in ('rate_limit_max', 'rate_limit_window_seconds', 'rate_limit_daily_max', 'daily_mail_cap'))) l
  $$;

revoke all on function public.take_rate_limit(text, text, integer, integer),
  public.refund_rate_limit(text, text) from public, anon, authenticated;
grant execute on function public.take_rate_limit(text, text, integer, integer),
  public.refund_rate_limit(text, text) to service_role;
revoke all on function private.request_client(), private.client_rate_key(text), private.client_network(text),
  private.positive_setting(text, integer), private.submission_limits_of(jsonb), private.submission_limits() from public;
grant execute on function private.request_client(), private.client_rate_key(text), private.client_network(text),
  private.positive_setting(text, integer), private.submission_limits_of(jsonb), private.submission_limits() to service_role;

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
  -- Which proof stored a row: the one the insert bound to it, or whose newsletter
  -- subscription was done (newsletter_subscribe: a proof subscribes once). A later call may
  -- bind a fresh proof to the same id through claim_form_proof – the site's retry does –
  -- but that one stored nothing.
  stored_row boolean not null default false
);
create index used_form_proofs_expiry on public.used_form_proofs (expires_at);
comment on table public.used_form_proofs is
  'Form proofs already presented, with the request that presented them; removed once the challenge has expired.';
comment on column public.used_form_proofs.stored_row is
  'True when the proof stored its request''s row (the booking insert, a newsletter subscription), not only presented it to a function.';

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

-- Privileges of the tables: the service role only.
alter table public.rate_limit_events enable row level security;
alter table public.used_form_proofs enable row level security;
revoke all on public.rate_limit_events, public.used_form_proofs from anon, authenticated;
grant all on public.rate_limit_events, public.used_form_proofs to service_role;
