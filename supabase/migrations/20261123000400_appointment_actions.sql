-- Appointment lifecycle, second part (docs/appointment-lifecycle.md): what the action
-- function reads, and the reminder the day before.
--
-- get_appointment_request: the request a link's token names, for the action page (the
-- function shows only the name, service, slots and status from it).
-- claim_due_reminders / finish_reminder: the visitor's reminder for the appointments of a
-- day, exactly once per appointment: claimed in one UPDATE (a claim older than 2 minutes
-- counts as abandoned, a failed send releases it), only while the appointment is
-- confirmed, so a cancelled one is never reminded; sent is recorded per request.
-- All for the service role only; anon and authenticated gain nothing.

alter table public.appointment_requests
  add column reminder_claimed_at timestamptz,
  add column reminded_at timestamptz;

create function public.get_appointment_request(p_id uuid) returns jsonb
  language sql stable
  security invoker
  set search_path = ''
  as $$ select to_jsonb(a) from public.appointment_requests a where a.id = p_id $$;

-- Claims the confirmed appointments on p_date whose reminder has not gone out (at most
-- p_limit per call; the caller calls again while it gets a full batch) and answers them.
create function public.claim_due_reminders(p_date date, p_limit integer default 50) returns jsonb
  language sql
  security invoker
  set search_path = ''
  as $$
    with due as (
      select a.id from public.appointment_requests a
        where a.status = 'confirmed' and a.confirmed_date = p_date and a.reminded_at is null
          and (a.reminder_claimed_at is null or a.reminder_claimed_at < now() - interval '2 minutes')
        order by a.confirmed_time, a.id
        limit least(greatest(p_limit, 0), 500)
        for update skip locked
    ), claimed as (
      update public.appointment_requests a
        set reminder_claimed_at = now()
        from due
        where a.id = due.id and a.status = 'confirmed'
        returning a.*
    )
    select coalesce(jsonb_agg(to_jsonb(c) order by c.confirmed_time, c.id), '[]'::jsonb) from claimed c
  $$;

create function public.finish_reminder(p_id uuid, p_sent boolean) returns void
  language sql
  security invoker
  set search_path = ''
  as $$
    update public.appointment_requests a
      set reminder_claimed_at = null,
          reminded_at = case when p_sent then now() else a.reminded_at end
      where a.id = p_id
  $$;

revoke all on function public.get_appointment_request(uuid),
  public.claim_due_reminders(date, integer),
  public.finish_reminder(uuid, boolean) from public, anon, authenticated;
grant execute on function public.get_appointment_request(uuid),
  public.claim_due_reminders(date, integer),
  public.finish_reminder(uuid, boolean) to service_role;

-- The reminder job, where pg_cron and pg_net can be installed (hosted Supabase): twice a
-- day (08:00 and 14:00 UTC, i.e. 09:00/10:00 and 15:00/16:00 in Zurich) it POSTs to the
-- function send-appointment-reminders, which sends tomorrow's reminders once each (the
-- second run only retries what failed). The project's URL and secret key are read from
-- Vault when the job runs (Supabase docs, "Scheduling Edge Functions"); the deploy steps
-- (docs/deploy.md) store them once as 'project_url' and 'secret_key'. Without them the job
-- fails visibly in cron.job_run_details and sends nothing. Elsewhere (the embedded stack)
-- nothing is scheduled: its own timer makes the same call.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron')
     and exists (select 1 from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_cron;
    create extension if not exists pg_net;
    perform cron.schedule(
      'send-appointment-reminders',
      '0 8,14 * * *',
      $job$
      select net.http_post(
        url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
               || '/functions/v1/send-appointment-reminders',
        headers := jsonb_build_object(
          'content-type', 'application/json',
          'apikey', (select decrypted_secret from vault.decrypted_secrets where name = 'secret_key'),
          'authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'secret_key')
        ),
        body := '{}'::jsonb,
        timeout_milliseconds := 30000
      )
      $job$
    );
  end if;
end
$$;
