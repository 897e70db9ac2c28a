-- Exactly once under a slow mail provider (docs/appointment-lifecycle.md,
-- «Exactly once, and what remains»).
--
-- A mail is claimed through its row's claim column (notify_claimed_at,
-- outcome_mail_claimed_at, reminder_claimed_at; a claim older than two minutes has lapsed
-- and may be taken by the next sender). Until now the claim was a timestamp only, and the
-- functions that end it (finish_*) did not ask whose it was: a run whose claim had lapsed
-- and been taken by another still marked the row, or released the other's claim.
--
-- 1. Every claim carries a token of its own: a uuid, new whenever a claim column is set to
--    a new time, cleared when it is cleared (a trigger, so every claim function –
--    claim_appointment_notification, claim_contact_notification, claim_outcome_mail,
--    claim_pending_mail – hands it out with the row it returns, unchanged).
-- 2. The finish functions take the token and act only while it is still the row's: they
--    answer 'finished', or 'lost' and change nothing (the claim lapsed and another sender
--    holds it, or it was ended otherwise). The functions log a lost claim.
-- 3. claim_contact_mail: claim_contact_notification with the token (that one answers text).
--
-- The functions claim one mail right before they send it and never start a send that could
-- outlast the claim (supabase/functions/_shared/mail/budget.ts): no second sender while the
-- first may still be sending, however slow the provider.

-- ---------------------------------------------------------------------------------------
-- 1. The tokens. Not in anon's column grants: the site cannot set or read them.
alter table public.appointment_requests
  add column notify_claim uuid,
  add column outcome_mail_claim uuid,
  add column reminder_claim uuid;
alter table public.contact_submissions
  add column notify_claim uuid;

comment on column public.appointment_requests.notify_claim is
  'Token of the current claim on the practice mail (notify_claimed_at); finish_appointment_notification must name it.';
comment on column public.appointment_requests.outcome_mail_claim is
  'Token of the current claim on the state''s mails (outcome_mail_claimed_at); finish_outcome_mail must name it.';
comment on column public.appointment_requests.reminder_claim is
  'Token of the current claim on the reminder (reminder_claimed_at); finish_reminder must name it.';
comment on column public.contact_submissions.notify_claim is
  'Token of the current claim on the practice mail (notify_claimed_at); finish_contact_notification must name it.';

-- A claim column set to a new time is a new claim: a new token. Cleared: no token.
create function private.stamp_request_claims() returns trigger
  language plpgsql
  set search_path = ''
  as $$
  begin
    if new.notify_claimed_at is null then
      new.notify_claim := null;
    elsif tg_op = 'INSERT' or new.notify_claimed_at is distinct from old.notify_claimed_at then
      new.notify_claim := gen_random_uuid();
    end if;
    if new.outcome_mail_claimed_at is null then
      new.outcome_mail_claim := null;
    elsif tg_op = 'INSERT' or new.outcome_mail_claimed_at is distinct from old.outcome_mail_claimed_at then
      new.outcome_mail_claim := gen_random_uuid();
    end if;
    if new.reminder_claimed_at is null then
      new.reminder_claim := null;
    elsif tg_op = 'INSERT' or new.reminder_claimed_at is distinct from old.reminder_claimed_at then
      new.reminder_claim := gen_random_uuid();
    end if;
    return new;
  end
  $$;

create function private.stamp_contact_claim() returns trigger
  language plpgsql
  set search_path = ''
  as $$
  begin
    if new.notify_claimed_at is null then
      new.notify_claim := null;
    elsif tg_op = 'INSERT' or new.notify_claimed_at is distinct from old.notify_claimed_at then
      new.notify_claim := gen_random_uuid();
    end if;
    return new;
  end
  $$;
revoke all on function private.stamp_request_claims(), private.stamp_contact_claim() from public;

create trigger mail_claims_stamped
  before insert or update on public.appointment_requests
  for each row execute function private.stamp_request_claims();
create trigger mail_claim_stamped
  before insert or update on public.contact_submissions
  for each row execute function private.stamp_contact_claim();

