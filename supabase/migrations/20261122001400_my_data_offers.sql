-- «Meine Daten» (…_my_data.sql) lists the rows two later migrations added about a
-- request: under each request, the times the practice offered when it declined it
-- (public.appointment_offers, …_offers.sql), the visitor's wish for an earlier time and the
-- freed times offered for it (public.earlier_time_wishes, public.earlier_time_offers,
-- …_earlier_times.sql). public.erase_mailbox needs no change: the three tables are deleted
-- with their request (on delete cascade). Otherwise public.my_data is as before.

create or replace function public.my_data(p_address_key text) returns jsonb
  language sql stable
  security invoker
  set search_path = ''
  as $$
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
                 'delete_at', a.created_at + r.span,
                 -- The times offered when the practice declined it (…_offers.sql). A time someone
                 -- else was booked at meanwhile ('busy', …_busy_offers.sql) cannot be taken now:
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
            or (m.kind = 'data-link' and private.address_key(m.email) = p_address_key)), '[]'::jsonb)
    )
  $$;
