-- The outbox: every mail the system owes – about an appointment request, a contact message
-- or a newsletter address – is one row of public.outbox_mails (docs/backend.md, «The
-- outbox»). The request, contact and subscriber tables hold what the visitor sent and its
-- state, nothing about mails: a row here is written in the same transaction as the change
-- that owes it, claimed by public.claim_mail (by its key, or due, in the outbox's run), and
-- ended by public.finish_mail: one claim and one finish for every kind.
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
--                                        (…_digest.sql, owe_practice_digest)
--   the day's cap holds mail back        cap-notice/<day>/practice  the practice's notice
--                                        (owe_day_mail)
--   «Rechnung senden» / «… erneut senden» invoice/<number>/<send>  the visitor's invoice with
--                                        its PDF (…_invoices.sql, issue_invoice, resend_invoice)
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
  -- The kind (the registry, domain/mail-kinds.ts; its list and what each refers to are
  -- generated into …_rules.sql, so no migration lists kinds by hand).
  kind text not null constraint kind_valid check (kind = any (private.mail_kinds())),
  -- What it refers to (private.mail_kind_refers_to): a contact message, a request, a
  -- subscriber (with the article for an announcement), or nothing but its address, its
  -- invoice's number or its day.
  -- Deleted with it (the 12-month retention, an unsubscription, an expired pending address).
  contact_message_id uuid references public.contact_submissions (id) on delete cascade,
  appointment_request_id uuid references public.appointment_requests (id) on delete cascade,
  subscriber_id uuid references public.newsletter_subscribers (id) on delete cascade,
  article_slug text references public.newsletter_articles (slug) on delete cascade,
  -- Who reads it: the practice, the visitor (a state's practice copy rides with its row), a
  -- subscriber – the kind's, from the registry.
  recipient text generated always as (private.mail_kind_recipient(kind)) stored,
  -- A row that refers to an address only. A data-link mail: the address it goes to (as
  -- typed; an erasure finds it by its private.address_key) and its mailbox
  -- (private.mailbox_key), by which the links' budget counts. An erasure mail: the erased
  -- address (no mailbox key; about holds the cancelled slots as JSON) while it is owed, and
  -- neither once it is sent (finish_mail clears them). Every other row's address is its
  -- request's, message's or subscriber's.
  email text,
  mailbox_key text,
  -- A data-link mail's language: the page's it was asked on (domain/languages.ts); null for
  -- every other row, whose language is its request's, message's or subscriber's.
  language text constraint language_valid check (language is null or private.is_language(language)),
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
  -- A form's practice mail its call could not send (the daily cap, an outage): whether the
  -- visitor's acknowledgement was charged then to the calling network's share and the day's
  -- cap (true), or those were spent (false) – so that the acknowledgement the outbox sends
  -- later is charged to the network and the day it arrived, not to the day it goes out
  -- (public.charge_acknowledgement). Copied to the acknowledgement's row.
  acknowledgement_charged boolean,
  sent_at timestamptz,
  gave_up_at timestamptz,
  reported_at timestamptz,
  -- Not owed any more before it went out: a later state or a move made it pointless, the
  -- acknowledgement's limits held it back, the digest had nothing to say.
  superseded_at timestamptz,
  constraint refers_to_one check (
    num_nonnulls(contact_message_id, appointment_request_id, subscriber_id)
      = case when private.mail_kind_refers_to(kind) in ('address', 'erased-address', 'invoice', 'day') then 0 else 1 end),
  constraint refers_to_its_kind check (
    case private.mail_kind_refers_to(kind)
      when 'contact-message' then contact_message_id is not null
      when 'appointment-request' then appointment_request_id is not null
      when 'form' then subscriber_id is null
      when 'subscriber' then subscriber_id is not null and article_slug is null
      when 'subscriber-article' then subscriber_id is not null and article_slug is not null
      when 'day' then about is not null
      -- An invoice's mail: its number, nothing else (the invoice outlives its request).
      when 'invoice' then about is not null
      when 'address' then email is not null and mailbox_key is not null
      -- What the mail needs until it is sent; nothing of the erased address afterwards.
      when 'erased-address' then case when sent_at is null then email is not null and about is not null
                                      else email is null and about is null end
    end),
  constraint claim_with_time check ((claim is null) = (claimed_at is null)),
  constraint address_only_for_its_kind check (
    (email is null or private.mail_kind_refers_to(kind) in ('address', 'erased-address'))
    and (private.mail_kind_refers_to(kind) = 'address') = (mailbox_key is not null))
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
-- 1. What a change owes is written by the change itself, in its table's migration: the
-- triggers on contact_submissions (…_contact_submissions.sql) and appointment_requests
-- (…_appointment_requests.sql), newsletter_subscribe and publish_articles
-- (…_newsletter.sql), owe_data_link (…_my_data.sql), the earlier-time offers
-- (…_earlier_times.sql), finish_mail below (the acknowledgement), owe_practice_digest
-- (…_digest.sql), issue_invoice and resend_invoice (…_invoices.sql) and owe_day_mail below.

-- ---------------------------------------------------------------------------------------
-- 2. One claim, one finish. Every sender – the visitor's own call, the action page's press,
-- the subscribing call, «Meine Daten», the digest, the outbox's run – claims with
-- public.claim_mail and ends the claim with public.finish_mail; nothing else claims or ends
-- one (the model is Supabase Queues / pgmq: a read with a visibility timeout, then an
-- archive; docs/decisions/009-one-queue-shape.md).

-- What a claimed mail's sender needs: its kind's payload – what it refers to (the request
-- as private.appointment_json gives it, the contact message, the subscriber with the article
-- it is told of, the offered earlier time, the invoice, the address, the day) and the marks
-- of the practice's mail – with the claim's token. The payload is the kind's own function,
-- named in the registry (mailKinds[kind].sql.payload, generated into
-- private.mail_kind_payload), in the migration of what it reads.
create function private.mail_json(m public.outbox_mails) returns jsonb
  language sql stable
  set search_path = ''
  as $$ select private.mail_kind_payload(m) || jsonb_build_object('claim', m.claim) $$;

-- The payload of a form's acknowledgement: that of its contact message or of its request.
create function private.acknowledgement_mail_json(m public.outbox_mails) returns jsonb
  language sql stable
  set search_path = ''
  as $$ select coalesce(private.contact_mail_json(m), private.appointment_mail_json(m)) $$;

-- The payload of a mail about the site's day (private.mail_kind_refers_to 'day': the digest,
-- the cap notice): its day and its key.
create function private.day_mail_json(m public.outbox_mails) returns jsonb
  language sql stable
  set search_path = ''
  as $$ select jsonb_build_object('id', m.id, 'day', m.about, 'key', m.idempotency_key) $$;

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

-- The claim itself: takes mail p_id if it is claimable, with a new token, and answers the
-- row (null when it was not claimable). Taking over a lapsed claim, like releasing one,
-- records that a send failed (failed_at).
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

-- Gives up on what is still not sent, of the kinds the registry gives up on
-- (private.mail_kind_given_up: not a data-link mail, which the outbox sends however long it
-- waited, nor an earlier-time offer, superseded as stale a day after it was owed, nor the
-- practice's own digest and notices): after private.give_up_after(), or when the kind's own
-- rule says so (mailKinds[kind].sql.givenUpWhen, through private.mail_kind_gives_up – a
-- reminder that failed once its appointment's day has come). Nothing is deleted: the digest
-- reports it, with the content. Answers what it gave up on now: [{kind, id}] (id: the
-- request's, the message's or the subscriber's).
create function private.give_up_stale_mail(p_today date) returns jsonb
  language plpgsql
  set search_path = ''
  as $$
  declare
    given jsonb;
  begin
    with stale as (
      update public.outbox_mails o
         set gave_up_at = now(), last_cause = coalesce(o.last_cause, 'never_sent')
       where o.sent_at is null and o.superseded_at is null and o.gave_up_at is null and private.mail_kind_given_up(o.kind)
         and (o.reported_at is null or o.recipient <> 'practice')
         and private.mail_kind_gives_up(o, p_today)
       returning o.kind, coalesce(o.contact_message_id, o.appointment_request_id, o.subscriber_id) as ref_id
    )
    select coalesce(jsonb_agg(jsonb_build_object('kind', kind, 'id', ref_id)), '[]') into given from stale;
    return given;
  end
  $$;

-- The one claim. Two ways to ask:
--
-- By key (p_key): the mail of kind p_kind with that idempotency key, for the sender that
-- owes it right now (the visitor's own call, the action page's press, the subscribing call,
-- «Meine Daten», the digest). Answers {"status": "claimed", "mails": [mail]}, or with no
-- mails "already_sent" (sent; a practice mail the digest carried counts as sent),
-- "in_progress" (another sender holds it), "not_found" (no such mail, or not owed any more).
--
-- Due (no key): the outbox's run. First whatever has waited too long is given up
-- (private.give_up_stale_mail, answered as "given_up"), and the kind's own preparation runs
-- (mailKinds[kind].sql.prepare, through private.mail_kind_prepare: a newsletter confirmation
-- deferred by the day's budget is charged to it while there is room; an earlier-time offer
-- whose time is gone is superseded; the data links' budget is locked). p_budget is the kind's
-- budget as the functions configure it: {"daily_cap"} of the newsletter confirmations,
-- {"per_address_seconds", "daily_cap"} of the data links. Then up to p_limit mails of the
-- kind that are due, oldest first: not sent, not superseded, not given up, not waiting for
-- their next attempt, no live claim, and due by the kind's rule (sql.due, through
-- private.mail_kind_due; by default older than p_grace_seconds – younger ones are the owing
-- call's own): a reminder on the day before its appointment (p_today + 1), whatever its
-- age; a newsletter mail while its address is pending (a confirmation, once charged to the
-- day's budget) or confirmed (an announcement); a data-link mail the budget held back at
-- once, however long it waited (its link is made when it is sent, dataLinkMailFor, so it
-- works its whole lifetime). A kind whose budget decides mail by mail (sql.room, through
-- private.mail_kind_room: the data links, private.data_link_room, …_my_data.sql) is claimed
-- only while it has room, and the run looks past its batch for one it has room for.
-- Answers {"status": "claimed", "mails": [...], "given_up": [...]}.
--
-- Every mail is private.mail_json of its row, with its claim's token.
create function public.claim_mail(
  p_kind text,
  p_key text default null,
  p_limit integer default 1,
  p_grace_seconds integer default 120,
  p_today date default null,
  p_budget jsonb default null,
  p_now timestamptz default null
) returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    m public.outbox_mails;
    today date := coalesce(p_today, (now() at time zone 'Europe/Zurich')::date);
    claimed jsonb := '[]'::jsonb;
    given jsonb;
    due public.outbox_mails;
  begin
    if p_kind is null or not p_kind = any (private.mail_kinds()) then
      raise exception 'unknown mail kind %', p_kind using errcode = '22023';
    end if;

    if p_key is not null then
      select * into m from public.outbox_mails o where o.idempotency_key = p_key and o.kind = p_kind;
      if not found or m.superseded_at is not null then
        return jsonb_build_object('status', 'not_found', 'mails', '[]'::jsonb);
      end if;
      m := private.take_claim(m.id);
      if m.id is not null then
        return jsonb_build_object('status', 'claimed', 'mails', jsonb_build_array(private.mail_json(m)));
      end if;
      select * into m from public.outbox_mails o where o.idempotency_key = p_key;
      return jsonb_build_object('status', case
        when m.superseded_at is not null then 'not_found'
        when m.sent_at is not null or (m.reported_at is not null and m.recipient = 'practice') then 'already_sent'
        else 'in_progress' end, 'mails', '[]'::jsonb);
    end if;

    given := private.give_up_stale_mail(today);
    perform private.mail_kind_prepare(p_kind, p_budget, coalesce(p_now, now()));
    -- What is due, oldest first, locked (others' runs skip it); each then claimed.
    for due in
      select o.* from public.outbox_mails o
       where o.kind = p_kind and o.gave_up_at is null and private.claimable(o)
         and (o.next_attempt_at is null or o.next_attempt_at <= now())
         and private.mail_kind_due(o, today, make_interval(secs => p_grace_seconds))
       order by o.created_at, o.id
       -- A mail the budget has no room for is passed over: look further than the batch.
       limit case when private.mail_kind_checks_room(p_kind) then 1000 else least(greatest(p_limit, 0), 100) end
       for update skip locked
    loop
      exit when jsonb_array_length(claimed) >= least(greatest(p_limit, 0), 100);
      continue when not private.mail_kind_room(due, p_budget);
      m := private.take_claim(due.id);
      if m.id is not null then
        claimed := claimed || jsonb_build_array(private.mail_json(m));
      end if;
    end loop;
    return jsonb_build_object('status', 'claimed', 'mails', claimed, 'given_up', given);
  end
  $$;

-- The one finish: ends the claim p_claim with the send's outcome:
--   sent                the mail is done for good. A mail about an erased address
--                       (private.mail_kind_refers_to 'erased-address': the practice's
--                       erasure mail) forgets it now: its email and about (the cancelled
--                       slots) are cleared, so nothing names the address once the practice
--                       has the mail. A form's practice mail then owes the
--                       visitor's acknowledgement (a request only when the site reported
--                       it), written here; a mail that carried others (the digest, p_carried:
--                       {"contacts": [id], "deliveries": [{kind, id}], "newsletter_mails": [id]})
--                       makes them count as delivered and reported (private.mark_carried,
--                       …_digest.sql);
--   not sent            released for the next sender (failed_at records the failure); with
--                       p_cause (the outbox's own sends) an attempt is counted and the next
--                       one waits 1, 2, 4 … 60 minutes;
--   not sent, p_drop    not owed any more (superseded_at; p_cause says why): the
--                       acknowledgement within the hour of the last one, the digest had
--                       nothing to say.
-- 'finished', or 'lost' when the claim is not the row's any more: nothing changed.
create function public.finish_mail(
  p_claim uuid,
  p_sent boolean,
  p_cause text default null,
  p_drop boolean default false,
  p_carried jsonb default null
) returns text
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
          -- Cleared rather than the row deleted: the row and its key stay, sent, so that
          -- claim_mail by that key still answers 'already_sent' (not 'not_found', which
          -- says the mail is not owed) and the outbox never claims it again – exactly once
          -- holds for a sender that retries. The retention deletes the emptied row later.
          email = case when outcome = 'sent' and private.mail_kind_refers_to(o.kind) = 'erased-address' then null else o.email end,
          about = case when outcome = 'sent' and private.mail_kind_refers_to(o.kind) = 'erased-address' then null else o.about end,
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
      -- Charged when the message arrived: sent later without a second charge; its budget spent
      -- then: not owed (recorded, and shown in «Meine Daten», like one held back now).
      insert into public.outbox_mails (kind, contact_message_id, appointment_request_id, idempotency_key,
                                       acknowledgement_charged, superseded_at, last_cause)
        values ('acknowledgement', m.contact_message_id, m.appointment_request_id,
                regexp_replace(m.idempotency_key, '/practice$', '/visitor'), m.acknowledgement_charged,
                case when m.acknowledgement_charged = false then now() end,
                case when m.acknowledgement_charged = false then 'ack_limited' end)
        on conflict (idempotency_key) do nothing;
    end if;
    if outcome = 'sent' and p_carried is not null then
      perform private.mark_carried(p_carried);
    end if;
    return 'finished';
  end
  $$;

-- The one ending of a mail without its send, for what owes mail: of the mails p_ids (the rows
-- the caller selected, in its own migration and by its own rule), those still owed – not
-- sent, not superseded – are not owed any more: superseded now, with p_cause as their last
-- cause (null keeps the cause they have: a row a later state of its request or subscriber
-- replaced). Whether a live claim protects a mail is the caller's choice (its select); a
-- sender that holds one ends it with finish_mail. Answers how many it superseded. Used by the
-- triggers and functions of …_appointment_requests.sql, …_newsletter.sql,
-- …_earlier_times.sql and …_sleep_diary.sql.
create function private.supersede_mails(p_ids uuid[], p_cause text) returns integer
  language plpgsql
  set search_path = ''
  as $$
  declare
    superseded integer;
  begin
    update public.outbox_mails o
       set superseded_at = now(), last_cause = coalesce(left(p_cause, 100), o.last_cause)
     where o.id = any (p_ids) and o.sent_at is null and o.superseded_at is null;
    get diagnostics superseded = row_count;
    return superseded;
  end
  $$;

-- A mail a budget deferred (its last_cause names the budget) is owed like any other now: the
-- cause cleared, no next attempt to wait for. Not an ending: the budget's own function
-- (private.prepare_newsletter_confirmation_mails, …_newsletter.sql) decides when, this
-- writes it.
create function private.undefer_mail(p_id uuid) returns void
  language sql
  set search_path = ''
  as $$
    update public.outbox_mails o set last_cause = null, next_attempt_at = null
     where o.id = p_id and o.sent_at is null and o.superseded_at is null
  $$;

-- The given-up mails p_ids that a digest that went out listed are reported: the practice has
-- them now (a practice mail counts as delivered: claim_mail answers already_sent, and a claim
-- on it is void). The digest decides which (private.mark_carried, …_digest.sql); only a
-- given-up mail that is still unsent and unreported is marked.
create function private.mark_mails_reported(p_ids uuid[]) returns void
  language sql
  set search_path = ''
  as $$
    update public.outbox_mails o set reported_at = now(), claim = null, claimed_at = null
     where o.id = any (p_ids) and o.gave_up_at is not null and o.sent_at is null and o.reported_at is null
  $$;

-- A form's call that could not send its practice mail records, under that mail's claim, what
-- the acknowledgement's limits said for its network and day (p_charged: counted; false: spent).
-- Once per mail: the first decision stays. 'recorded', 'decided' (an earlier call's stands:
-- the caller gives back what it counted) or 'lost' (the claim is not the row's any more).
create function public.charge_acknowledgement(p_claim uuid, p_charged boolean) returns text
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    m public.outbox_mails;
  begin
    select * into m from public.outbox_mails o
     where o.claim = p_claim and o.sent_at is null and private.mail_kind_refers_to(o.kind) in ('contact-message', 'appointment-request')
       and o.recipient = 'practice'
     for update;
    if not found then
      return 'lost';
    end if;
    if m.acknowledgement_charged is not null then
      return 'decided';
    end if;
    update public.outbox_mails o set acknowledgement_charged = p_charged where o.id = m.id;
    return 'recorded';
  end
  $$;

-- ---------------------------------------------------------------------------------------
-- 3. The appointment form's own send: the visitor's call finds the appointment request the
-- browser stored, then claims its practice mail with public.claim_mail (a contact message
-- is stored by public.store_contact_message, …_contact_submissions.sql).

-- Whether the stored appointment request p_id is the one the visitor's call names – a row
-- with this id whose fields equal the given ones, created within p_max_age_seconds:
-- {"status": "match"}; "already_sent" or "in_progress" when its mail is out or on its way
-- though the values differ (the request is this visitor's: id, names and address match);
-- "not_found" otherwise. The function passes the retention period as p_max_age_seconds: a
-- retry is idempotent for as long as the row is kept.
create function public.match_appointment_request(
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
  p_max_age_seconds integer default 900,
  -- The body's language (null: private.default_language(), as an insert without one stores).
  p_language text default null
) returns jsonb
  language plpgsql
  stable
  security invoker
  set search_path = ''
  as $$
  declare
    r public.appointment_requests;
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
       or r.message is distinct from p_message
       or r.language is distinct from coalesce(p_language, private.default_language()) then
      -- Not this request after all – unless its mail is out or on its way already.
      return jsonb_build_object('status', coalesce((
        select case when o.sent_at is not null or o.reported_at is not null then 'already_sent' else 'in_progress' end
          from public.outbox_mails o
         where o.idempotency_key = 'request/' || p_id || '/practice'
           and (o.sent_at is not null or o.reported_at is not null or o.claimed_at >= now() - private.claim_lapse())), 'not_found'));
    end if;
    return jsonb_build_object('status', 'match');
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
-- 4. A mail about the site's day (private.mail_kind_refers_to = 'day'), owed by the sender
-- that finds it due: the notice that the day's cap held practice mail back. Written once a
-- day (its key names the day); true when this call wrote it. Claimed and sent like any
-- other, and by the outbox's run when that send fails.
create function public.owe_day_mail(p_kind text, p_day date) returns boolean
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  begin
    if p_kind = 'digest' or private.mail_kind_refers_to(p_kind) is distinct from 'day' then
      raise exception 'not a mail about a day: %', p_kind using errcode = '22023';
    end if;
    insert into public.outbox_mails (kind, about, idempotency_key)
      values (p_kind, p_day::text, p_kind || '/' || p_day || '/practice')
      on conflict (idempotency_key) do nothing;
    return found;
  end
  $$;

-- ---------------------------------------------------------------------------------------
-- Privileges: the service role only; the triggers run as their owner.
alter table public.outbox_mails enable row level security;
revoke all on public.outbox_mails from anon, authenticated;
grant all on public.outbox_mails to service_role;

revoke all on function private.mail_json(public.outbox_mails), private.claimable(public.outbox_mails),
  private.acknowledgement_mail_json(public.outbox_mails), private.day_mail_json(public.outbox_mails),
  private.take_claim(uuid), private.give_up_stale_mail(date), private.supersede_mails(uuid[], text),
  private.undefer_mail(uuid), private.mark_mails_reported(uuid[]) from public;
grant execute on function private.mail_json(public.outbox_mails), private.claimable(public.outbox_mails),
  private.acknowledgement_mail_json(public.outbox_mails), private.day_mail_json(public.outbox_mails),
  private.take_claim(uuid), private.give_up_stale_mail(date), private.supersede_mails(uuid[], text),
  private.undefer_mail(uuid), private.mark_mails_reported(uuid[]) to service_role;
revoke all on function public.claim_mail(text, text, integer, integer, date, jsonb, timestamptz),
  public.finish_mail(uuid, boolean, text, boolean, jsonb), public.owe_day_mail(text, date),
  public.charge_acknowledgement(uuid, boolean),
  public.match_appointment_request(uuid, text, text, text, text, text, date, text, date, text, text, integer, text)
  from public, anon, authenticated;
grant execute on function public.claim_mail(text, text, integer, integer, date, jsonb, timestamptz),
  public.finish_mail(uuid, boolean, text, boolean, jsonb), public.owe_day_mail(text, date),
  public.charge_acknowledgement(uuid, boolean),
  public.match_appointment_request(uuid, text, text, text, text, text, date, text, date, text, text, integer, text) to service_role;
