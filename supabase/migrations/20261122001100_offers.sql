-- Offered times (docs/appointment-lifecycle.md, «Offered times»): the practice declines a
-- request and offers up to private.max_offers() other start times; the visitor takes one
-- from the decline mail and the request is confirmed at once at that time, with an advisor
-- free (the practice agreed when it offered). The constants are generated from
-- supabase/functions/_shared/domain/offers.ts (…_rules.sql).
--
-- An offer is open until it is taken, until another offer of its request is taken
-- (withdrawn_at), or until it lapses by time: private.offer_lifetime() after it was made, or
-- once its start comes within private.cancellation_notice() – computed, never stored, so no
-- job has to run for it (private.offer_lapses_at).
--
-- The mails: taking an offer confirms the request, so its outcome_key becomes 'confirmed'
-- and the outbox trigger (…_outbox.sql) owes the state's mails as for any confirmation –
-- the visitor's confirmation with termin.ics and the practice's copy, which outcome-mails.ts
-- words as «… hat den angebotenen Termin genommen» when confirmed_offer is set. No new kind.

-- Which offer confirmed the request is the request's own column, confirmed_offer
-- (…_appointment_requests.sql).

create table public.appointment_offers (
  appointment_request_id uuid not null references public.appointment_requests (id) on delete cascade,
  -- 1, 2, 3 in the order the practice's page listed them; the offer's link names it.
  number integer not null constraint number_valid check (number between 1 and private.max_offers()),
  offered_date date not null,
  offered_time text not null constraint offered_time_valid check (private.is_time_slot(offered_time)),
  created_at timestamptz not null default now(),
  taken_at timestamptz,
  -- Another offer of the request was taken.
  withdrawn_at timestamptz,
  primary key (appointment_request_id, number),
  constraint taken_or_withdrawn check (taken_at is null or withdrawn_at is null)
);
comment on table public.appointment_offers is
  'Start times the practice offered when declining a request; deleted with the request.';

alter table public.appointment_offers enable row level security;
revoke all on public.appointment_offers from anon, authenticated;
grant all on public.appointment_offers to service_role;

-- When the offer stops being takeable by time (domain/offers.ts offerLapsesAt).
create function private.offer_lapses_at(o public.appointment_offers, p_min_notice interval default null) returns timestamptz
  language sql stable parallel safe
  set search_path = ''
  as $$
    select least(o.created_at + private.offer_lifetime(),
                 (o.offered_date + o.offered_time::time) at time zone 'Europe/Zurich'
                   - coalesce(p_min_notice, private.cancellation_notice()))
  $$;

-- An offer as the functions read it: number, date, time, lapsesAt and its state: 'open',
-- 'taken', or 'lapsed' (by time, or another one was taken).
-- An offered time someone else was booked at meanwhile: an offer not taken and not lapsed
-- whose time nobody is free for any more, for its request's length (private.someone_free,
-- the capacity rule of domain/capacity.ts that a confirmation checks), reads as 'busy'
-- (domain/offers.ts OfferStatus) and is never linked as open. Computed when read, never
-- stored: it is open again once the time frees up. public.take_offer still decides under
-- the day's lock on its own.
create function private.offer_json(o public.appointment_offers, p_min_notice interval default null) returns jsonb
  language sql stable
  set search_path = ''
  as $$
    select jsonb_build_object(
      'number', o.number, 'date', o.offered_date, 'time', o.offered_time,
      'lapsesAt', private.offer_lapses_at(o, p_min_notice),
      'status', case when o.taken_at is not null then 'taken'
                     when o.withdrawn_at is not null or private.offer_lapses_at(o, p_min_notice) <= now() then 'lapsed'
                     when not private.someone_free(
                            o.offered_date, o.offered_time,
                            (select r.appointment_minutes from public.appointment_requests r where r.id = o.appointment_request_id),
                            o.appointment_request_id) then 'busy'
                     else 'open' end)
  $$;

-- The offers of a request, by number.
create function public.appointment_offers_of(p_id uuid, p_min_notice interval default null) returns jsonb
  language sql stable
  security invoker
  set search_path = ''
  as $$
    select coalesce(jsonb_agg(private.offer_json(o, p_min_notice) order by o.number), '[]'::jsonb)
      from public.appointment_offers o where o.appointment_request_id = p_id
  $$;

