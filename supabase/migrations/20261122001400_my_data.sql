-- «Meine Daten» (revFADP Art. 25: everyone may see and have erased what is stored about
-- them): what the function my-data reads and erases for one address, and what a calendar
-- still needs to know after an erasure. An address is found by its address key,
-- private.address_key(email) – the address as typed, the domain in lower case – generated
-- from addressKey (domain/my-data.ts, …_rules.sql); every row about it is found by that key:
--   public.appointment_requests   private.address_key(email)
--   public.contact_submissions       private.address_key(email)
--   public.newsletter_subscribers private.address_key(email) (the address it was stored with)
--   public.outbox_mails           through the three above (on delete cascade), and the
--                                 data-link mails by private.address_key(email)
--   public.rate_limit_events      the acknowledgement's counts, by the salted hash of the
--                                 mailbox key (the function passes it; the database does
--                                 not know the salt)
--   public.invoices               address_key (…_invoices.sql): listed, never erased – an
--                                 invoice is kept ten years (CO Art. 958f)
-- The folded mailbox key (private.mailbox_key: `anna+x@` is `anna@`) serves the limits only:
-- a data-link mail's row keeps it for the links' budget (one per mailbox in a while).
-- All of it is for the service role only (docs/backend.md, «Meine Daten»).

-- ---------------------------------------------------------------------------------------
-- 1. Tombstones: an erased appointment that a calendar feed showed (confirmed or cancelled,
-- its day not past) leaves the slot's cancellation and nothing about the person, so a
-- subscribed calendar sees it cancelled rather than silently gone. The feed renders it as
-- every cancelled entry («Abgesagt» and the time: practice-calendar/feed-content.ts). Its
-- id is the erased request's (the entry's UID), its sequence one above the last one sent.
-- Deleted once its day has passed (public.delete_expired_form_submissions).

create table public.calendar_cancellations (
  id uuid primary key,
  confirmed_date date not null,
  confirmed_time text not null constraint confirmed_time_valid check (private.is_time_slot(confirmed_time)),
  appointment_minutes integer not null constraint appointment_minutes_valid check (appointment_minutes between 5 and 600),
  advisor text constraint advisor_valid check (advisor is null or advisor = any (private.advisor_ids())),
  calendar_sequence integer not null,
  erased_at timestamptz not null default now()
);
comment on table public.calendar_cancellations is
  'An erased appointment''s cancellation for the calendar feeds: slot, length, advisor, sequence; no personal data.';
create index calendar_cancellations_day on public.calendar_cancellations (confirmed_date);
alter table public.calendar_cancellations enable row level security;
revoke all on public.calendar_cancellations from public, anon, authenticated;
grant select, insert, delete on public.calendar_cancellations to service_role;

-- The tombstones between two days (inclusive, at most 800 days), for the feeds.
create function public.calendar_cancellations_between(p_from date, p_to date) returns jsonb
  language sql stable
  security invoker
  set search_path = ''
  as $$
    select coalesce(jsonb_agg(to_jsonb(c) - 'erased_at' order by c.confirmed_date, c.confirmed_time, c.id), '[]'::jsonb)
      from public.calendar_cancellations c
     where c.confirmed_date between p_from and least(p_to, p_from + 800)
  $$;

