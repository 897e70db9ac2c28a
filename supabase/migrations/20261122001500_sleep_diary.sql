-- The sleep diary (docs/product.md §10): a visitor's nights before a confirmed
-- appointment, kept on the page /schlaftagebuch through the function sleep-diary, read by the
-- advisor on the action page. Health data (revFADP Art. 5 c): stored only after the
-- visitor's consent (a row of sleep_diaries), deleted at once when it is withdrawn, with the
-- appointment request (on delete cascade: «Meine Daten»'s erasure, the 12 months' retention)
-- and private.sleep_diary_retention() after the appointment's day
-- (public.delete_expired_form_submissions calls private.delete_expired_sleep_diaries).
--
-- The rules of a night (the morning, the order of the times, the minutes between them) are
-- the function's (domain/sleep-diary.ts, nightProblem); the tables hold the ranges the
-- domain module states, generated (…_rules.sql, section 10). Writes per appointment are
-- limited to private.sleep_diary_daily_writes() a day (public.take_rate_limit, bucket
-- 'sleep-diary', keyed by the request's id: a random UUID that names nobody).
--
-- All of it is for the service role only (RLS on, no policy, no grant to anon or
-- authenticated): the REST API answers 42501 for the tables and the RPCs.

-- ---------------------------------------------------------------------------------------
-- 1. The tables.

-- A diary: the visitor consented (consented_at) for this appointment; reminders: «Jeden
-- Morgen erinnern» is on.
create table public.sleep_diaries (
  appointment_request_id uuid primary key references public.appointment_requests (id) on delete cascade,
  consented_at timestamptz not null default now(),
  reminders boolean not null default false
);
comment on table public.sleep_diaries is
  'Sleep diaries a visitor consented to, one per appointment (health data). Deleted with the request, on withdrawal, and 90 days after the appointment.';

-- A night, named by its morning; saving a morning again replaces it. Times on the wall clock.
create table public.sleep_diary_nights (
  appointment_request_id uuid not null references public.sleep_diaries (appointment_request_id) on delete cascade,
  morning date not null,
  bed_time time not null,
  attempt_time time not null,
  latency_minutes integer not null constraint latency_minutes_valid check (latency_minutes between 0 and private.sleep_minutes_max()),
  awakenings integer not null constraint awakenings_valid check (awakenings between 0 and private.sleep_awakenings_max()),
  wake_minutes integer not null constraint wake_minutes_valid check (wake_minutes between 0 and private.sleep_minutes_max()),
  final_wake_time time not null,
  up_time time not null,
  quality integer not null constraint quality_valid check (quality between 1 and private.sleep_quality_max()),
  note text constraint note_valid check (
    note is null or (char_length(note) <= private.sleep_note_max() and not private.forbidden_in_message(note) and not private.looks_blank(note))),
  saved_at timestamptz not null default now(),
  primary key (appointment_request_id, morning)
);
comment on table public.sleep_diary_nights is
  'The nights of a sleep diary, one per morning (health data: the note never goes into a mail to the practice, a log or a feed).';

alter table public.sleep_diaries enable row level security;
alter table public.sleep_diary_nights enable row level security;
revoke all on public.sleep_diaries, public.sleep_diary_nights from public, anon, authenticated;
grant select, insert, update, delete on public.sleep_diaries, public.sleep_diary_nights to service_role;

-- ---------------------------------------------------------------------------------------
-- 2. Reading.

-- A night as the function and «Meine Daten» read it (SleepNight, domain/sleep-diary.ts).
create function private.sleep_night_json(n public.sleep_diary_nights) returns jsonb
  language sql stable
  set search_path = ''
  as $$
    select jsonb_build_object(
      'morning', to_char(n.morning, 'YYYY-MM-DD'),
      'bedTime', to_char(n.bed_time, 'HH24:MI'),
      'attemptTime', to_char(n.attempt_time, 'HH24:MI'),
      'latencyMinutes', n.latency_minutes,
      'awakenings', n.awakenings,
      'wakeMinutes', n.wake_minutes,
      'finalWakeTime', to_char(n.final_wake_time, 'HH24:MI'),
      'upTime', to_char(n.up_time, 'HH24:MI'),
      'quality', n.quality,
      'note', n.note)
  $$;

-- An appointment's nights, by morning.
create function private.sleep_nights_json(p_id uuid) returns jsonb
  language sql stable
  set search_path = ''
  as $$
    select coalesce(jsonb_agg(private.sleep_night_json(n) order by n.morning), '[]'::jsonb)
      from public.sleep_diary_nights n where n.appointment_request_id = p_id
  $$;

-- The diary of an appointment request, or null when the request is not stored:
-- {"appointment": {"status", "date", "time", "service", "advisor", "minutes"},
--  "consented_at", "reminders", "nights": [...]}. Without consent: consented_at null, no nights.
create function public.sleep_diary(p_id uuid) returns jsonb
  language sql stable
  security invoker
  set search_path = ''
  as $$
    select jsonb_build_object(
      'appointment', jsonb_build_object(
        'status', a.status, 'date', a.confirmed_date, 'time', a.confirmed_time, 'service', a.service,
        'advisor', a.advisor, 'minutes', a.appointment_minutes),
      'consented_at', d.consented_at,
      'reminders', coalesce(d.reminders, false),
      'nights', case when d.appointment_request_id is null then '[]'::jsonb else private.sleep_nights_json(a.id) end)
      from public.appointment_requests a
      left join public.sleep_diaries d on d.appointment_request_id = a.id
     where a.id = p_id
  $$;

-- The diaries of one address key's requests, for «Meine Daten» (public.my_data lists the
-- requests; the function adds these): [{"request_id", "consented_at", "reminders",
-- "delete_on", "nights"}], the appointment's order.
create function public.sleep_diaries_of(p_address_key text) returns jsonb
  language sql stable
  security invoker
  set search_path = ''
  as $$
    select coalesce(jsonb_agg(jsonb_build_object(
             'request_id', a.id, 'consented_at', d.consented_at, 'reminders', d.reminders,
             'delete_on', to_char(a.confirmed_date + private.sleep_diary_retention(), 'YYYY-MM-DD'),
             'nights', private.sleep_nights_json(a.id))
           order by a.confirmed_date, a.confirmed_time, a.id), '[]'::jsonb)
      from public.appointment_requests a
      join public.sleep_diaries d on d.appointment_request_id = a.id
     where private.address_key(a.email) = p_address_key
  $$;

