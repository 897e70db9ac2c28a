-- The scheduled functions' own record and the practice's morning digest
-- (docs/appointment-lifecycle.md, «When mail fails» and «Exactly once, and what remains»).
--
-- send-practice-digest tells the practice every morning what is undecided, today's and
-- tomorrow's appointments, and what the outbox (…_outbox.sql) could not deliver – with the
-- message itself, so that nothing is lost even then. public.job_runs records what the
-- scheduled functions answered.
--
-- Hosted: pg_cron + pg_net call both functions (…_scheduled_jobs.sql). Locally: the
-- embedded stack's timer makes the same calls. All of it is for the service role only.

-- ---------------------------------------------------------------------------------------
-- 1. What the scheduled functions answered: the practice's digest lists the failures, and
-- a developer reads them here (cron.job_run_details only shows that pg_net queued the call).
create table public.job_runs (
  id bigint generated always as identity primary key,
  job text not null,
  ran_at timestamptz not null default now(),
  ok boolean not null,
  -- The function's answer: counts and short codes, no personal data.
  summary jsonb not null default '{}'
);
create index job_runs_job_ran_at on public.job_runs (job, ran_at);
comment on table public.job_runs is 'Runs of the scheduled functions and what they answered; kept 30 days.';

create function public.record_job_run(p_job text, p_ok boolean, p_summary jsonb default '{}') returns void
  language sql
  security invoker
  set search_path = ''
  as $$
    delete from public.job_runs where ran_at < now() - private.forget_after();
    insert into public.job_runs (job, ok, summary) values (p_job, p_ok, coalesce(p_summary, '{}'));
  $$;

-- The digest, once a day: an outbox mail of its own (kind 'digest', about = the day, key
-- digest/<day>), claimed and finished like every mail (…_outbox.sql). A day with nothing to
-- say is finished as dropped (no mail).

-- Owes the digest of p_day to the caller and answers its idempotency key, which the caller
-- then claims (public.claim_mail('digest', key)); null when none is owed now.
-- Scheduled: the day's own mail, unless it has gone out or was found empty. Not scheduled (a
-- POST by hand): always, unless a digest of the day is being sent now – the day's own mail
-- while it is still owed, else one more (digest/<day>/<n>). Digests older than 30 days are
-- forgotten here (they hold no personal data, only that they went out).
create function public.owe_practice_digest(p_day date, p_scheduled boolean) returns text
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    key text := 'digest/' || p_day;
    m public.outbox_mails;
    n integer;
  begin
    delete from public.outbox_mails o where o.kind = 'digest' and o.created_at < now() - private.forget_after();
    insert into public.outbox_mails (kind, about, idempotency_key)
      values ('digest', p_day::text, key)
      on conflict (idempotency_key) do nothing;
    -- One digest of a day at a time: the row lock serialises concurrent runs.
    select * into m from public.outbox_mails o where o.idempotency_key = key for update;
    if exists (select 1 from public.outbox_mails o
                where o.kind = 'digest' and o.about = p_day::text and o.claimed_at >= now() - private.claim_lapse()) then
      return null;
    end if;
    if m.sent_at is null and m.superseded_at is null then
      return key;
    end if;
    if p_scheduled then
      return null;
    end if;
    select count(*) into n from public.outbox_mails o where o.kind = 'digest' and o.about = p_day::text;
    key := 'digest/' || p_day || '/' || (n + 1);
    insert into public.outbox_mails (kind, about, idempotency_key) values ('digest', p_day::text, key);
    return key;
  end
  $$;