-- ---------------------------------------------------------------------------------------
-- 2. What is stored about a mailbox (the page's «Daten anzeigen»), with when each thing is
-- deleted: a request and a message 12 months after they were made (the retention), a
-- pending subscription at its expiry, a confirmed one when it is unsubscribed (null), a
-- mail with what it belongs to (a data-link mail: the day after it was asked for). Mails
-- are listed without their text: kind, recipient, when owed, when sent. Under each request:
-- the times the practice offered when it declined it (public.appointment_offers,
-- …_offers.sql), the visitor's wish for an earlier time and the freed times offered for it
-- (…_earlier_times.sql) – which is why this file comes after those.

create function public.my_data(p_address_key text) returns jsonb
  -- plpgsql, so that it may read the invoices of a later migration (…_invoices.sql).
  language plpgsql stable
  security invoker
  set search_path = ''
  as $$
  begin
    return (
    with requests as (
      select a.* from public.appointment_requests a where private.address_key(a.email) = p_address_key
    ), messages as (
      select c.* from public.contact_submissions c where private.address_key(c.email) = p_address_key
    ), subscriber as (
      select s.* from public.newsletter_subscribers s where private.address_key(s.email) = p_address_key
    ), retention as (
      select make_interval(months => private.retention_months()) as span
    )
    select jsonb_build_object(
      'requests', coalesce((
        select jsonb_agg(jsonb_build_object(
                 'id', a.id, 'created_at', a.created_at, 'first_name', a.first_name, 'last_name', a.last_name,
                 'email', a.email, 'phone', a.phone, 'service', a.service,
                 'preferred_date', a.preferred_date, 'preferred_time', a.preferred_time,
                 'alternative_date', a.alternative_date, 'alternative_time', a.alternative_time,
                 'message', a.message, 'status', a.status, 'confirmed_date', a.confirmed_date,
                 'confirmed_time', a.confirmed_time, 'appointment_minutes', a.appointment_minutes,
                 'advisor', a.advisor, 'staff_note', a.staff_note, 'move_status', a.move_status,
                 'move_date', a.move_date, 'move_time', a.move_time, 'cancelled_at', a.cancelled_at,
                 'language', a.language, 'delete_at', a.created_at + r.span,
                 -- The times offered when the practice declined it (…_offers.sql). A time someone
                 -- else was booked at meanwhile ('busy', …_offers.sql, private.offer_json) cannot be taken now:
                 -- 'lapsed' here, as for the earlier times below, without telling about another visitor.
                 'offers', (
                   select coalesce(jsonb_agg(jsonb_build_object(
                            'number', o.number, 'offered_date', o.offered_date, 'offered_time', o.offered_time,
                            'created_at', o.created_at,
                            'status', replace(private.offer_json(o) ->> 'status', 'busy', 'lapsed'))
                          order by o.number), '[]'::jsonb)
                     from public.appointment_offers o where o.appointment_request_id = a.id),
                 -- The wish for an earlier time while it is stored (…_earlier_times.sql; ended, it
                 -- is deleted): since when, and whether a time can still be offered for it.
                 'earlier_wish', (
                   select jsonb_build_object('wished_at', w.wished_at,
                            'active', coalesce((public.earlier_time_state(a.id) ->> 'wanted')::boolean, false))
                     from public.earlier_time_wishes w where w.appointment_request_id = a.id),
                 -- The freed times offered for it. A freed time was usually another visitor's
                 -- appointment: only the time goes out, and the state as this visitor sees it
                 -- ('taken' by them, 'open', else 'lapsed' – never whether someone else took it).
                 'earlier_offers', (
                   select coalesce(jsonb_agg(jsonb_build_object(
                            'offered_date', o.offered_date, 'offered_time', o.offered_time, 'created_at', o.created_at,
                            'status', case when o.taken_at is not null then 'taken'
                                           else case private.earlier_offer_status(o, s, now())
                                                  when 'open' then 'open' when 'yours' then 'taken' else 'lapsed' end end)
                          order by o.created_at, o.id), '[]'::jsonb)
                     from public.earlier_time_offers o
                     join public.appointment_requests s on s.id = o.appointment_request_id
                    where o.appointment_request_id = a.id))
               order by a.created_at)
          from requests a, retention r), '[]'::jsonb),
      'messages', coalesce((
        select jsonb_agg(jsonb_build_object(
                 'id', c.id, 'created_at', c.created_at, 'name', c.name, 'email', c.email, 'phone', c.phone,
                 'subject', c.subject, 'message', c.message, 'language', c.language, 'delete_at', c.created_at + r.span)
               order by c.created_at)
          from messages c, retention r), '[]'::jsonb),
      'newsletter', (
        select jsonb_build_object('email', s.email, 'status', s.status, 'created_at', s.created_at,
                 'confirmed_at', s.confirmed_at, 'language', s.language, 'delete_at', s.expires_at)
          from subscriber s),
      'mails', coalesce((
        select jsonb_agg(jsonb_build_object(
                 'kind', m.kind, 'recipient', m.recipient, 'created_at', m.created_at, 'sent_at', m.sent_at,
                 'superseded_at', m.superseded_at, 'gave_up_at', m.gave_up_at,
                 -- A reminder's appointment day: the page says when it goes out (the day
                 -- before, from REMINDERS_FROM_HOUR: domain/outbox.ts, reminderDueAt).
                 'appointment_date', case when m.kind = 'reminder'
                   then (select a.confirmed_date from requests a where a.id = m.appointment_request_id) end,
                 'delete_at', case
                   -- A link's lifetime starts when it is sent (its link is made then); one still owed: not yet known.
                   when m.kind = 'data-link' then m.sent_at + private.data_link_lifetime()
                   -- An invoice's mail goes with its invoice, ten years after the end of its year.
                   when m.kind = 'invoice' then (
                     select make_date(extract(year from i.issued_on)::integer + private.invoice_retention_years() + 1, 1, 1)::timestamptz
                       from public.invoices i where i.number = m.about)
                   when m.appointment_request_id is not null
                     then (select a.created_at + r.span from requests a, retention r where a.id = m.appointment_request_id)
                   when m.contact_message_id is not null
                     then (select c.created_at + r.span from messages c, retention r where c.id = m.contact_message_id)
                   else (select s.expires_at from subscriber s where s.id = m.subscriber_id)
                 end)
               order by m.created_at, m.id)
          from public.outbox_mails m
         where m.appointment_request_id in (select id from requests)
            or m.contact_message_id in (select id from messages)
            or m.subscriber_id in (select id from subscriber)
            or (m.kind = 'data-link' and private.address_key(m.email) = p_address_key)
            -- The invoices' mails, which refer to the invoice (kept after an erasure), not the request.
            or (m.kind = 'invoice' and m.about in (select i.number from public.invoices i where i.address_key = p_address_key))), '[]'::jsonb)
    ))
    -- The invoices, kept ten years also after an erasure (…_invoices.sql, private.my_invoices).
    || jsonb_build_object('invoices', private.my_invoices(p_address_key));
  end
  $$;