-- ---------------------------------------------------------------------------------------
-- 2. Finishing a claim needs its token. The old signatures are dropped: a finish that
-- cannot say whose claim it ends is what let a run that lost its claim change the row.

-- Sent → the message is marked mailed; not sent → the claim is released so that a retry or
-- the outbox can mail it. 'lost': not this caller's claim (any more); nothing changed.
drop function public.finish_contact_notification(uuid, boolean);
create function public.finish_contact_notification(p_id uuid, p_claim uuid, p_sent boolean) returns text
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  begin
    update public.contact_submissions
      set mailed_at = case when p_sent then now() else mailed_at end,
          notify_claimed_at = null
      where id = p_id and notify_claim = p_claim and mailed_at is null;
    return case when found then 'finished' else 'lost' end;
  end
  $$;

-- Sent → notified_at is set for good; not sent → the claim is released, the row stays
-- "stored, not yet mailed". 'lost' as above.
drop function public.finish_appointment_notification(uuid, boolean);
create function public.finish_appointment_notification(p_id uuid, p_claim uuid, p_sent boolean) returns text
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  begin
    update public.appointment_requests
      set notified_at = case when p_sent then now() else null end,
          notify_claimed_at = case when p_sent then notify_claimed_at else null end
      where id = p_id and notify_claim = p_claim and notified_at is null;
    return case when found then 'finished' else 'lost' end;
  end
  $$;

-- Sent records the mails of p_key (the outcome_key they were written for; if the request
-- changed meanwhile, its own mails are still to send); not sent releases the claim.
drop function public.finish_outcome_mail(uuid, text, boolean);
create function public.finish_outcome_mail(p_id uuid, p_key text, p_claim uuid, p_sent boolean) returns text
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  begin
    update public.appointment_requests a
      set outcome_mail_claimed_at = null,
          outcome_mailed_for = case when p_sent then p_key else a.outcome_mailed_for end
      where a.id = p_id and a.outcome_mail_claim = p_claim;
    return case when found then 'finished' else 'lost' end;
  end
  $$;

drop function public.finish_reminder(uuid, boolean);
create function public.finish_reminder(p_id uuid, p_claim uuid, p_sent boolean) returns text
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  begin
    update public.appointment_requests a
      set reminder_claimed_at = null,
          reminded_at = case when p_sent then now() else a.reminded_at end
      where a.id = p_id and a.reminder_claim = p_claim;
    return case when found then 'finished' else 'lost' end;
  end
  $$;

-- ---------------------------------------------------------------------------------------
-- 3. The contact form's claim with its token: {status, claim}; claim is null unless
-- 'claimed'. claim_contact_notification (which answers text) is called as it is, so it
-- stays the one definition of storing and claiming a message.
create function public.claim_contact_mail(
  p_id uuid,
  p_name text,
  p_email text,
  p_phone text,
  p_subject text,
  p_message text
) returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    status text;
    token uuid;
  begin
    status := public.claim_contact_notification(p_id, p_name, p_email, p_phone, p_subject, p_message);
    if status = 'claimed' then
      -- The row is locked by this transaction since the claim: the token read is the claim's.
      select c.notify_claim into token from public.contact_submissions c where c.id = p_id;
    end if;
    return jsonb_build_object('status', status, 'claim', token);
  end
  $$;

-- ---------------------------------------------------------------------------------------
-- Privileges: the service role only.
revoke all on function public.finish_contact_notification(uuid, uuid, boolean),
  public.finish_appointment_notification(uuid, uuid, boolean),
  public.finish_outcome_mail(uuid, text, uuid, boolean),
  public.finish_reminder(uuid, uuid, boolean),
  public.claim_contact_mail(uuid, text, text, text, text, text) from public, anon, authenticated;
grant execute on function public.finish_contact_notification(uuid, uuid, boolean),
  public.finish_appointment_notification(uuid, uuid, boolean),
  public.finish_outcome_mail(uuid, text, uuid, boolean),
  public.finish_reminder(uuid, uuid, boolean),
  public.claim_contact_mail(uuid, text, text, text, text, text) to service_role;
