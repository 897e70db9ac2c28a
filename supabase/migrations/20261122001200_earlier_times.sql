-- «Früherer Termin gewünscht» (docs/appointment-lifecycle.md, «An earlier time»): a visitor
-- with a confirmed appointment asks to hear of an earlier time. When a confirmed
-- appointment's time frees up – a cancellation, a confirmed move, an erasure, a deletion –
-- every visitor waiting for whom it fits is offered that start time, one outbox mail each
-- (kind 'earlier-offer'), at most one such mail per visitor in
-- private.earlier_offer_interval() (generated from domain/earlier-time.ts). The first to
-- take it gets it: public.take_earlier_time moves the appointment in one transaction, as a
-- wish to move confirmed at once (request_appointment_move's columns, then
-- decide_appointment_move's capacity, advisor and SEQUENCE), so the «moved» mails with
-- the same calendar UID go out as for any confirmed move, and the time it leaves is
-- offered in turn. A later press finds the time taken and changes nothing.
--
-- The clock: p_now (default now()) in every function a test needs to move in time; the
-- trigger passes now().
--
-- All of it is for the service role only (RLS on, no policy).

-- ---------------------------------------------------------------------------------------
-- 1. The wish and the offers.

-- A row: the appointment's visitor wants an earlier time. Deleted when the visitor ends it
-- (one click from any offer mail), when an offer is taken, and with the request. It ends by
-- itself inside the cancellation notice: no time can be offered then (an offered time must
-- start after the notice and before the appointment), and earlier_time_state says so.
create table public.earlier_time_wishes (
  appointment_request_id uuid primary key references public.appointment_requests (id) on delete cascade,
  wished_at timestamptz not null default now()
);
comment on table public.earlier_time_wishes is
  'Visitors who asked for an earlier time («Früherer Termin gewünscht»). Deleted with the request.';

-- One freed start time offered to one waiting visitor. Its number is in the mail's link
-- (the token's fifth field), so a link takes only that time. taken_at: this visitor took it.
create table public.earlier_time_offers (
  id bigint generated always as identity primary key,
  appointment_request_id uuid not null references public.appointment_requests (id) on delete cascade,
  offered_date date not null,
  offered_time text not null constraint offered_time_valid check (private.is_time_slot(offered_time)),
  created_at timestamptz not null default now(),
  taken_at timestamptz
);
comment on table public.earlier_time_offers is
  'Freed times offered to visitors waiting for an earlier one; the link in each mail names its row. Deleted with the request.';
create index earlier_time_offers_request on public.earlier_time_offers (appointment_request_id, created_at);

-- ---------------------------------------------------------------------------------------
-- 2. What an offer is now, and the wish's state.

-- When a slot starts, as an instant (the practice's wall clock).
create function private.slot_instant(p_day date, p_time text) returns timestamptz
  language sql stable parallel safe
  set search_path = ''
  as $$ select (p_day + private.clock(p_time)) at time zone 'Europe/Zurich' $$;

-- 'yours' (the appointment is at the offered time: this visitor took it), 'expired' (the
-- appointment is not confirmed any more, the time lies within the notice, or it is no
-- longer earlier than the appointment), 'taken' (nobody is free for the appointment's
-- length then: someone else took it, or booked it), else 'open'.
create function private.earlier_offer_status(o public.earlier_time_offers, r public.appointment_requests, p_now timestamptz)
  returns text
  language sql stable
  security definer
  set search_path = ''
  as $$
    select case
      when r.status = 'confirmed' and r.confirmed_date = o.offered_date and r.confirmed_time = o.offered_time then 'yours'
      when r.status is distinct from 'confirmed'
        or private.slot_instant(o.offered_date, o.offered_time) <= p_now + private.cancellation_notice()
        or private.slot_instant(o.offered_date, o.offered_time) >= private.appointment_starts_at(r) then 'expired'
      when not private.someone_free(o.offered_date, o.offered_time, r.appointment_minutes, r.id) then 'taken'
      else 'open'
    end
  $$;

-- The wish and, with p_offer, that offer (null when it is not this request's):
-- {"wanted": bool, "offer": {"number", "date", "time", "status"} | null, "next_offer_from"}.
-- wanted: a wish is stored and the appointment is confirmed and starts after the notice.
-- next_offer_from: while one is wanted, when the next offer mail can come at the earliest –
-- private.earlier_offer_interval() after the last offer (offer_freed_time's rule); null when
-- it could come now.
create function public.earlier_time_state(p_id uuid, p_offer bigint default null, p_now timestamptz default null)
  returns jsonb
  language plpgsql stable
  security invoker
  set search_path = ''
  as $$
  declare
    now_ timestamptz := coalesce(p_now, now());
    r public.appointment_requests;
    o public.earlier_time_offers;
  begin
    select * into r from public.appointment_requests a where a.id = p_id;
    if not found then
      return null;
    end if;
    select * into o from public.earlier_time_offers e where e.id = p_offer and e.appointment_request_id = p_id;
    return jsonb_build_object(
      'wanted', r.status = 'confirmed' and private.appointment_starts_at(r) > now_ + private.cancellation_notice()
                and exists (select 1 from public.earlier_time_wishes w where w.appointment_request_id = p_id),
      'offer', case when o.id is not null then jsonb_build_object(
        'number', o.id, 'date', o.offered_date, 'time', o.offered_time,
        'status', private.earlier_offer_status(o, r, now_)) end,
      'next_offer_from', (
        select nullif(greatest(max(e.created_at) + private.earlier_offer_interval(), now_), now_)
          from public.earlier_time_offers e where e.appointment_request_id = p_id));
  end
  $$;

-- The answer of the wish's functions: the lifecycle's answer and the wish's state.
create function private.earlier_answer(p_result text, p_id uuid, p_offer bigint, p_now timestamptz) returns jsonb
  language sql stable
  set search_path = ''
  as $$
    select private.lifecycle_answer(p_result, a) || jsonb_build_object('earlier', public.earlier_time_state(p_id, p_offer, p_now))
      from public.appointment_requests a where a.id = p_id
  $$;

-- ---------------------------------------------------------------------------------------
-- 3. The visitor's wish.

-- «Früherer Termin gewünscht»: 'changed' (stored), 'unchanged' (stored already),
-- 'too_late' (inside the notice), 'conflict' (not confirmed), 'not_found'.
create function public.want_earlier_time(p_id uuid, p_now timestamptz default null) returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    now_ timestamptz := coalesce(p_now, now());
    r public.appointment_requests;
  begin
    select * into r from public.appointment_requests a where a.id = p_id for update;
    if not found then
      return jsonb_build_object('result', 'not_found');
    end if;
    if r.status <> 'confirmed' then
      return private.earlier_answer('conflict', p_id, null, now_);
    end if;
    if private.appointment_starts_at(r) <= now_ + private.cancellation_notice() then
      return private.earlier_answer('too_late', p_id, null, now_);
    end if;
    insert into public.earlier_time_wishes (appointment_request_id) values (p_id) on conflict do nothing;
    return private.earlier_answer(case when found then 'changed' else 'unchanged' end, p_id, null, now_);
  end
  $$;

-- Ends the wish (the link in every offer mail): 'changed', 'unchanged' (none stored), 'not_found'.
create function public.end_earlier_time(p_id uuid, p_now timestamptz default null) returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  begin
    if not exists (select 1 from public.appointment_requests a where a.id = p_id) then
      return jsonb_build_object('result', 'not_found');
    end if;
    delete from public.earlier_time_wishes w where w.appointment_request_id = p_id;
    return private.earlier_answer(case when found then 'changed' else 'unchanged' end, p_id, null, coalesce(p_now, now()));
  end
  $$;

-- ---------------------------------------------------------------------------------------
-- 4. A freed time is offered.

-- Offers the start time p_time on p_day to every waiting visitor for whom it fits: their
-- appointment is confirmed with no wish to move pending and starts later; an advisor is free
-- for its whole length then (private.someone_free, the capacity rule); the time starts after
-- the cancellation notice, on a day and at a time the practice offers; and the visitor was
-- not offered a time within private.earlier_offer_interval(). One offer row and one outbox
-- mail each. Answers how many were offered. The wishes are locked, so two times freed at
-- once do not both mail one visitor.
create function private.offer_freed_time(p_day date, p_time text, p_now timestamptz) returns integer
  language plpgsql
  security definer
  set search_path = ''
  as $$
  declare
    freed timestamptz := private.slot_instant(p_day, p_time);
    waiting record;
    offer bigint;
    offered integer := 0;
  begin
    if freed <= p_now + private.cancellation_notice() or private.holiday_name(p_day) is not null
       or private.is_closure(p_day) or not (p_time = any (private.opening_times(p_day))) then
      return 0;
    end if;
    for waiting in
      select a.id, a.appointment_minutes from public.earlier_time_wishes w
        join public.appointment_requests a on a.id = w.appointment_request_id
       where a.status = 'confirmed' and a.move_status is distinct from 'requested'
         and private.appointment_starts_at(a) > freed
       order by w.wished_at, a.id
       for update of w
    loop
      continue when exists (
        select 1 from public.earlier_time_offers o
         where o.appointment_request_id = waiting.id and o.created_at > p_now - private.earlier_offer_interval());
      continue when not private.someone_free(p_day, p_time, waiting.appointment_minutes, waiting.id);
      insert into public.earlier_time_offers (appointment_request_id, offered_date, offered_time, created_at)
        values (waiting.id, p_day, p_time, p_now)
        returning id into offer;
      insert into public.outbox_mails (kind, appointment_request_id, about, idempotency_key)
        values ('earlier-offer', waiting.id, offer::text, 'earlier-offer/' || offer || '/visitor');
      offered := offered + 1;
    end loop;
    return offered;
  end
  $$;

-- The trigger that calls it when a confirmed appointment leaves its time is the table's
-- (…_appointment_requests.sql, earlier_times_offered).

-- ---------------------------------------------------------------------------------------
-- 5. Taking an offered time.

-- The visitor takes offer p_offer, in one transaction, under the day's turn
-- (private.lock_schedule_day): 'changed' – the appointment moved there as a confirmed move
-- (move_count + 1, then decide_appointment_move: its advisor if free, else the other,
-- calendar_sequence + 1, the «moved» outcome mails, the old time offered in turn), the wish
-- ended; 'unchanged' – already there (a second press); 'taken' – nobody is free then any
-- more (another visitor was first), nothing changed; 'too_late' – the time lies inside the
-- notice now; 'conflict' – the appointment is not confirmed, a wish to move is pending, or
-- the time is not earlier any more; 'not_found' – no such offer for this request.
create function public.take_earlier_time(p_id uuid, p_offer bigint, p_now timestamptz default null) returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    now_ timestamptz := coalesce(p_now, now());
    o public.earlier_time_offers;
    r public.appointment_requests;
    decided jsonb;
    status text;
  begin
    select * into o from public.earlier_time_offers e where e.id = p_offer and e.appointment_request_id = p_id;
    if not found then
      return jsonb_build_object('result', 'not_found');
    end if;
    perform private.lock_schedule_day(o.offered_date);
    select * into r from public.appointment_requests a where a.id = p_id for update;
    if not found then
      return jsonb_build_object('result', 'not_found');
    end if;
    status := private.earlier_offer_status(o, r, now_);
    if status = 'yours' then
      return private.earlier_answer('unchanged', p_id, p_offer, now_);
    end if;
    if status = 'taken' then
      return private.earlier_answer('taken', p_id, p_offer, now_);
    end if;
    if r.status = 'confirmed' and private.slot_instant(o.offered_date, o.offered_time) <= now_ + private.cancellation_notice() then
      return private.earlier_answer('too_late', p_id, p_offer, now_);
    end if;
    if status <> 'open' or r.move_status = 'requested' then
      return private.earlier_answer('conflict', p_id, p_offer, now_);
    end if;
    begin
      update public.appointment_requests a
         set move_status = 'requested', move_date = o.offered_date, move_time = o.offered_time,
             move_count = a.move_count + 1, move_requested_at = now(), move_decided_at = null
       where a.id = p_id
       returning a.* into r;
      decided := public.decide_appointment_move(p_id, r.move_count, 'confirm');
      if decided ->> 'result' <> 'changed' then
        -- Nobody free after all (the constraint's refusal): undo the wish with the block.
        raise exception 'earlier time taken' using errcode = 'ET409';
      end if;
    exception when sqlstate 'ET409' then
      return private.earlier_answer('taken', p_id, p_offer, now_);
    end;
    update public.earlier_time_offers e set taken_at = now() where e.id = p_offer;
    delete from public.earlier_time_wishes w where w.appointment_request_id = p_id;
    return private.earlier_answer('changed', p_id, p_offer, now_);
  end
  $$;

-- ---------------------------------------------------------------------------------------
-- 6. The offer's mail in the outbox (the registry's mailKinds['earlier-offer'].sql, called by
-- the dispatch generated into …_rules.sql).

-- What its sender reads: the request's payload (private.appointment_mail_json) and the offer
-- (its number, the offered day and time).
create function private.earlier_offer_mail_json(m public.outbox_mails) returns jsonb
  language sql stable
  set search_path = ''
  as $$
    select private.appointment_mail_json(m)
           || coalesce((select jsonb_build_object('offer', jsonb_build_object(
                                 'number', o.id, 'date', o.offered_date, 'time', o.offered_time))
                          from public.earlier_time_offers o where o.id::text = m.about), '{}'::jsonb)
  $$;

-- The outbox's run claims the offer mails due with public.claim_mail('earlier-offer')
-- (…_outbox.sql), which prepares them with this first: an unsent offer mail no sender holds
-- whose time is no longer open, or older than the interval (a newer offer may be due by
-- then), is superseded (last_cause 'offer_gone'): such a mail would only disappoint. Each is
-- locked as it is chosen, so that one a sender claims meanwhile is chosen only if its claim
-- has lapsed. Only the outbox sends them (no visitor's call goes first), so the run claims
-- them with no grace period. p_budget: none.
create function private.prepare_earlier_offer_mails(p_budget jsonb, p_now timestamptz) returns void
  language sql
  set search_path = ''
  as $$
    select private.supersede_mails(array(
      select m.id from public.outbox_mails m, public.earlier_time_offers o, public.appointment_requests a
       where m.kind = 'earlier-offer' and m.sent_at is null and m.superseded_at is null
         and (m.claimed_at is null or m.claimed_at < now() - private.claim_lapse())
         and o.id::text = m.about and a.id = o.appointment_request_id
         and (private.earlier_offer_status(o, a, p_now) <> 'open' or m.created_at < now() - private.earlier_offer_interval())
         for update of m), 'offer_gone')
  $$;

-- ---------------------------------------------------------------------------------------
-- Privileges: the service role only; the trigger runs as its owner.
alter table public.earlier_time_wishes enable row level security;
alter table public.earlier_time_offers enable row level security;
revoke all on public.earlier_time_wishes, public.earlier_time_offers from public, anon, authenticated;
grant all on public.earlier_time_wishes, public.earlier_time_offers to service_role;

revoke all on function private.slot_instant(date, text),
  private.earlier_offer_status(public.earlier_time_offers, public.appointment_requests, timestamptz),
  private.earlier_answer(text, uuid, bigint, timestamptz),
  private.offer_freed_time(date, text, timestamptz),
  private.earlier_offer_mail_json(public.outbox_mails),
  private.prepare_earlier_offer_mails(jsonb, timestamptz) from public;
grant execute on function private.slot_instant(date, text),
  private.earlier_offer_status(public.earlier_time_offers, public.appointment_requests, timestamptz),
  private.earlier_answer(text, uuid, bigint, timestamptz),
  private.earlier_offer_mail_json(public.outbox_mails),
  private.prepare_earlier_offer_mails(jsonb, timestamptz) to service_role;

revoke all on function public.earlier_time_state(uuid, bigint, timestamptz),
  public.want_earlier_time(uuid, timestamptz),
  public.end_earlier_time(uuid, timestamptz),
  public.take_earlier_time(uuid, bigint, timestamptz) from public, anon, authenticated;
grant execute on function public.earlier_time_state(uuid, bigint, timestamptz),
  public.want_earlier_time(uuid, timestamptz),
  public.end_earlier_time(uuid, timestamptz),
  public.take_earlier_time(uuid, bigint, timestamptz) to service_role;