-- The address's confirmed appointments that have not begun, and its cancellations whose
-- mails are not out yet: public.erase_mailbox cancels the first (as the visitor withdrawing,
-- with no notice) and tells the practice of both in its erasure mail.
create function public.mailbox_appointments(p_address_key text) returns jsonb
  language sql stable
  security invoker
  set search_path = ''
  as $$
    select coalesce(jsonb_agg(a.id order by a.confirmed_date, a.confirmed_time), '[]'::jsonb)
      from public.appointment_requests a
     where private.address_key(a.email) = p_address_key
       and (a.status = 'confirmed' and private.appointment_starts_at(a) > now()
            -- A cancellation whose mails are not out yet: erased with its row, so told here.
            or a.status = 'cancelled' and exists (
              select 1 from public.outbox_mails m
               where m.appointment_request_id = a.id and m.kind = 'outcome' and m.about = 'cancelled'
                 and m.sent_at is null and m.superseded_at is null))
  $$;

-- ---------------------------------------------------------------------------------------
-- 3. The erasure: in one transaction, the address's appointments cancelled, a tombstone
-- per appointment the feeds showed, every row about the address deleted, and – when
-- anything was erased – the practice's erasure mail owed (kind 'erasure', recipient the
-- practice); the caller claims it (public.claim_mail) and sends it after the transaction;
-- the outbox sends it if that fails (the mail may wait there while the provider fails).
-- Until it is sent its row keeps the address (for the practice to find its own copies) and
-- the cancelled slots (day, time, minutes, advisor, sequence: the tombstone's fields) in
-- `about`, nothing else; public.finish_mail clears both when it is sent (…_outbox.sql: a
-- row about an erased address holds it only until the practice has the mail), so once the
-- practice has it no row names the address but the invoices. The emptied row – its key
-- still answering 'already_sent' – is deleted by the retention
-- (public.delete_expired_form_submissions).
-- Concurrent and repeated calls for one address are one after the other (a transaction
-- lock on the key): the second finds nothing, owes no mail and answers zero counts.
-- Answers the counts, 'cancelled' (appointments cancelled now) and 'erasure' (the erasure
-- mail's key, or null when nothing was erased).
-- p_mailbox_hash: the salted hash of the address's mailbox key, the key of its
-- acknowledgement's rate-limit events (null: none deleted).

create function public.erase_mailbox(p_address_key text, p_mailbox_hash text default null) returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    requests integer;
    messages integer;
    subscriptions integer;
    mails integer;
    links integer;
    limits integer := 0;
    tombstones integer;
    kept integer;
    kept_numbers jsonb;
    diaries integer;
    cancelled integer := 0;
    told jsonb;
    slots jsonb;
    address text;
    erasure_id uuid := gen_random_uuid();
    erasure text := null;
  begin
    if p_address_key is null or strpos(p_address_key, '@') < 2 then
      raise exception 'not an address key' using errcode = '22023';
    end if;
    perform pg_advisory_xact_lock(hashtextextended('erase_mailbox/' || p_address_key, 0));
    -- The appointments the practice is told of; the confirmed ones are cancelled as the
    -- visitor's own cancellation with no notice (its consequences – a freed time offered to
    -- those waiting – as always). Their outcome mails go with their rows: the erasure mail
    -- says it instead.
    told := public.mailbox_appointments(p_address_key);
    select count(*) into cancelled
      from jsonb_array_elements_text(told) as t(id)
     where public.cancel_appointment(t.id::uuid, interval '0') ->> 'result' = 'changed';
    select coalesce(jsonb_agg(jsonb_build_object(
             'id', a.id, 'confirmed_date', a.confirmed_date, 'confirmed_time', a.confirmed_time,
             'appointment_minutes', a.appointment_minutes, 'advisor', a.advisor,
             'calendar_sequence', a.calendar_sequence)
           order by a.confirmed_date, a.confirmed_time), '[]'::jsonb),
           min(a.email)
      into slots, address
      from public.appointment_requests a
     where a.id in (select t.id::uuid from jsonb_array_elements_text(told) as t(id))
       and a.confirmed_date is not null and a.confirmed_time is not null;
    select count(*) into mails from public.outbox_mails m
     where m.appointment_request_id in (
             select a.id from public.appointment_requests a where private.address_key(a.email) = p_address_key)
        or m.contact_message_id in (
             select c.id from public.contact_submissions c where private.address_key(c.email) = p_address_key)
        or m.subscriber_id in (
             select s.id from public.newsletter_subscribers s where private.address_key(s.email) = p_address_key);
    insert into public.calendar_cancellations as t
           (id, confirmed_date, confirmed_time, appointment_minutes, advisor, calendar_sequence)
      select a.id, a.confirmed_date, a.confirmed_time, a.appointment_minutes, a.advisor,
             a.calendar_sequence + case when a.status = 'confirmed' then 1 else 0 end
        from public.appointment_requests a
       where private.address_key(a.email) = p_address_key
         and a.status in ('confirmed', 'cancelled') and a.confirmed_date >= private.practice_today()
      on conflict (id) do nothing;
    get diagnostics tombstones = row_count;
    -- The address as it was typed (the first stored one), for the practice's mail.
    address := coalesce(address,
      (select a.email from public.appointment_requests a where private.address_key(a.email) = p_address_key limit 1),
      (select c.email from public.contact_submissions c where private.address_key(c.email) = p_address_key limit 1),
      (select s.email from public.newsletter_subscribers s where private.address_key(s.email) = p_address_key limit 1));
    -- The sleep diaries go with their requests (on delete cascade): counted first, for the
    -- page that says what was deleted.
    select count(*) into diaries from public.sleep_diaries d
     where d.appointment_request_id in (select a.id from public.appointment_requests a where private.address_key(a.email) = p_address_key);
    delete from public.appointment_requests a where private.address_key(a.email) = p_address_key;
    get diagnostics requests = row_count;
    delete from public.contact_submissions c where private.address_key(c.email) = p_address_key;
    get diagnostics messages = row_count;
    delete from public.newsletter_subscribers s where private.address_key(s.email) = p_address_key;
    get diagnostics subscriptions = row_count;
    delete from public.outbox_mails m where m.kind = 'data-link' and private.address_key(m.email) = p_address_key;
    get diagnostics links = row_count;
    if p_mailbox_hash is not null then
      delete from public.rate_limit_events e where e.key = p_mailbox_hash;
      get diagnostics limits = row_count;
    end if;
    -- The invoices stay (ten years, CO Art. 958f): their request is gone (set null), they are
    -- not, nor their mails (which refer to the invoice); the practice's links still find them
    -- by the appointment's id. The erasure mail names their numbers.
    select count(*), coalesce(jsonb_agg(i.number order by i.number), '[]'::jsonb) into kept, kept_numbers
      from public.invoices i where i.address_key = p_address_key;
    if address is not null then
      insert into public.outbox_mails (id, kind, email, about, idempotency_key)
        values (erasure_id, 'erasure', address, jsonb_build_object('appointments', slots, 'invoices', kept_numbers)::text,
                'erasure/' || erasure_id);
      erasure := 'erasure/' || erasure_id;
    end if;
    return jsonb_build_object(
      'requests', requests,
      'messages', messages,
      'newsletter', subscriptions,
      'mails', mails + links,
      'rate_limit_events', limits,
      'calendar_cancellations', tombstones,
      'cancelled', cancelled,
      'sleep_diaries', diaries,
      'invoices_kept', kept,
      'erasure', erasure
    );
  end
  $$;

-- ---------------------------------------------------------------------------------------
-- 4. The link asked for on the page («Link senden»). Owed only to an address with something
-- stored under its address key (a request, a message, a subscription); for any other
-- address nothing is written. The function calls this after its answer, so neither the
-- answer nor its timing differs. The links have a budget of their own (the acknowledgement's
-- counts are not touched): at most one sent per mailbox (the folded key) in
-- p_per_address_seconds, and p_daily_cap sent in the last day; charged only for a mail that
-- went out or is being sent (a live claim). A link the budget holds back is written
-- deferred (last_cause 'link_budget') and the outbox's run (public.claim_mail('data-link'),
-- within private.data_link_room) sends it once there is
-- room, oldest first, while its link works. While one link of the address is still owed, a
-- new request adds none. The decisions about the budget are taken one at a time (a
-- transaction lock), so concurrent askers and the outbox cannot overshoot it.
-- Answers {"status": "owed", "key": …} (the caller claims it, public.claim_mail, and sends it now),
-- {"status": "deferred"} (written, the outbox sends it), or {"status": "not_owed"}.

