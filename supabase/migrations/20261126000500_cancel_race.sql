-- A cancellation racing the confirmation it cancels. cancel_appointment's UPDATE and its
-- reading of the row are two statements: when the confirmation commits between them, the
-- UPDATE found nothing to cancel yet and the read finds a confirmed appointment – which
-- the first version answered 'too_late', although the appointment starts weeks ahead
-- (seen on PostgreSQL 15 under real concurrency). Now the UPDATE is tried again when the
-- read finds a confirmed appointment outside the notice, as request_appointment_move
-- does; 'too_late' means inside the notice. Same signature as in
-- 20261123000300_appointment_lifecycle.sql, so its grants stay.
create or replace function public.cancel_appointment(p_id uuid, p_min_notice interval default interval '24 hours')
  returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    r public.appointment_requests;
  begin
    for attempt in 1..3 loop
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
      -- Confirmed meanwhile and still outside the notice: the UPDATE ran before the
      -- confirmation was committed; try again.
      exit when r.status <> 'confirmed' or private.appointment_starts_at(r) <= now() + p_min_notice;
    end loop;
    return private.lifecycle_answer(
      case r.status when 'cancelled' then 'unchanged' when 'confirmed' then 'too_late' else 'conflict' end, r);
  end
  $$;
