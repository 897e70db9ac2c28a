-- Server-verified proofs and idempotent contact messages.
--
-- 1. Each form proof (a solved ALTCHA challenge, supabase/functions/_shared/form-proof.ts)
--    is accepted for one request only: the first request that presents it owns it; the
--    same request presenting it again (a retry of the same values) is let through, any
--    other request is refused. Rows live until the challenge expires, after which the
--    proof is refused for its age anyway.
-- 2. A contact message carries an id made by the browser (as appointment requests do):
--    sending the same message again stores no second row and mails it once. A message
--    whose e-mail went out answers "already_notified", one being mailed right now
--    "in_progress", one stored but not yet mailed can be claimed again at any age.
--
-- Both are called by the edge functions with a secret key (service_role) only.

-- ---------------------------------------------------------------------------------------
-- 1. Used proofs.
create table public.used_form_proofs (
  -- The challenge's HMAC signature: unique per challenge the functions issued.
  signature text primary key constraint signature_is_hex check (signature ~ '^[0-9a-f]{64,128}$'),
  request_id uuid not null,
  expires_at timestamptz not null
);
create index used_form_proofs_expiry on public.used_form_proofs (expires_at);
comment on table public.used_form_proofs is
  'Form proofs already presented, with the request that presented them; removed once the challenge has expired.';

-- 'fresh' (first use, now owned by p_request_id), 'same_request' (presented again by the
-- request that owns it) or 'used' (owned by another request: refuse).
create function public.use_form_proof(p_signature text, p_request_id uuid, p_expires_at timestamptz)
  returns text
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    owner uuid;
  begin
    delete from public.used_form_proofs where expires_at < now() - interval '1 minute';
    insert into public.used_form_proofs (signature, request_id, expires_at)
      values (p_signature, p_request_id, p_expires_at)
      on conflict (signature) do nothing;
    if found then
      return 'fresh';
    end if;
    select u.request_id into owner from public.used_form_proofs u where u.signature = p_signature;
    return case when owner = p_request_id then 'same_request' else 'used' end;
  end
  $$;

alter table public.used_form_proofs enable row level security;
revoke all on public.used_form_proofs from anon, authenticated;
revoke all on function public.use_form_proof(text, uuid, timestamptz) from public, anon, authenticated;
grant all on public.used_form_proofs to service_role;
grant execute on function public.use_form_proof(text, uuid, timestamptz) to service_role;

-- ---------------------------------------------------------------------------------------
-- 2. Contact messages, once.
alter table public.contact_submissions
  -- Set while send-contact-email is mailing, so two calls cannot both send.
  add column notify_claimed_at timestamptz;

-- Stores the message under the browser's id unless it is already there, and claims it
-- for its e-mail: 'claimed' (mail it now), 'already_notified', 'in_progress' (another
-- call is mailing it; a claim older than two minutes has lapsed) or 'conflict' (the id
-- belongs to a different message).
create function public.claim_contact_notification(
  p_id uuid,
  p_name text,
  p_email text,
  p_phone text,
  p_subject text,
  p_message text
) returns text
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    existing public.contact_submissions;
  begin
    insert into public.contact_submissions (id, name, email, phone, subject, message, notify_claimed_at)
      values (p_id, p_name, p_email, p_phone, p_subject, p_message, now())
      on conflict (id) do nothing;
    if found then
      return 'claimed';
    end if;
    select * into existing from public.contact_submissions c where c.id = p_id for update;
    if existing.name is distinct from p_name or existing.email is distinct from p_email
      or existing.phone is distinct from p_phone or existing.subject is distinct from p_subject
      or existing.message is distinct from p_message then
      return 'conflict';
    end if;
    if existing.mailed_at is not null then
      return 'already_notified';
    end if;
    if existing.notify_claimed_at >= now() - interval '2 minutes' then
      return 'in_progress';
    end if;
    update public.contact_submissions set notify_claimed_at = now() where id = p_id;
    return 'claimed';
  end
  $$;

-- Ends a claim: sent → the message is marked mailed; not sent → the claim is released so
-- that a retry can mail it.
create function public.finish_contact_notification(p_id uuid, p_sent boolean)
  returns void
  language sql
  security invoker
  set search_path = ''
  as $$
    update public.contact_submissions
      set mailed_at = case when p_sent then now() else mailed_at end,
          notify_claimed_at = null
      where id = p_id;
  $$;

revoke all on function public.claim_contact_notification(uuid, text, text, text, text, text) from public, anon, authenticated;
revoke all on function public.finish_contact_notification(uuid, boolean) from public, anon, authenticated;
grant execute on function public.claim_contact_notification(uuid, text, text, text, text, text),
  public.finish_contact_notification(uuid, boolean) to service_role;