-- Whether the links' budget has room for one more link to mailbox p_mailbox now.
create function private.data_link_room(p_mailbox text, p_per_address_seconds integer, p_daily_cap integer)
  returns boolean
  language sql stable
  set search_path = ''
  as $$
    select not exists (
             select 1 from public.outbox_mails m
              where m.kind = 'data-link' and m.mailbox_key = p_mailbox
                and (m.sent_at > now() - make_interval(secs => greatest(p_per_address_seconds, 1))
                     or (m.sent_at is null and m.claimed_at >= now() - private.claim_lapse())))
       and (select count(*) from public.outbox_mails m
             where m.kind = 'data-link'
               and (m.sent_at > now() - interval '1 day'
                    or (m.sent_at is null and m.claimed_at >= now() - private.claim_lapse()))) < greatest(p_daily_cap, 1)
  $$;

-- p_language: the page's the link was asked on; its mail is written in it (German when null).
create function public.owe_data_link(p_email text, p_per_address_seconds integer, p_daily_cap integer, p_language text default null) returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    row_id uuid := gen_random_uuid();
    key text := private.address_key(p_email);
    mailbox text := private.mailbox_key(p_email);
  begin
    if not private.is_mail_address(p_email) then
      raise exception 'not an address' using errcode = '22023';
    end if;
    if not exists (select 1 from public.appointment_requests a where private.address_key(a.email) = key)
       and not exists (select 1 from public.contact_submissions c where private.address_key(c.email) = key)
       and not exists (select 1 from public.newsletter_subscribers s where private.address_key(s.email) = key)
       and not exists (select 1 from public.invoices i where i.address_key = key) then
      return jsonb_build_object('status', 'not_owed');
    end if;
    perform pg_advisory_xact_lock(hashtextextended('data-link-budget', 0));
    if exists (
      select 1 from public.outbox_mails m
       where m.kind = 'data-link' and private.address_key(m.email) = key
         and m.sent_at is null and m.superseded_at is null) then
      -- Still owed (waiting for the budget, or being sent): that link goes out.
      return jsonb_build_object('status', 'not_owed');
    end if;
    -- A link waiting for the day's cap goes first: held back too while one waits that the
    -- budget now has room for (one waiting only for its own mailbox's interval holds back
    -- nobody else).
    if not private.data_link_room(mailbox, p_per_address_seconds, p_daily_cap)
       or exists (
         select 1 from public.outbox_mails m
          where m.kind = 'data-link' and m.last_cause = 'link_budget' and m.sent_at is null
            and m.superseded_at is null
            and private.data_link_room(m.mailbox_key, p_per_address_seconds, p_daily_cap)) then
      insert into public.outbox_mails (id, kind, email, mailbox_key, language, idempotency_key, last_cause)
        values (row_id, 'data-link', p_email, mailbox, p_language, 'data-link/' || row_id, 'link_budget');
      return jsonb_build_object('status', 'deferred');
    end if;
    insert into public.outbox_mails (id, kind, email, mailbox_key, language, idempotency_key)
      values (row_id, 'data-link', p_email, mailbox, p_language, 'data-link/' || row_id);
    return jsonb_build_object('status', 'owed', 'key', 'data-link/' || row_id);
  end
  $$;