-- Everything the digest says, as of p_now (jsonb; supabase/functions/_shared/database/
-- store.ts checks its shape): the undecided requests and the confirmed appointments whose
-- move the practice has still to decide, of the last 30 days (counted from the wish, not
-- from the request: a move of an old request is as new as the wish), oldest first (50 at
-- most, and how many in all); the confirmed appointments of today and tomorrow; the outbox
-- mails given up on and not reported yet (with the message itself; a superseded one is
-- no loss); failed job runs since the last digest; when send-pending-mail last ran.
create function public.practice_digest_data(p_now timestamptz default now()) returns jsonb
  -- plpgsql, so that it may read the invoices of a later migration (…_invoices.sql).
  language plpgsql stable
  security invoker
  set search_path = ''
  as $$
  begin
    return (
    with today as (select (p_now at time zone 'Europe/Zurich')::date as day),
    since as (
      select coalesce(max(o.sent_at), p_now - interval '1 day') as at
        from public.outbox_mails o where o.kind = 'digest'
    ),
    undecided as (
      select a.*, case when a.status = 'requested' then a.created_at else a.move_requested_at end as waiting_since
        from public.appointment_requests a
       where a.status = 'requested' or (a.status = 'confirmed' and a.move_status = 'requested')
    )
    select jsonb_build_object(
      'undecided', coalesce((
        select jsonb_agg(private.appointment_json(a) order by u.waiting_since)
          from (select u.id, u.waiting_since from undecided u
                 where u.waiting_since > p_now - interval '30 days'
                 order by u.waiting_since limit 50) u
          join public.appointment_requests a on a.id = u.id), '[]'),
      'undecidedTotal', (select count(*) from undecided u where u.waiting_since > p_now - interval '30 days'),
      'confirmed', coalesce((
        select jsonb_agg(private.appointment_json(a) order by a.confirmed_date, a.confirmed_time)
          from public.appointment_requests a, today
         where a.status = 'confirmed' and a.confirmed_date between today.day and today.day + 1), '[]'),
      'gaveUpContacts', coalesce((
        select jsonb_agg(to_jsonb(c) || jsonb_build_object('send_failed_at', o.failed_at) order by c.created_at)
          from public.contact_submissions c join public.outbox_mails o on o.contact_message_id = c.id and o.kind = 'contact'
         where o.gave_up_at is not null and o.reported_at is null and o.sent_at is null), '[]'),
      'gaveUpAppointments', coalesce((
        select jsonb_agg(jsonb_build_object('kind', o.kind, 'request', private.appointment_json(a)) order by o.gave_up_at, o.id)
          from public.appointment_requests a join public.outbox_mails o on o.appointment_request_id = a.id
         where o.kind <> 'acknowledgement'
           and o.gave_up_at is not null and o.reported_at is null and o.sent_at is null and o.superseded_at is null), '[]'),
      -- An invoice's mail given up (kind referring to the invoice, also after its request is
      -- gone): the invoice's number and name, the appointment's id for its page's link.
      'gaveUpInvoices', coalesce((
        select jsonb_agg(jsonb_build_object('id', o.id, 'number', i.number, 'first_name', i.first_name, 'last_name', i.last_name,
                                            'appointment_id', i.appointment_id, 'appointment_date', i.appointment_date)
                         order by o.gave_up_at, o.id)
          from public.outbox_mails o join public.invoices i on i.number = o.about and o.kind = 'invoice'
         where o.gave_up_at is not null and o.reported_at is null and o.sent_at is null and o.superseded_at is null), '[]'),
      'gaveUpNewsletter', coalesce((
        select jsonb_agg(jsonb_build_object('id', o.id, 'kind', o.kind, 'email', s.email, 'title', n.title) order by o.gave_up_at, o.id)
          from public.outbox_mails o join public.newsletter_subscribers s on s.id = o.subscriber_id
          left join public.newsletter_articles n on n.slug = o.article_slug
         where o.gave_up_at is not null and o.reported_at is null and o.sent_at is null and o.superseded_at is null), '[]'),
      'failedRuns', coalesce((
        select jsonb_agg(jsonb_build_object('job', r.job, 'ranAt', r.ran_at, 'summary', r.summary) order by r.ran_at)
          from (select * from public.job_runs r, since where not r.ok and r.ran_at > since.at order by r.ran_at desc limit 20) r), '[]'),
      'outboxLastRunAt', (select max(r.ran_at) from public.job_runs r where r.job = 'send-pending-mail' and r.ok),
      -- The mails still owed longer than private.waiting_reported_after(), not given up (those
      -- are listed above with their content): how many of each kind, since when. No address,
      -- no text: the digest says that mail waits, the outbox still sends it.
      'waitingMails', coalesce((
        select jsonb_agg(jsonb_build_object('kind', w.kind, 'count', w.n, 'since', w.since) order by w.since)
          from (select o.kind, count(*)::integer as n, min(o.created_at) as since
                  from public.outbox_mails o
                 where o.sent_at is null and o.superseded_at is null and o.gave_up_at is null
                   and o.kind <> 'digest'
                   and o.created_at < coalesce(p_now, now()) - private.waiting_reported_after()
                 group by o.kind) w), '[]')
    ));
  end
  $$;

-- What a digest that went out carried (public.finish_mail's p_carried): the given-up mails
-- it listed are marked reported (contacts and deliveries name them by what they refer to,
-- newsletter_mails and invoice_mails by their own id) with private.mark_mails_reported (…_outbox.sql, which
-- alone writes the outbox's rows). A practice mail it carried counts as delivered (the
-- practice has it now: claim_mail answers already_sent, nothing sends it again); a visitor's
-- mail may still be sent by the action page's press.
create function private.mark_carried(p_carried jsonb) returns void
  language sql
  set search_path = ''
  as $$
    select private.mark_mails_reported(array(
      select o.id from public.outbox_mails o
       where o.gave_up_at is not null and o.sent_at is null and o.reported_at is null
         and (o.id in (select x::uuid from jsonb_array_elements_text(coalesce(p_carried -> 'newsletter_mails', '[]')) as x)
              or o.id in (select x::uuid from jsonb_array_elements_text(coalesce(p_carried -> 'invoice_mails', '[]')) as x)
              or exists (
                select 1 from (select 'contact' as kind, x::uuid as id
                                 from jsonb_array_elements_text(coalesce(p_carried -> 'contacts', '[]')) as x
                               union all
                               select r.kind, r.id
                                 from jsonb_to_recordset(coalesce(p_carried -> 'deliveries', '[]')) as r(kind text, id uuid)) x
                 where o.kind = x.kind and coalesce(o.contact_message_id, o.appointment_request_id) = x.id))))
  $$;

-- ---------------------------------------------------------------------------------------
-- Privileges: the service role only.
alter table public.job_runs enable row level security;
revoke all on public.job_runs from anon, authenticated;
grant all on public.job_runs to service_role;

revoke all on function public.record_job_run(text, boolean, jsonb),
  public.owe_practice_digest(date, boolean),
  public.practice_digest_data(timestamptz) from public, anon, authenticated;
grant execute on function public.record_job_run(text, boolean, jsonb),
  public.owe_practice_digest(date, boolean),
  public.practice_digest_data(timestamptz) to service_role;
revoke all on function private.mark_carried(jsonb) from public;
grant execute on function private.mark_carried(jsonb) to service_role;