-- How many nights each of these requests' diaries keeps, for the digest: {"<request id>": n},
-- only the requests with a diary (no key: none kept). Counts only: no night leaves here.
create function public.sleep_night_counts(p_ids uuid[]) returns jsonb
  language sql stable
  security invoker
  set search_path = ''
  as $$
    select coalesce(jsonb_object_agg(d.appointment_request_id,
             (select count(*) from public.sleep_diary_nights n where n.appointment_request_id = d.appointment_request_id)), '{}'::jsonb)
      from public.sleep_diaries d
     where d.appointment_request_id = any (p_ids)
  $$;

-- ---------------------------------------------------------------------------------------
-- 3. Writing: consent, a night, withdrawal.

-- One write to an appointment's diary: null when it may go on, else the answer refusing it –
-- {"result": "not_found"}, {"result": "closed"} (the appointment is not confirmed any
-- more), {"result": "limited", "retry_after": seconds}.
create function private.sleep_diary_write(p_id uuid) returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    status_ text;
    wait integer;
  begin
    select a.status into status_ from public.appointment_requests a where a.id = p_id for update;
    if not found then
      return jsonb_build_object('result', 'not_found');
    end if;
    if status_ <> 'confirmed' then
      return jsonb_build_object('result', 'closed');
    end if;
    wait := public.take_rate_limit('sleep-diary', p_id::text, private.sleep_diary_daily_writes(), 86400);
    if wait > 0 then
      return jsonb_build_object('result', 'limited', 'retry_after', wait);
    end if;
    return null;
  end
  $$;

