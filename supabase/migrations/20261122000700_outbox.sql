-- The outbox: every mail the system owes – about an appointment request, a contact message
-- or a newsletter address – is one row of public.outbox_mails (docs/backend.md, «The
-- outbox»). The request, contact and subscriber tables hold what the visitor sent and its
-- state, nothing about mails: a row here is written in the same transaction as the change
-- that owes it, claimed by public.claim_mail (or claim_due_mail, the outbox's run), and
-- ended by public.finish_mail.
--
-- Which rows a change owes (the triggers below):
--   a contact message is stored          contact/<id>/practice       the practice's mail
--   an appointment request is stored     request/<id>/practice       the practice's mail
--   the request's outcome_key changes    outcome/<id>/<outcome_key>  the state's mails (the
--                                        visitor's, and the practice's copy where the state
--                                        has one: outcome-mails.ts); the earlier state's
--                                        unsent row is superseded
--   an appointment is confirmed or moved reminder/<id>/<seq>/visitor the reminder the day
--                                        before; none when the day is today or tomorrow (the
--                                        confirmation is the reminder), superseded by the
--                                        next move or the cancellation
--   an address asks to subscribe         newsletter-confirm/<subscriber>/<ms>  its confirmation
--                                        mail (…_newsletter.sql, newsletter_subscribe)
--   an article is published              newsletter/<slug>/<subscriber>  its announcement to
--                                        each confirmed subscriber (publish_articles)
--   a form's practice mail is sent       contact/<id>/visitor, request/<id>/visitor  the
--                                        visitor's acknowledgement (finish_mail; a request
--                                        the site never reported is not acknowledged)
--   the digest's day comes               digest/<day>  the practice's morning digest
--                                        (…_digest.sql, claim_practice_digest)
-- The key is the row's idempotency key; each mail's own key (mail-keys.ts) is derived from
-- it, so the visitor's own retry, the action page's press and every outbox run send under
-- the same key.
--
-- Exactly once:
-- 1. A claim is a token (claim) and its time (claimed_at); it lapses after two minutes,
--    when the next sender may take the row. finish_mail names the token and changes
--    nothing when it is not the row's any more ('lost'). The functions never start a send
--    that could outlast their claim (supabase/functions/_shared/mail/budget.ts).
-- 2. failed_at: the first time a claim ended without the mail (released, or lapsed and taken
--    over) – the practice's mail is marked «[Verspätet]» only then.
--    request_reported_at: when send-appointment-email was shown a genuine form proof for the
--    request (claim_form_proof); a request never reported is marked «[Prüfen]» and not
--    acknowledged (request-emails.ts, pendingRequestMails).
-- 3. The outbox's backoff: attempts, next_attempt_at (1, 2, 4 … 60 minutes), last_cause;
--    after three days gave_up_at, and the morning digest reports it with the content
--    (reported_at). A practice mail the digest carried counts as delivered.
-- All of it is for the service role only.

