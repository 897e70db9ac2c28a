-- Retention: appointment requests and contact messages are deleted 12 months after they
-- arrived (the privacy notice promises it). The rate-limit events of take_rate_limit
-- are kept one day at most. One function does it; pg_cron runs it daily where the
-- extension exists (hosted Supabase); elsewhere (the embedded stack) it is called by hand
-- or by the tests.

create function public.delete_expired_form_submissions(p_retention interval default interval '12 months')
  returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    appointments integer;
    messages integer;
    limits integer;
  begin
    delete from public.appointment_requests where created_at < now() - p_retention;
    get diagnostics appointments = row_count;
    delete from public.contact_submissions where created_at < now() - p_retention;
    get diagnostics messages = row_count;
    delete from public.rate_limit_events where created_at < now() - interval '1 day';
    get diagnostics limits = row_count;
    return jsonb_build_object(
      'appointment_requests', appointments,
      'contact_submissions', messages,
      'rate_limit_events', limits
    );
  end
  $$;

comment on function public.delete_expired_form_submissions(interval) is
  'Deletes form submissions older than the retention period (12 months) and stale rate-limit events.';

revoke all on function public.delete_expired_form_submissions(interval) from public, anon, authenticated;
grant execute on function public.delete_expired_form_submissions(interval) to service_role;

-- Daily at 03:17 UTC, where pg_cron can be installed (hosted Supabase). Re-running the
-- migration elsewhere is harmless: without the extension nothing is scheduled.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
    perform cron.schedule(
      'delete-expired-form-submissions',
      '17 3 * * *',
      'select public.delete_expired_form_submissions()'
    );
  end if;
end
$$;