-- «Ich willige ein …»: the diary exists from now on. A second consent changes nothing (and
-- counts as a write). Answers {"result": "consented"} or the refusal.
create function public.consent_sleep_diary(p_id uuid) returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    refused jsonb := private.sleep_diary_write(p_id);
  begin
    if refused is not null then
      return refused;
    end if;
    insert into public.sleep_diaries (appointment_request_id) values (p_id) on conflict do nothing;
    return jsonb_build_object('result', 'consented');
  end
  $$;

-- A night, checked by the function first (nightProblem); its morning's night replaced.
-- Answers {"result": "saved"}, {"result": "no_consent"} or the refusal.
create function public.save_sleep_night(p_id uuid, p_night jsonb) returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    refused jsonb := private.sleep_diary_write(p_id);
  begin
    if refused is not null then
      return refused;
    end if;
    if not exists (select 1 from public.sleep_diaries d where d.appointment_request_id = p_id) then
      return jsonb_build_object('result', 'no_consent');
    end if;
    insert into public.sleep_diary_nights as n (
      appointment_request_id, morning, bed_time, attempt_time, latency_minutes, awakenings, wake_minutes,
      final_wake_time, up_time, quality, note)
    values (
      p_id, (p_night ->> 'morning')::date, (p_night ->> 'bedTime')::time, (p_night ->> 'attemptTime')::time,
      (p_night ->> 'latencyMinutes')::integer, (p_night ->> 'awakenings')::integer, (p_night ->> 'wakeMinutes')::integer,
      (p_night ->> 'finalWakeTime')::time, (p_night ->> 'upTime')::time, (p_night ->> 'quality')::integer,
      p_night ->> 'note')
    on conflict (appointment_request_id, morning) do update set
      bed_time = excluded.bed_time, attempt_time = excluded.attempt_time, latency_minutes = excluded.latency_minutes,
      awakenings = excluded.awakenings, wake_minutes = excluded.wake_minutes, final_wake_time = excluded.final_wake_time,
      up_time = excluded.up_time, quality = excluded.quality, note = excluded.note, saved_at = now();
    return jsonb_build_object('result', 'saved');
  end
  $$;

-- «Jeden Morgen erinnern» on or off (after consent; a write). Off, a reminder not yet sent is
-- not owed any more. Answers {"result": "reminders_set"}, {"result": "no_consent"} or the refusal.
create function public.set_sleep_reminders(p_id uuid, p_on boolean) returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    refused jsonb := private.sleep_diary_write(p_id);
  begin
    if refused is not null then
      return refused;
    end if;
    update public.sleep_diaries d set reminders = p_on where d.appointment_request_id = p_id;
    if not found then
      return jsonb_build_object('result', 'no_consent');
    end if;
    if not p_on then
      perform private.supersede_sleep_reminders(p_id, 'reminders_off');
    end if;
    return jsonb_build_object('result', 'reminders_set');
  end
  $$;

-- The unsent morning reminders of a request (all with p_id null) that are not owed any more:
-- p_id's all, or – in the morning's run – those of an earlier day, of a diary without
-- reminders, of an appointment not confirmed or past.
create function private.supersede_sleep_reminders(p_id uuid, p_cause text, p_today date default null) returns void
  language sql
  set search_path = ''
  as $$
    select private.supersede_mails(array(
      select o.id from public.outbox_mails o
       where o.kind = 'sleep-reminder' and o.sent_at is null and o.superseded_at is null
         and (o.appointment_request_id = p_id
              or (p_id is null and (o.about < p_today::text or not exists (
                    select 1 from public.sleep_diaries d
                      join public.appointment_requests a on a.id = d.appointment_request_id
                     where d.appointment_request_id = o.appointment_request_id and d.reminders
                       and a.status = 'confirmed' and a.confirmed_date >= p_today))))), p_cause)
  $$;