create table public.outbox_mails (
  id uuid primary key default gen_random_uuid(),
  -- contact: the practice's mail of a message; request: of an appointment request;
  -- outcome: the mails of a state (about = its outcome_key); reminder: the day before
  -- (about = the calendar sequence it was written for); newsletter-confirmation: the
  -- double opt-in's mail; announcement: a new article, to one subscriber;
  -- acknowledgement: the visitor's receipt of a form, owed once its practice mail is out;
  -- digest: the practice's morning digest (about = its day); data-link: the «Meine Daten»
  -- link a visitor asked for on the page (…_my_data.sql, public.owe_data_link);
  -- earlier-offer: a freed time offered to a visitor waiting for an earlier one (about = the
  -- offer's number, …_earlier_times.sql); erasure: the practice told of an erasure on «Meine
  -- Daten» (the address; about = the cancelled slots as JSON; …_my_data.sql, public.erase_mailbox).
  kind text not null constraint kind_valid check (kind in (
    'contact', 'request', 'outcome', 'reminder', 'newsletter-confirmation', 'announcement', 'acknowledgement', 'digest',
    'data-link', 'earlier-offer', 'erasure')),
  -- What it refers to: one of the first three (a digest: none). Deleted with it (the
  -- 12-month retention, an unsubscription, an expired pending address).
  contact_message_id uuid references public.contact_submissions (id) on delete cascade,
  appointment_request_id uuid references public.appointment_requests (id) on delete cascade,
  subscriber_id uuid references public.newsletter_subscribers (id) on delete cascade,
  article_slug text references public.newsletter_articles (slug) on delete cascade,
  -- Who reads it: the practice, the visitor (a state's practice copy rides with its row), a subscriber.
  recipient text not null constraint recipient_valid check (recipient in ('practice', 'visitor', 'subscriber')),
  -- A data-link mail: the address it goes to (as typed; an erasure finds it by its
  -- private.address_key) and its mailbox (private.mailbox_key), by which the links' budget
  -- counts. An erasure mail: the erased address (no mailbox key). Every other row's address
  -- is its request's, message's or subscriber's.
  email text,
  mailbox_key text,
  about text,
  idempotency_key text not null constraint idempotency_key_unique unique,
  created_at timestamptz not null default now(),
  claim uuid,
  claimed_at timestamptz,
  attempts integer not null default 0,
  next_attempt_at timestamptz,
  -- A short code (smtp_554, daily_cap …), never a message text.
  last_cause text constraint last_cause_short check (char_length(last_cause) <= 100),
  failed_at timestamptz,
  request_reported_at timestamptz,
  sent_at timestamptz,
  gave_up_at timestamptz,
  reported_at timestamptz,
  -- Not owed any more before it went out: a later state or a move made it pointless, the
  -- acknowledgement's limits held it back, the digest had nothing to say.
  superseded_at timestamptz,
  constraint refers_to_one check (
    num_nonnulls(contact_message_id, appointment_request_id, subscriber_id) = case when kind in ('digest', 'data-link', 'erasure') then 0 else 1 end),
  constraint refers_to_its_kind check (
    case kind
      when 'contact' then contact_message_id is not null
      when 'acknowledgement' then subscriber_id is null
      when 'newsletter-confirmation' then subscriber_id is not null and article_slug is null
      when 'announcement' then subscriber_id is not null and article_slug is not null
      when 'digest' then about is not null
      when 'data-link' then email is not null and mailbox_key is not null
      when 'erasure' then email is not null and about is not null
      else appointment_request_id is not null
    end),
  constraint claim_with_time check ((claim is null) = (claimed_at is null)),
  constraint address_only_for_data_link check ((kind in ('data-link', 'erasure')) = (email is not null)
    and (kind = 'data-link') = (mailbox_key is not null))
);
comment on table public.outbox_mails is
  'Every mail owed: claimed, sent once, retried with backoff, given up after three days. Deleted with what it refers to.';
create index outbox_mails_request on public.outbox_mails (appointment_request_id, kind);
create index outbox_mails_contact on public.outbox_mails (contact_message_id);
create index outbox_mails_subscriber on public.outbox_mails (subscriber_id, kind);
create index outbox_mails_article on public.outbox_mails (article_slug);
create index outbox_mails_mailbox on public.outbox_mails (mailbox_key) where mailbox_key is not null;
create index outbox_mails_unsent on public.outbox_mails (kind, created_at) where sent_at is null and superseded_at is null;
create unique index outbox_mails_claim on public.outbox_mails (claim) where claim is not null;

-- ---------------------------------------------------------------------------------------
-- 1. What a change owes. Triggers run as their owner: the site's anon insert of a request
-- owes its practice mail, and anon may not write here.

create function private.owe_contact_mail() returns trigger
  language plpgsql
  security definer
  set search_path = ''
  as $$
  begin
    insert into public.outbox_mails (kind, contact_message_id, recipient, idempotency_key)
      values ('contact', new.id, 'practice', 'contact/' || new.id || '/practice');
    return null;
  end
  $$;

create trigger contact_mail_owed
  after insert on public.contact_submissions
  for each row execute function private.owe_contact_mail();

create function private.owe_appointment_mails() returns trigger
  language plpgsql
  security definer
  set search_path = ''
  as $$
  declare
    reminder_changed boolean := tg_op = 'INSERT'
      or new.calendar_sequence is distinct from old.calendar_sequence or new.status is distinct from old.status;
  begin
    if tg_op = 'INSERT' then
      insert into public.outbox_mails (kind, appointment_request_id, recipient, idempotency_key)
        values ('request', new.id, 'practice', 'request/' || new.id || '/practice');
    end if;
    if tg_op = 'INSERT' or new.outcome_key is distinct from old.outcome_key then
      update public.outbox_mails set superseded_at = now()
       where appointment_request_id = new.id and kind = 'outcome' and sent_at is null and superseded_at is null;
      if new.outcome_key is not null then
        insert into public.outbox_mails (kind, appointment_request_id, recipient, about, idempotency_key)
          values ('outcome', new.id, 'visitor', new.outcome_key, 'outcome/' || new.id || '/' || new.outcome_key)
          on conflict (idempotency_key) do nothing;
      end if;
    end if;
    if reminder_changed then
      update public.outbox_mails set superseded_at = now()
       where appointment_request_id = new.id and kind = 'reminder' and sent_at is null and superseded_at is null;
      -- The confirmation is the reminder when the appointment is today or tomorrow: a reminder
      -- the day before would only repeat it, and one confirmed after the day's reminders went
      -- out would otherwise get none.
      if new.status = 'confirmed' and new.confirmed_date > private.practice_today() + 1 then
        insert into public.outbox_mails (kind, appointment_request_id, recipient, about, idempotency_key)
          values ('reminder', new.id, 'visitor', new.calendar_sequence::text,
                  'reminder/' || new.id || '/' || new.calendar_sequence || '/visitor')
          on conflict (idempotency_key) do nothing;
      end if;
    end if;
    return null;
  end
  $$;

create trigger appointment_mails_owed
  after insert or update on public.appointment_requests
  for each row execute function private.owe_appointment_mails();

-- ---------------------------------------------------------------------------------------
-- 2. One claim, one finish.

-- What a claimed mail's sender needs: what it refers to (the request as
-- private.appointment_json gives it, the contact message, the subscriber with the article
-- it is told of), with the claim's token and the marks of the practice's mail
-- (send_failed_at, reported_at).
create function private.mail_json(m public.outbox_mails) returns jsonb
  language sql stable
  set search_path = ''
  as $$
    select coalesce(
      (select to_jsonb(c) || jsonb_build_object('claim', m.claim, 'send_failed_at', m.failed_at, 'form', 'contact')
         from public.contact_submissions c where c.id = m.contact_message_id),
      (select private.appointment_json(a) || jsonb_build_object(
                'claim', m.claim, 'send_failed_at', m.failed_at, 'reported_at', m.request_reported_at, 'form', 'request')
         from public.appointment_requests a where a.id = m.appointment_request_id),
      (select jsonb_build_object('id', s.id, 'email', s.email, 'expires_at', s.expires_at,
                'confirm_requested_at', s.confirm_requested_at, 'claim', m.claim)
         from public.newsletter_subscribers s where s.id = m.subscriber_id and m.kind = 'newsletter-confirmation'),
      (select jsonb_build_object('subscriber_id', s.id, 'email', s.email, 'slug', n.slug, 'title', n.title,
                'excerpt', n.excerpt, 'published_on', n.published_on, 'author', n.author, 'claim', m.claim)
         from public.newsletter_subscribers s, public.newsletter_articles n
        where s.id = m.subscriber_id and n.slug = m.article_slug),
      (select jsonb_build_object('day', m.about, 'claim', m.claim) where m.kind = 'digest'),
      (select jsonb_build_object('id', m.id, 'email', m.email, 'mailbox_key', m.mailbox_key, 'created_at', m.created_at, 'claim', m.claim)
        where m.kind = 'data-link'),
      (select jsonb_build_object('id', m.id, 'email', m.email, 'created_at', m.created_at, 'claim', m.claim,
                -- Cast only for an erasure row: another kind's about is no JSON.
                'appointments', case when m.kind = 'erasure' then m.about::jsonb end)
        where m.kind = 'erasure'))
  $$;

-- Whether a mail may be claimed now: not sent, still owed, not a practice mail the digest
-- carried (that counts as delivered), and no claim that holds (a claim lapses after
-- private.claim_lapse()).
create function private.claimable(o public.outbox_mails) returns boolean
  language sql stable
  set search_path = ''
  as $$
    select o.sent_at is null and o.superseded_at is null
       and (o.reported_at is null or o.recipient <> 'practice')
       and (o.claimed_at is null or o.claimed_at < now() - private.claim_lapse())
  $$;

-- The claim itself, for claim_mail and claim_due_mail alike: takes mail p_id if it is
-- claimable, with a new token, and answers the row (null when it was not claimable).
-- Taking over a lapsed claim, like releasing one, records that a send failed (failed_at).
create function private.take_claim(p_id uuid) returns public.outbox_mails
  language plpgsql
  set search_path = ''
  as $$
  declare
    m public.outbox_mails;
  begin
    update public.outbox_mails o
      set claim = gen_random_uuid(), claimed_at = now(),
          failed_at = case when o.claimed_at is not null then coalesce(o.failed_at, now()) else o.failed_at end
      where o.id = p_id and private.claimable(o)
      returning o.* into m;
    return m;
  end
  $$;

-- Claims the mail with idempotency key p_key for the caller: {"status": "claimed", "mail":
-- …} (private.mail_json), or "already_sent" (sent; a practice mail the digest carried
-- counts as sent), "in_progress" (another sender holds it), "not_found" (no such mail, or
-- not owed any more).
create function public.claim_mail(p_key text) returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    m public.outbox_mails;
  begin
    select * into m from public.outbox_mails o where o.idempotency_key = p_key;
    if not found or m.superseded_at is not null then
      return jsonb_build_object('status', 'not_found');
    end if;
    m := private.take_claim(m.id);
    if m.id is not null then
      return jsonb_build_object('status', 'claimed', 'mail', private.mail_json(m));
    end if;
    select * into m from public.outbox_mails o where o.idempotency_key = p_key;
    return jsonb_build_object('status', case
      when m.superseded_at is not null then 'not_found'
      when m.sent_at is not null or (m.reported_at is not null and m.recipient = 'practice') then 'already_sent'
      else 'in_progress' end);
  end
  $$;

-- Ends the claim p_claim with the send's outcome:
--   sent                the mail is done for good. A form's practice mail then owes the
--                       visitor's acknowledgement (a request only when the site reported
--                       it), written here;
--   not sent            released for the next sender (failed_at records the failure); with
--                       p_cause (the outbox's own sends) an attempt is counted and the next
--                       one waits 1, 2, 4 … 60 minutes;
--   not sent, p_drop    not owed any more (superseded_at; p_cause says why): the
--                       acknowledgement's limits held it back, the digest had nothing to say.
-- 'finished', or 'lost' when the claim is not the row's any more: nothing changed.
create function public.finish_mail(p_claim uuid, p_sent boolean, p_cause text default null, p_drop boolean default false)
  returns text
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    m public.outbox_mails;
    outcome text := case when p_sent then 'sent' when p_drop then 'dropped' else 'failed' end;
  begin
    if p_sent is null then
      raise exception 'p_sent must be true or false' using errcode = '22023';
    end if;
    update public.outbox_mails o
      set claim = null, claimed_at = null,
          sent_at = case when outcome = 'sent' then now() end,
          superseded_at = case when outcome = 'dropped' then now() else o.superseded_at end,
          failed_at = case when outcome = 'failed' then coalesce(o.failed_at, now()) else o.failed_at end,
          attempts = case when outcome = 'failed' and p_cause is not null then o.attempts + 1 else o.attempts end,
          next_attempt_at = case
            when outcome <> 'failed' then null
            when p_cause is not null then now() + private.retry_delay(o.attempts)
            else o.next_attempt_at end,
          last_cause = case when p_cause is not null then left(p_cause, 100) else o.last_cause end
      where o.claim = p_claim and o.sent_at is null
      returning o.* into m;
    if not found then
      return 'lost';
    end if;
    if outcome = 'sent' and (m.kind = 'contact' or (m.kind = 'request' and m.request_reported_at is not null)) then
      insert into public.outbox_mails (kind, contact_message_id, appointment_request_id, recipient, idempotency_key)
        values ('acknowledgement', m.contact_message_id, m.appointment_request_id, 'visitor',
                regexp_replace(m.idempotency_key, '/practice$', '/visitor'))
        on conflict (idempotency_key) do nothing;
    end if;
    return 'finished';
  end
  $$;

-- ---------------------------------------------------------------------------------------
-- 3. The forms' own sends: the visitor's call finds the appointment request the browser
-- stored and claims its practice mail (a contact message is stored and claimed by
-- public.store_contact_message, …_contact_submissions.sql).

-- Claims the practice's mail of a stored appointment request – only for a row with this id
-- whose fields equal the given ones, created within p_max_age_seconds: {"status":
-- "claimed", "request": …}; "already_sent" or "in_progress" (as claim_mail) when the
-- request is this visitor's (id, names and address match); "not_found" otherwise. The
-- function passes the retention period as p_max_age_seconds: a retry is idempotent for as
-- long as the row is kept.
create function public.claim_request_mail(
  p_id uuid,
  p_first_name text,
  p_last_name text,
  p_email text,
  p_phone text,
  p_service text,
  p_preferred_date date,
  p_preferred_time text,
  p_alternative_date date,
  p_alternative_time text,
  p_message text,
  p_max_age_seconds integer default 900
) returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    r public.appointment_requests;
    claimed jsonb;
  begin
    select * into r from public.appointment_requests a
      where a.id = p_id and a.first_name = p_first_name and a.last_name = p_last_name and a.email = p_email;
    if not found then
      return jsonb_build_object('status', 'not_found');
    end if;
    if r.created_at <= now() - make_interval(secs => p_max_age_seconds)
       or r.phone is distinct from p_phone or r.service is distinct from p_service
       or r.preferred_date is distinct from p_preferred_date
       or r.preferred_time is distinct from p_preferred_time
       or r.alternative_date is distinct from p_alternative_date
       or r.alternative_time is distinct from p_alternative_time
       or r.message is distinct from p_message then
      -- Not this request after all – unless its mail is out or on its way already.
      return jsonb_build_object('status', coalesce((
        select case when o.sent_at is not null or o.reported_at is not null then 'already_sent' else 'in_progress' end
          from public.outbox_mails o
         where o.idempotency_key = 'request/' || p_id || '/practice'
           and (o.sent_at is not null or o.reported_at is not null or o.claimed_at >= now() - private.claim_lapse())), 'not_found'));
    end if;
    claimed := public.claim_mail('request/' || p_id || '/practice');
    if claimed ->> 'status' = 'claimed' then
      return jsonb_build_object('status', 'claimed', 'request', claimed -> 'mail');
    end if;
    return jsonb_build_object('status', claimed ->> 'status');
  end
  $$;

-- The site reported the request: a genuine form proof for its id reached
-- send-appointment-email (public.claim_form_proof, …_limits_and_proofs.sql). Its practice mail is then
-- acknowledged to the visitor and not marked for checking.
create function private.record_request_reported(p_request_id uuid) returns void
  language sql
  set search_path = ''
  as $$
    update public.outbox_mails set request_reported_at = now()
     where appointment_request_id = p_request_id and kind = 'request' and request_reported_at is null
  $$;
revoke all on function private.record_request_reported(uuid) from public;
grant execute on function private.record_request_reported(uuid) to service_role;

-- ---------------------------------------------------------------------------------------
-- 4. The outbox's run.

-- Claims up to p_limit mails of one kind that are due, oldest first, and answers them
-- (private.mail_json). Due: not sent, not superseded, not given up, not waiting for its
-- next attempt, no live claim, and older than p_grace_seconds – younger ones are the
-- visitor's own call's (the browser stores the request, then calls the function at once)
-- and the action page's press, the subscribing call. 'reminder' claims the confirmed
-- appointments on p_reminder_date; a newsletter mail only while its address is pending
-- (a confirmation) or confirmed (an announcement). (Data-link mails: public.claim_due_links,
-- …_my_data.sql, within the links' budget.)
create function public.claim_due_mail(
  p_kind text,
  p_limit integer default 20,
  p_grace_seconds integer default 120,
  p_reminder_date date default null
) returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    claimed jsonb := '[]'::jsonb;
    due record;
    m public.outbox_mails;
  begin
    if p_kind not in ('contact', 'request', 'outcome', 'reminder', 'newsletter-confirmation', 'announcement', 'acknowledgement', 'erasure') then
      raise exception 'unknown mail kind %', p_kind using errcode = '22023';
    end if;
    if p_kind = 'reminder' and p_reminder_date is null then
      return '[]'::jsonb;
    end if;
    -- What is due, oldest first, locked (others' runs skip it); each then claimed as claim_mail claims.
    for due in
      select o.id from public.outbox_mails o
       where o.kind = p_kind and o.gave_up_at is null and private.claimable(o)
         and (o.next_attempt_at is null or o.next_attempt_at <= now())
         and (p_kind = 'reminder' or o.created_at < now() - make_interval(secs => p_grace_seconds))
         and (p_kind <> 'reminder' or exists (
               select 1 from public.appointment_requests a
                where a.id = o.appointment_request_id and a.status = 'confirmed' and a.confirmed_date = p_reminder_date))
         -- A confirmation mail deferred by the day's budget is claimed only once charged to it
         -- (public.claim_due_confirmations, …_newsletter.sql).
         and (p_kind <> 'newsletter-confirmation' or o.last_cause is distinct from 'daily_budget')
         and (p_kind <> 'newsletter-confirmation' or exists (
               select 1 from public.newsletter_subscribers s
                where s.id = o.subscriber_id and s.status = 'pending' and s.expires_at > now()))
         and (p_kind <> 'announcement' or exists (
               select 1 from public.newsletter_subscribers s where s.id = o.subscriber_id and s.status = 'confirmed'))
       order by o.created_at, o.id
       limit least(greatest(p_limit, 0), 100)
       for update skip locked
    loop
      m := private.take_claim(due.id);
      if m.id is not null then
        claimed := claimed || jsonb_build_array(private.mail_json(m));
      end if;
    end loop;
    return claimed;
  end
  $$;

-- Gives up on what is still not sent after p_after_seconds (three days by default) and
-- answers what it gave up on now: [{kind, id}] (id: the request's, the message's or the
-- subscriber's). A
-- reminder that failed is given up once its appointment's day has come. Nothing is
-- deleted: the digest reports it, with the content.
create function public.give_up_stale_mail(p_after_seconds integer default null, p_today date default null)
  returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    cutoff timestamptz := now() - coalesce(make_interval(secs => p_after_seconds), private.give_up_after());
    today date := coalesce(p_today, (now() at time zone 'Europe/Zurich')::date);
    given jsonb;
  begin
    with stale as (
      update public.outbox_mails o
         set gave_up_at = now(), last_cause = coalesce(o.last_cause, 'never_sent')
       -- A data-link mail is not given up: it is just not sent after its link expired, and
       -- the retention deletes it (…_my_data.sql); it refers to no row the digest could show.
       -- Nor an earlier-offer: a day after it was owed it is superseded as stale (…_earlier_times.sql).
       -- Nor an erasure mail: it is the practice's only word of the erasure, so it is tried
       -- (every hour at most) until it is out; it refers to no row the digest could show.
       where o.sent_at is null and o.superseded_at is null and o.gave_up_at is null and o.kind not in ('digest', 'data-link', 'earlier-offer', 'erasure')
         and (o.reported_at is null or o.recipient <> 'practice')
         and case o.kind
               when 'reminder' then o.attempts > 0 and exists (
                 select 1 from public.appointment_requests a
                  where a.id = o.appointment_request_id and a.status = 'confirmed' and a.confirmed_date <= today)
               else o.created_at < cutoff
             end
       returning o.kind, coalesce(o.contact_message_id, o.appointment_request_id, o.subscriber_id) as ref_id
    )
    select coalesce(jsonb_agg(jsonb_build_object('kind', kind, 'id', ref_id)), '[]') into given from stale;
    return given;
  end
  $$;

-- ---------------------------------------------------------------------------------------
-- Privileges: the service role only; the triggers run as their owner.
alter table public.outbox_mails enable row level security;
revoke all on public.outbox_mails from anon, authenticated;
grant all on public.outbox_mails to service_role;

revoke all on function private.owe_contact_mail(), private.owe_appointment_mails(), private.mail_json(public.outbox_mails),
  private.claimable(public.outbox_mails), private.take_claim(uuid) from public;
grant execute on function private.mail_json(public.outbox_mails), private.claimable(public.outbox_mails),
  private.take_claim(uuid) to service_role;
revoke all on function public.claim_mail(text), public.finish_mail(uuid, boolean, text, boolean),
  public.claim_due_mail(text, integer, integer, date), public.give_up_stale_mail(integer, date),
  public.claim_request_mail(uuid, text, text, text, text, text, date, text, date, text, text, integer)
  from public, anon, authenticated;
grant execute on function public.claim_mail(text), public.finish_mail(uuid, boolean, text, boolean),
  public.claim_due_mail(text, integer, integer, date), public.give_up_stale_mail(integer, date),
  public.claim_request_mail(uuid, text, text, text, text, text, date, text, date, text, text, integer) to service_role;