-- Decline with offered times: public.decide_appointment's decline (the same UPDATE, the
-- same answers), and when this call declined it, the offers (p_offers: [{date, time}], at
-- most private.max_offers(), distinct) in the same transaction – so the decline mail, sent
-- after the commit, always sees them. A second press ('unchanged') adds nothing.
create function public.decline_with_offers(p_id uuid, p_note text, p_offers jsonb) returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    answer jsonb;
  begin
    if p_offers is null or jsonb_typeof(p_offers) <> 'array' or jsonb_array_length(p_offers) > private.max_offers() then
      raise exception 'offers: an array of at most % slots', private.max_offers() using errcode = '22023';
    end if;
    answer := public.decide_appointment(p_id, 'decline', null, null, p_note);
    if answer ->> 'result' = 'changed' then
      insert into public.appointment_offers (appointment_request_id, number, offered_date, offered_time)
        select p_id, e.ordinality, (e.value ->> 'date')::date, e.value ->> 'time'
          from jsonb_array_elements(p_offers) with ordinality as e;
    end if;
    return answer || jsonb_build_object('offers', public.appointment_offers_of(p_id));
  end
  $$;

-- The visitor takes offer p_offer. In one transaction: the request's row is locked (two
-- presses, on one offer or two, take turns), the offer must be open, someone must be free
-- for the request's length at that time (private.someone_free and the day's turn, as
-- decide_appointment), then the request is confirmed there with the first advisor free
-- (the exclusion constraint has the last word), the offer is taken and the others are
-- withdrawn. Answers {result, request, offers}:
--   'changed'    this call confirmed it;
--   'unchanged'  this offer was taken already (a second press);
--   'taken'      someone else was booked at that time meanwhile (nothing changed);
--   'lapsed'     the offer lapsed by time, or another offer was taken;
--   'conflict'   the request is not declined any more otherwise (confirmed by the practice);
--   'not_found'  no such request or offer.
create function public.take_offer(p_id uuid, p_offer integer, p_min_notice interval default null) returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    r public.appointment_requests;
    o public.appointment_offers;
    candidate text;
    done boolean := false;
  begin
    select * into r from public.appointment_requests a where a.id = p_id for update;
    if not found then
      return jsonb_build_object('result', 'not_found');
    end if;
    select * into o from public.appointment_offers x where x.appointment_request_id = p_id and x.number = p_offer;
    if not found then
      return jsonb_build_object('result', 'not_found');
    end if;
    if o.taken_at is not null then
      return private.lifecycle_answer('unchanged', r) || jsonb_build_object('offers', public.appointment_offers_of(p_id, p_min_notice));
    end if;
    if o.withdrawn_at is not null or private.offer_lapses_at(o, p_min_notice) <= now() then
      return private.lifecycle_answer('lapsed', r) || jsonb_build_object('offers', public.appointment_offers_of(p_id, p_min_notice));
    end if;
    if r.status <> 'declined' then
      return private.lifecycle_answer('conflict', r) || jsonb_build_object('offers', public.appointment_offers_of(p_id, p_min_notice));
    end if;
    perform private.lock_schedule_day(o.offered_date);
    if private.someone_free(o.offered_date, o.offered_time, r.appointment_minutes, p_id) then
      foreach candidate in array private.advisor_candidates(null) loop
        begin
          update public.appointment_requests a
            set status = 'confirmed', confirmed_date = o.offered_date, confirmed_time = o.offered_time,
                advisor = candidate, confirmed_offer = o.number,
                calendar_sequence = a.calendar_sequence + 1, decided_at = now()
            where a.id = p_id and a.status = 'declined'
            returning a.* into r;
          done := found;
          exit;
        exception when exclusion_violation then
          null;
        end;
      end loop;
    end if;
    if not done then
      return private.lifecycle_answer('taken', r) || jsonb_build_object('offers', public.appointment_offers_of(p_id, p_min_notice));
    end if;
    update public.appointment_offers x set taken_at = now() where x.appointment_request_id = p_id and x.number = p_offer;
    update public.appointment_offers x set withdrawn_at = now()
     where x.appointment_request_id = p_id and x.number <> p_offer and x.taken_at is null and x.withdrawn_at is null;
    return private.lifecycle_answer('changed', r) || jsonb_build_object('offers', public.appointment_offers_of(p_id, p_min_notice));
  end
  $$;

revoke all on function private.offer_lapses_at(public.appointment_offers, interval),
  private.offer_json(public.appointment_offers, interval) from public;
grant execute on function private.offer_lapses_at(public.appointment_offers, interval),
  private.offer_json(public.appointment_offers, interval) to service_role;
revoke all on function public.appointment_offers_of(uuid, interval),
  public.decline_with_offers(uuid, text, jsonb),
  public.take_offer(uuid, integer, interval) from public, anon, authenticated;
grant execute on function public.appointment_offers_of(uuid, interval),
  public.decline_with_offers(uuid, text, jsonb),
  public.take_offer(uuid, integer, interval) to service_role;