-- The outbox's run from 07:00 (SLEEP_REMINDER_HOUR, the function decides the hour): the
-- morning's reminder owed to each diary with «Jeden Morgen erinnern» on whose appointment is
-- confirmed and today or later – one row per request and day (its key), so a second run the
-- same morning owes nothing – and the reminders not owed any more superseded. Answers how
-- many were owed now.
create function public.owe_sleep_reminders(p_today date) returns integer
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    owed integer;
  begin
    perform private.supersede_sleep_reminders(null, 'not_owed', p_today);
    insert into public.outbox_mails (kind, appointment_request_id, about, idempotency_key)
      select 'sleep-reminder', d.appointment_request_id, p_today::text,
             'sleep-reminder/' || d.appointment_request_id || '/' || p_today::text
        from public.sleep_diaries d
        join public.appointment_requests a on a.id = d.appointment_request_id
       where d.reminders and a.status = 'confirmed' and a.confirmed_date >= p_today
      on conflict (idempotency_key) do nothing;
    get diagnostics owed = row_count;
    return owed;
  end
  $$;

-- «Einwilligung widerrufen»: the diary and its nights deleted at once, whatever the
-- appointment's state and the write limit. Answers {"result": "withdrawn", "nights": n}.
create function public.withdraw_sleep_diary(p_id uuid) returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    nights integer;
  begin
    select count(*) into nights from public.sleep_diary_nights n where n.appointment_request_id = p_id;
    delete from public.sleep_diaries d where d.appointment_request_id = p_id;
    perform private.supersede_sleep_reminders(p_id, 'withdrawn');
    return jsonb_build_object('result', 'withdrawn', 'nights', nights);
  end
  $$;

-- ---------------------------------------------------------------------------------------
-- 4. The retention: a diary is deleted on the day private.sleep_diary_retention() after its appointment's day
-- (the day kept is the one confirmed last; a request without one has no diary it could
-- keep). Called by public.delete_expired_form_submissions; answers how many were deleted.
create function private.delete_expired_sleep_diaries() returns integer
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    deleted integer;
  begin
    delete from public.sleep_diaries d
     using public.appointment_requests a
     where a.id = d.appointment_request_id
       and (a.confirmed_date is null or a.confirmed_date + private.sleep_diary_retention() <= private.practice_today());
    get diagnostics deleted = row_count;
    return deleted;
  end
  $$;

-- ---------------------------------------------------------------------------------------
-- Privileges: the service role's alone.

revoke all on function
  private.sleep_night_json(public.sleep_diary_nights),
  private.sleep_nights_json(uuid),
  public.sleep_diary(uuid),
  public.sleep_diaries_of(text),
  public.sleep_night_counts(uuid[]),
  private.sleep_diary_write(uuid),
  public.consent_sleep_diary(uuid),
  public.save_sleep_night(uuid, jsonb),
  public.withdraw_sleep_diary(uuid),
  public.set_sleep_reminders(uuid, boolean),
  private.supersede_sleep_reminders(uuid, text, date),
  public.owe_sleep_reminders(date),
  private.delete_expired_sleep_diaries()
  from public, anon, authenticated;
grant execute on function
  private.sleep_night_json(public.sleep_diary_nights),
  private.sleep_nights_json(uuid),
  public.sleep_diary(uuid),
  public.sleep_diaries_of(text),
  public.sleep_night_counts(uuid[]),
  private.sleep_diary_write(uuid),
  public.consent_sleep_diary(uuid),
  public.save_sleep_night(uuid, jsonb),
  public.withdraw_sleep_diary(uuid),
  public.set_sleep_reminders(uuid, boolean),
  private.supersede_sleep_reminders(uuid, text, date),
  public.owe_sleep_reminders(date),
  private.delete_expired_sleep_diaries()
  to service_role;
