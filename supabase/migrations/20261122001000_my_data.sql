-- «Meine Daten» (revFADP Art. 25: everyone may see and have erased what is stored about
-- them): what the function my-data reads and erases for one mailbox, and what a calendar
-- still needs to know after an erasure. A mailbox is private.mailbox_key(email), generated
-- from mailboxKey (…_rules.sql); every row about it is found by that key:
--   public.appointment_requests   private.mailbox_key(email)
--   public.contact_submissions    private.mailbox_key(email)
--   public.newsletter_subscribers mailbox_key
--   public.outbox_mails           through the three above (on delete cascade), and the
--                                 data-link mails by their own mailbox_key
--   public.rate_limit_events      the acknowledgement's and the link's counts, by the
--                                 mailbox's salted hash (the function passes it; the
--                                 database does not know the salt)
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
-- are listed without their text: kind, recipient, when owed, when sent.

create function public.my_data(p_mailbox_key text) returns jsonb
  language sql stable
  security invoker
  set search_path = ''
  as $$
    with requests as (
      select a.* from public.appointment_requests a where private.mailbox_key(a.email) = p_mailbox_key
    ), messages as (
      select c.* from public.contact_submissions c where private.mailbox_key(c.email) = p_mailbox_key
    ), subscriber as (
      select s.* from public.newsletter_subscribers s where s.mailbox_key = p_mailbox_key
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
                 'delete_at', a.created_at + r.span)
               order by a.created_at)
          from requests a, retention r), '[]'::jsonb),
      'messages', coalesce((
        select jsonb_agg(jsonb_build_object(
                 'id', c.id, 'created_at', c.created_at, 'name', c.name, 'email', c.email, 'phone', c.phone,
                 'subject', c.subject, 'message', c.message, 'delete_at', c.created_at + r.span)
               order by c.created_at)
          from messages c, retention r), '[]'::jsonb),
      'newsletter', (
        select jsonb_build_object('email', s.email, 'status', s.status, 'created_at', s.created_at,
                 'confirmed_at', s.confirmed_at, 'delete_at', s.expires_at)
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
                   when m.kind = 'data-link' then m.created_at + private.data_link_lifetime()
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
            or (m.kind = 'data-link' and m.mailbox_key = p_mailbox_key)), '[]'::jsonb)
    )
  $$;

-- The mailbox's confirmed appointments that have not begun: the function cancels each
-- (public.cancel_appointment with no notice: the visitor withdraws) and sends the practice
-- its cancellation before public.erase_mailbox deletes anything.
create function public.mailbox_appointments(p_mailbox_key text) returns jsonb
  language sql stable
  security invoker
  set search_path = ''
  as $$
    select coalesce(jsonb_agg(a.id order by a.confirmed_date, a.confirmed_time), '[]'::jsonb)
      from public.appointment_requests a
     where private.mailbox_key(a.email) = p_mailbox_key
       and (a.status = 'confirmed' and private.appointment_starts_at(a) > now()
            -- A cancellation whose mails are not out yet (a retry after a failed send).
            or a.status = 'cancelled' and exists (
              select 1 from public.outbox_mails m
               where m.appointment_request_id = a.id and m.kind = 'outcome' and m.about = 'cancelled'
                 and m.sent_at is null and m.superseded_at is null))
  $$;

-- ---------------------------------------------------------------------------------------
-- 3. The erasure: every row about the mailbox, in one transaction; the tombstones first.
-- Answers the counts. p_mailbox_hash: the mailbox's salted hash, the key of its rate-limit
-- events (null: none deleted).

create function public.erase_mailbox(p_mailbox_key text, p_mailbox_hash text default null) returns jsonb
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
  begin
    if p_mailbox_key is null or strpos(p_mailbox_key, '@') < 2 then
      raise exception 'not a mailbox key' using errcode = '22023';
    end if;
    select count(*) into mails from public.outbox_mails m
     where m.appointment_request_id in (
             select a.id from public.appointment_requests a where private.mailbox_key(a.email) = p_mailbox_key)
        or m.contact_message_id in (
             select c.id from public.contact_submissions c where private.mailbox_key(c.email) = p_mailbox_key)
        or m.subscriber_id in (select s.id from public.newsletter_subscribers s where s.mailbox_key = p_mailbox_key);
    insert into public.calendar_cancellations as t
           (id, confirmed_date, confirmed_time, appointment_minutes, advisor, calendar_sequence)
      select a.id, a.confirmed_date, a.confirmed_time, a.appointment_minutes, a.advisor,
             a.calendar_sequence + case when a.status = 'confirmed' then 1 else 0 end
        from public.appointment_requests a
       where private.mailbox_key(a.email) = p_mailbox_key
         and a.status in ('confirmed', 'cancelled') and a.confirmed_date >= private.practice_today()
      on conflict (id) do nothing;
    get diagnostics tombstones = row_count;
    delete from public.appointment_requests a where private.mailbox_key(a.email) = p_mailbox_key;
    get diagnostics requests = row_count;
    delete from public.contact_submissions c where private.mailbox_key(c.email) = p_mailbox_key;
    get diagnostics messages = row_count;
    delete from public.newsletter_subscribers s where s.mailbox_key = p_mailbox_key;
    get diagnostics subscriptions = row_count;
    delete from public.outbox_mails m where m.kind = 'data-link' and m.mailbox_key = p_mailbox_key;
    get diagnostics links = row_count;
    if p_mailbox_hash is not null then
      delete from public.rate_limit_events e where e.key = p_mailbox_hash;
      get diagnostics limits = row_count;
    end if;
    return jsonb_build_object(
      'requests', requests,
      'messages', messages,
      'newsletter', subscriptions,
      'mails', mails + links,
      'rate_limit_events', limits,
      'calendar_cancellations', tombstones
    );
  end
  $$;

-- ---------------------------------------------------------------------------------------
-- 4. The link asked for on the page: one data-link mail, owed now; the asking call claims it
-- (public.claim_mail) and sends it after its answer; the outbox sends it if that fails, while
-- the link works. The key names the row, never the address. Answers the key.

create function public.owe_data_link(p_email text) returns text
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    row_id uuid := gen_random_uuid();
  begin
    if not private.is_mail_address(p_email) then
      raise exception 'not an address' using errcode = '22023';
    end if;
    insert into public.outbox_mails (id, kind, email, mailbox_key, idempotency_key)
      values (row_id, 'data-link', p_email, private.mailbox_key(p_email), 'data-link/' || row_id);
    return 'data-link/' || row_id;
  end
  $$;

revoke all on function
  public.calendar_cancellations_between(date, date),
  public.my_data(text),
  public.mailbox_appointments(text),
  public.erase_mailbox(text, text),
  public.owe_data_link(text)
  from public, anon, authenticated;
grant execute on function
  public.calendar_cancellations_between(date, date),
  public.my_data(text),
  public.mailbox_appointments(text),
  public.erase_mailbox(text, text),
  public.owe_data_link(text)
  to service_role;
