-- Retries of an appointment request are idempotent for as long as the row is kept:
-- a request whose e-mail went out answers "already_notified" (the function then tells
-- the visitor it worked, because the practice has it), one being sent right now answers
-- "in_progress" (the visitor may try again), and any not yet mailed can be claimed at any
-- age (the function passes the retention period as p_max_age_seconds). Replaces the
-- function of 20261122000000_form_submissions.sql with the same signature, so its grants
-- stay as they are.
create or replace function public.claim_appointment_notification(
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
    claimed public.appointment_requests;
    existing public.appointment_requests;
  begin
    update public.appointment_requests r
      set notify_claimed_at = now()
      where r.id = p_id
        and r.notified_at is null
        and (r.notify_claimed_at is null or r.notify_claimed_at < now() - interval '2 minutes')
        and r.created_at > now() - make_interval(secs => p_max_age_seconds)
        and r.first_name = p_first_name and r.last_name = p_last_name
        and r.email = p_email and r.phone = p_phone and r.service = p_service
        and r.preferred_date = p_preferred_date
        and r.preferred_time is not distinct from p_preferred_time
        and r.alternative_date is not distinct from p_alternative_date
        and r.alternative_time is not distinct from p_alternative_time
        and r.message is not distinct from p_message
      returning r.* into claimed;
    if found then
      return jsonb_build_object('status', 'claimed', 'request', to_jsonb(claimed));
    end if;
    select * into existing from public.appointment_requests r
      where r.id = p_id
        and r.first_name = p_first_name and r.last_name = p_last_name and r.email = p_email
        and (r.notified_at is not null or r.notify_claimed_at >= now() - interval '2 minutes');
    if found then
      return jsonb_build_object('status', case when existing.notified_at is not null then 'already_notified' else 'in_progress' end);
    end if;
    return jsonb_build_object('status', 'not_found');
  end
  $$;
