-- Appointment lifecycle, the database's part (docs/appointment-lifecycle.md): a request
-- is confirmed or declined by the practice, a confirmed one can be cancelled by the
-- visitor until a notice period before it starts. Each change happens in one conditional
-- UPDATE from the state it expects, so pressing a button twice, or confirm and cancel at
-- the same moment, ends in one consistent state; the answer says whether this call
-- changed it, found it already so, or found it otherwise. The visitor's mail for a state
-- is claimed and finished like the practice's mail (claim_appointment_notification).
--
-- The new columns are not in anon's column grant (20261122000000_form_submissions.sql),
-- so the site cannot set them; they take their defaults. The functions are for the
-- service role only, except taken_appointment_slots, which answers dates and times.

alter table public.appointment_requests
  add column status text not null default 'requested'
    constraint status_valid check (status in ('requested', 'confirmed', 'declined', 'cancelled')),
  -- The slot the practice confirmed (the preferred or the alternative one).
  add column confirmed_date date,
  add column confirmed_time text
    constraint confirmed_time_valid check (confirmed_time is null or private.is_time_slot(confirmed_time)),
  -- The practice's note to the visitor when it declines (optional).
  add column staff_note text
    constraint staff_note_valid check (
      staff_note is null
      or (private.is_filled(staff_note, 1000) and not private.forbidden_in_message(staff_note) and not private.is_blank(staff_note))
    ),
  -- RFC 5545 SEQUENCE of the appointment's calendar entry: 0 is the practice's tentative
  -- entry of the request, raised by the confirmation and again by a cancellation, so every
  -- calendar takes each file as newer than the one before (RFC 5546 3.2.2).
  add column calendar_sequence integer not null default 0,
  add column decided_at timestamptz,
  add column cancelled_at timestamptz,
  -- The visitor's mail about the current status: claimed while sending, then the status it was for.
  add column outcome_mail_claimed_at timestamptz,
  add column outcome_mailed_for text,
  add constraint slot_when_confirmed check (
    (status in ('confirmed', 'cancelled')) = (confirmed_date is not null and confirmed_time is not null)
  );

