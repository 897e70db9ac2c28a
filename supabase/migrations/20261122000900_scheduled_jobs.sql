-- The scheduled jobs: the retention, and every schedule pg_cron keeps.
--
-- Retention: appointment requests and contact messages are deleted 12 months after they
-- arrived (the privacy notice promises it). The rate-limit events of take_rate_limit are
-- kept one day at most; an erased appointment's calendar cancellation until its day has
-- passed, a «Meine Daten» link's mail a day (…_my_data.sql), an invoice ten years after the
-- end of its year (…_invoices.sql). One function does it; pg_cron runs it daily where the extension
-- exists (hosted Supabase); elsewhere (the embedded stack) it is called by hand or by the
-- tests. (The jobs' own record, public.job_runs, keeps 30 days: record_job_run.)
--
-- The schedules, where pg_cron and pg_net exist (hosted Supabase; Supabase docs,
-- "Scheduling Edge Functions"): the outbox send-pending-mail every 5 minutes (it also
-- sends tomorrow's reminders); the digest every hour from 05:00 to 17:00 UTC, of which the
-- function acts on the first run at or after 07:00 in Zurich (05:00 UTC in summer, 06:00
-- in winter) and retries a failed one at the next. The project's URL and secret key are
-- read from Vault when a job runs; the deploy steps (docs/deploy.md) store them once as
-- 'project_url' and 'secret_key'. Without them the jobs fail visibly in
-- cron.job_run_details and send nothing. Elsewhere (the embedded stack) nothing is
-- scheduled: its own timer makes the same calls (scripts/stack/job-timer.ts).

-- The retention's default is the slot rules' (private.retention_months, generated
-- from availability.ts), so the window a move may reach and the deletion agree.
create function public.delete_expired_form_submissions(
  p_retention interval default null)
  returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    -- Null: the retention of the domain module (a default expression would run with the caller's rights).
    retention interval := coalesce(p_retention, make_interval(months => private.retention_months()));
    appointments integer;
    messages integer;
    limits integer;
    tombstones integer;
    links integer;
    erasures integer;
    invoices integer;
    diaries integer;
  begin
    delete from public.appointment_requests where created_at < now() - retention;
    get diagnostics appointments = row_count;
    delete from public.contact_submissions where created_at < now() - retention;
    get diagnostics messages = row_count;
    -- A day, but a mailbox's one newsletter confirmation mail is remembered for 30 days.
    delete from public.rate_limit_events
     where created_at < now() - interval '1 day'
       and (bucket <> 'newsletter-confirm' or created_at < now() - private.newsletter_confirm_interval());
    get diagnostics limits = row_count;
    -- «Meine Daten» (…_my_data.sql): an erased appointment's cancellation once its day has
    -- passed, and a data-link mail once the link it carried has expired (a link is made when
    -- its mail is sent; one still owed waits, however long, and the digest names it).
    delete from public.calendar_cancellations where confirmed_date < private.practice_today();
    get diagnostics tombstones = row_count;
    delete from public.outbox_mails
     where kind = 'data-link' and coalesce(sent_at, superseded_at) < now() - private.data_link_lifetime();
    get diagnostics links = row_count;
    -- An erasure mail once the practice has it: its address and slots were cleared when it
    -- was sent (finish_mail); the emptied row, which said the mail was sent, goes too.
    delete from public.outbox_mails where kind = 'erasure' and sent_at is not null;
    get diagnostics erasures = row_count;
    -- An invoice ten years after the end of its year (CO Art. 958f; …_invoices.sql): not
    -- by the form retention, which it outlives – and its mails with it (they refer to the
    -- invoice, not to the request, so that its state outlives the request too).
    with gone as (
      delete from public.invoices
       where issued_on < make_date(extract(year from private.practice_today())::integer - private.invoice_retention_years(), 1, 1)
      returning number
    ), mails as (
      delete from public.outbox_mails m where m.kind = 'invoice' and m.about in (select number from gone)
    )
    select count(*) into invoices from gone;
    -- The sleep diaries 90 days after their appointment (…_sleep_diary.sql).
    diaries := private.delete_expired_sleep_diaries();
    return jsonb_build_object(
      'appointment_requests', appointments,
      'contact_submissions', messages,
      'rate_limit_events', limits,
      'calendar_cancellations', tombstones,
      'data_link_mails', links,
      'erasure_mails', erasures,
      'invoices', invoices,
      'sleep_diaries', diaries
    );
  end
  $$;

comment on function public.delete_expired_form_submissions(interval) is
  'Deletes form submissions older than the retention period (12 months) and stale rate-limit events.';

revoke all on function public.delete_expired_form_submissions(interval) from public, anon, authenticated;
grant execute on function public.delete_expired_form_submissions(interval) to service_role;

-- Without the extensions nothing is scheduled, and running this elsewhere is harmless.
do $$
declare
  call text := $call$
    select net.http_post(
      url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/%s',
      headers := jsonb_build_object(
        'content-type', 'application/json',
        'apikey', (select decrypted_secret from vault.decrypted_secrets where name = 'secret_key'),
        'authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'secret_key')
      ),
      body := '%s'::jsonb,
      timeout_milliseconds := private.job_call_timeout_ms()
    )
  $call$;
begin
  -- The retention, daily at 03:17 UTC.
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
    perform cron.schedule(
      'delete-expired-form-submissions',
      '17 3 * * *',
      'select public.delete_expired_form_submissions()'
    );
  end if;
  -- The outbox and the digest, which call edge functions over HTTP.
  if exists (select 1 from pg_available_extensions where name = 'pg_cron')
     and exists (select 1 from pg_available_extensions where name = 'pg_net') then
    -- In the schema extensions, as Supabase's dashboard puts it (its security advisor flags an
    -- extension in public); its functions live in the schema net whatever the schema here.
    create extension if not exists pg_net with schema extensions;
    perform cron.schedule('send-pending-mail', '*/5 * * * *', format(call, 'send-pending-mail', '{}'));
    perform cron.schedule('send-practice-digest', '0 5-17 * * *', format(call, 'send-practice-digest', '{"when":"scheduled"}'));
  end if;
end
$$;

-- The newsletter's housekeeping (…_newsletter.sql) hourly at minute 41, where pg_cron can
-- be installed (hosted Supabase). Elsewhere nothing is scheduled: the outbox runs it too
-- (every minute in the local stack).
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
    perform cron.schedule('newsletter-housekeeping', '41 * * * *', 'select public.newsletter_housekeeping()');
  end if;
end
$$;