-- ---------------------------------------------------------------------------------------
-- 5. The outbox's hooks of the link and the erasure mail (the registry's mailKinds[kind].sql,
-- called by the dispatch generated into …_rules.sql).
--
-- The outbox's run claims the link mails due with public.claim_mail('data-link', …) with
-- the links' budget (…_outbox.sql): those held back by the budget (last_cause
-- 'link_budget') at once, the others after the grace period (younger ones are the asking
-- call's), oldest first, however long they waited – each only when the budget has room for it
-- (private.data_link_room): one whose mailbox had a link a moment ago waits, and none once
-- the day's cap is reached.

-- Before the run claims: the links' budget is decided one at a time (owe_data_link takes the
-- same lock), so concurrent askers and the outbox cannot overshoot it.
create function private.prepare_data_link_mails(p_budget jsonb, p_now timestamptz) returns void
  language sql
  set search_path = ''
  as $$ select pg_advisory_xact_lock(hashtextextended('data-link-budget', 0)) $$;

-- Due: a link the budget held back at once (it is no asking call's any more), the others
-- after the grace period.
create function private.data_link_mail_due(o public.outbox_mails, p_today date, p_grace interval) returns boolean
  language sql stable
  set search_path = ''
  as $$ select o.created_at < now() - p_grace or o.last_cause = 'link_budget' $$;

-- Whether the links' budget p_budget {"per_address_seconds", "daily_cap"} has room for this
-- link now.
create function private.data_link_mail_has_room(o public.outbox_mails, p_budget jsonb) returns boolean
  language sql stable
  set search_path = ''
  as $$
    select private.data_link_room(o.mailbox_key, (p_budget ->> 'per_address_seconds')::integer,
                                  (p_budget ->> 'daily_cap')::integer)
  $$;

-- What the link's sender reads: the address, its mailbox and the language it was asked in,
-- nothing else (the link is made when it is sent).
create function private.data_link_mail_json(m public.outbox_mails) returns jsonb
  language sql stable
  set search_path = ''
  as $$
    select jsonb_build_object('id', m.id, 'email', m.email, 'mailbox_key', m.mailbox_key, 'created_at', m.created_at,
                              'language', coalesce(m.language, private.default_language()))
  $$;

-- What the erasure mail's sender reads: the erased address, the cancelled slots and the
-- numbers of the invoices kept (its about, JSON) – null once it is sent (finish_mail clears them).
create function private.erasure_mail_json(m public.outbox_mails) returns jsonb
  language sql stable
  set search_path = ''
  as $$
    select jsonb_build_object('id', m.id, 'email', m.email, 'created_at', m.created_at,
                              'appointments', m.about::jsonb -> 'appointments', 'invoices', m.about::jsonb -> 'invoices')
  $$;

revoke all on function
  public.calendar_cancellations_between(date, date),
  public.my_data(text),
  public.mailbox_appointments(text),
  public.erase_mailbox(text, text),
  public.owe_data_link(text, integer, integer, text),
  private.data_link_room(text, integer, integer),
  private.prepare_data_link_mails(jsonb, timestamptz),
  private.data_link_mail_due(public.outbox_mails, date, interval),
  private.data_link_mail_has_room(public.outbox_mails, jsonb),
  private.data_link_mail_json(public.outbox_mails),
  private.erasure_mail_json(public.outbox_mails)
  from public, anon, authenticated;
grant execute on function
  public.calendar_cancellations_between(date, date),
  public.my_data(text),
  public.mailbox_appointments(text),
  public.erase_mailbox(text, text),
  public.owe_data_link(text, integer, integer, text),
  private.data_link_room(text, integer, integer),
  private.prepare_data_link_mails(jsonb, timestamptz),
  private.data_link_mail_due(public.outbox_mails, date, interval),
  private.data_link_mail_has_room(public.outbox_mails, jsonb),
  private.data_link_mail_json(public.outbox_mails),
  private.erasure_mail_json(public.outbox_mails)
  to service_role;