-- When the confirmed appointment starts, as an instant (the slot is on the practice's wall clock).
create function private.appointment_starts_at(r public.appointment_requests) returns timestamptz
  language sql stable parallel safe
  set search_path = ''
  as $$ select (r.confirmed_date + r.confirmed_time::time) at time zone 'Europe/Zurich' $$;

-- The answer of the state changes: what this call did, and the row as it is now.
create function private.lifecycle_answer(result text, r public.appointment_requests) returns jsonb
  language sql stable parallel safe
  set search_path = ''
  as $$ select jsonb_build_object('result', result, 'request', to_jsonb(r)) $$;

-- Confirm (with the slot) or decline (with an optional note) a request that is still open.
-- 'changed': this call decided it. 'unchanged': it was already decided the same way (the
-- same slot; a decline whatever its note), so a second press does nothing. 'conflict': it
-- was decided otherwise, or cancelled. 'not_found': no such request.
create function public.decide_appointment(p_id uuid, p_decision text, p_date date default null, p_time text default null, p_note text default null)
  returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    r public.appointment_requests;
  begin
    if p_decision not in ('confirm', 'decline') then
      raise exception 'decision must be confirm or decline' using errcode = '22023';
    end if;
    if p_decision = 'confirm' and (p_date is null or p_time is null) then
      raise exception 'a confirmation needs a date and a time' using errcode = '22023';
    end if;
    update public.appointment_requests a
      set status = case p_decision when 'confirm' then 'confirmed' else 'declined' end,
          confirmed_date = case p_decision when 'confirm' then p_date end,
          confirmed_time = case p_decision when 'confirm' then p_time end,
          staff_note = case p_decision when 'decline' then nullif(btrim(p_note), '') end,
          calendar_sequence = a.calendar_sequence + case p_decision when 'confirm' then 1 else 0 end,
          decided_at = now()
      where a.id = p_id and a.status = 'requested'
      returning a.* into r;
    if found then
      return private.lifecycle_answer('changed', r);
    end if;
    select * into r from public.appointment_requests a where a.id = p_id;
    if not found then
      return jsonb_build_object('result', 'not_found');
    end if;
    if (p_decision = 'confirm' and r.status = 'confirmed' and r.confirmed_date = p_date and r.confirmed_time = p_time)
       or (p_decision = 'decline' and r.status = 'declined') then
      return private.lifecycle_answer('unchanged', r);
    end if;
    return private.lifecycle_answer('conflict', r);
  end
  $$;

-- Cancel a confirmed appointment, as long as it starts more than p_min_notice from now.
-- 'changed' (the calendar sequence is raised), 'unchanged' (already cancelled),
-- 'too_late', 'conflict' (not confirmed), 'not_found'.
create function public.cancel_appointment(p_id uuid, p_min_notice interval default interval '24 hours')
  returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    r public.appointment_requests;
  begin
    update public.appointment_requests a
      set status = 'cancelled', cancelled_at = now(), calendar_sequence = a.calendar_sequence + 1
      where a.id = p_id and a.status = 'confirmed' and private.appointment_starts_at(a) > now() + p_min_notice
      returning a.* into r;
    if found then
      return private.lifecycle_answer('changed', r);
    end if;
    select * into r from public.appointment_requests a where a.id = p_id;
    if not found then
      return jsonb_build_object('result', 'not_found');
    end if;
    return private.lifecycle_answer(
      case r.status when 'cancelled' then 'unchanged' when 'confirmed' then 'too_late' else 'conflict' end, r);
  end
  $$;

-- The visitor's mail about the request's current status (confirmed, declined, cancelled),
-- once: 'claimed' with the row when it has not gone out yet and nobody is sending it right
-- now (a claim older than 2 minutes counts as abandoned), else 'already_notified' or
-- 'in_progress'; 'nothing_to_send' while the request is still open; 'not_found'.
create function public.claim_outcome_mail(p_id uuid) returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    r public.appointment_requests;
  begin
    update public.appointment_requests a
      set outcome_mail_claimed_at = now()
      where a.id = p_id and a.status <> 'requested'
        and a.outcome_mailed_for is distinct from a.status
        and (a.outcome_mail_claimed_at is null or a.outcome_mail_claimed_at < now() - interval '2 minutes')
      returning a.* into r;
    if found then
      return jsonb_build_object('status', 'claimed', 'request', to_jsonb(r));
    end if;
    select * into r from public.appointment_requests a where a.id = p_id;
    if not found then
      return jsonb_build_object('status', 'not_found');
    end if;
    return jsonb_build_object('status', case
      when r.status = 'requested' then 'nothing_to_send'
      when r.outcome_mailed_for = r.status then 'already_notified'
      else 'in_progress' end);
  end
  $$;

-- Ends a claim: p_sent records the mail for p_status (the status it was written for; if the
-- request changed meanwhile, its own mail is still to send); not sent releases the claim.
create function public.finish_outcome_mail(p_id uuid, p_status text, p_sent boolean) returns void
  language sql
  security invoker
  set search_path = ''
  as $$
    update public.appointment_requests a
      set outcome_mail_claimed_at = null,
          outcome_mailed_for = case when p_sent then p_status else a.outcome_mailed_for end
      where a.id = p_id
  $$;

-- The confirmed slots from p_from for p_days days (at most 92), for the booking form to
-- mark as taken: dates and times only, nobody's data. Security definer, because anon has
-- no SELECT on the table; the only function anon may call.
create function public.taken_appointment_slots(p_from date, p_days integer default 31) returns jsonb
  language sql stable
  security definer
  set search_path = ''
  as $$
    select coalesce(jsonb_agg(jsonb_build_object('date', a.confirmed_date, 'time', a.confirmed_time)
                              order by a.confirmed_date, a.confirmed_time), '[]'::jsonb)
      from public.appointment_requests a
      where a.status = 'confirmed'
        and a.confirmed_date >= p_from
        and a.confirmed_date < p_from + least(greatest(p_days, 0), 92)
  $$;

revoke all on function private.appointment_starts_at(public.appointment_requests),
  private.lifecycle_answer(text, public.appointment_requests) from public;
grant execute on function private.appointment_starts_at(public.appointment_requests),
  private.lifecycle_answer(text, public.appointment_requests) to service_role;
revoke all on function public.decide_appointment(uuid, text, date, text, text),
  public.cancel_appointment(uuid, interval),
  public.claim_outcome_mail(uuid),
  public.finish_outcome_mail(uuid, text, boolean),
  public.taken_appointment_slots(date, integer) from public, anon, authenticated;
grant execute on function public.decide_appointment(uuid, text, date, text, text),
  public.cancel_appointment(uuid, interval),
  public.claim_outcome_mail(uuid),
  public.finish_outcome_mail(uuid, text, boolean),
  public.taken_appointment_slots(date, integer) to service_role;
grant execute on function public.taken_appointment_slots(date, integer) to anon;
