-- An offered time someone else was booked at meanwhile (…_offers.sql): an offer not taken
-- and not lapsed whose time nobody is free for any more, for its request's length
-- (private.someone_free, the capacity rule of domain/capacity.ts that a confirmation
-- checks), reads as 'busy' (domain/offers.ts OfferStatus) and is never linked as open.
-- Computed when read, never stored: it is open again once the time frees up.
-- public.take_offer still decides under the day's lock on its own.

create or replace function private.offer_json(o public.appointment_offers, p_min_notice interval default null) returns jsonb
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
