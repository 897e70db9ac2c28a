-- The renewal of the practice's links (docs/appointment-lifecycle.md, «Renewing a lapsed
-- link»): a practice link that has lapsed – or the calendar feeds' view link, which shows
-- only the entry's schedule – can ask for a fresh practice link, mailed to the practice's
-- own address and nowhere else (outbox kind 'practice-link', recipient the practice, key
-- practice-link/<row>, the row referring to the appointment and deleted with it). The links
-- are made when the mail is sent (supabase/functions/_shared/lifecycle/practice-link-mail.ts).
--
-- Whoever holds a lapsed link or a feed's address – a calendar provider, everyone the
-- calendar is shared with – may press the button, so its budget is counted here, under one
-- lock, before anything is owed (mail kind budget 'practice-link', domain/practice-links.ts,
-- generated): one mail per appointment in private.practice_link_renewal_interval(), at most
-- private.practice_link_network_daily_max() a day asked from one client network (the salted
-- hash of its network, as the forms count it: public.rate_limit_events, bucket
-- 'practice-link'), and private.practice_link_daily_cap() a day in all. So a flood from one
-- network stops at its share and leaves the rest of the day's cap to the practice's own
-- presses, and no flood from anywhere fills the inbox. The service role's alone.

-- Owes a renewal mail for the appointment p_request to the practice, asked from the network
-- p_network (its salted hash), at p_now (the functions' clock; default now()). Answers
-- {result: 'owed', key} (the caller claims it, public.claim_mail), {result: 'limited',
-- retry_after_seconds} (nothing owed: the budget is spent for that long), or
-- {result: 'not_found'} (no such request: deleted).
create function public.owe_practice_link(p_request uuid, p_network text, p_now timestamptz default null) returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    at timestamptz := coalesce(p_now, now());
    day interval := make_interval(days => 1);
    last_owed timestamptz;
    asked integer;
    first_asked timestamptz;
    owed integer;
    first_owed timestamptz;
    retry timestamptz;
    row_id uuid := gen_random_uuid();
  begin
    if p_network is null or length(p_network) = 0 then
      raise exception 'owe_practice_link: no network' using errcode = '22023';
    end if;
    -- The budget's decisions one at a time: counted, then spent.
    perform pg_advisory_xact_lock(hashtextextended('owe_practice_link', 0));
    if not exists (select 1 from public.appointment_requests a where a.id = p_request) then
      return jsonb_build_object('result', 'not_found');
    end if;
    -- What the budget no longer needs: the network's day-old events, the renewals sent a while ago.
    delete from public.rate_limit_events e where e.bucket = 'practice-link' and e.created_at < at - day;
    delete from public.outbox_mails m where m.kind = 'practice-link' and m.sent_at < at - private.forget_after();

    select max(m.created_at) into last_owed
      from public.outbox_mails m where m.kind = 'practice-link' and m.appointment_request_id = p_request;
    select count(*), min(e.created_at) into asked, first_asked
      from public.rate_limit_events e where e.bucket = 'practice-link' and e.key = p_network and e.created_at > at - day;
    select count(*), min(m.created_at) into owed, first_owed
      from public.outbox_mails m where m.kind = 'practice-link' and m.created_at > at - day;
    retry := greatest(
      case when last_owed > at - private.practice_link_renewal_interval() then last_owed + private.practice_link_renewal_interval() end,
      case when asked >= private.practice_link_network_daily_max() then first_asked + day end,
      case when owed >= private.practice_link_daily_cap() then first_owed + day end);
    if retry is not null then
      return jsonb_build_object('result', 'limited', 'retry_after_seconds', greatest(1, ceil(extract(epoch from retry - at)))::integer);
    end if;

    insert into public.rate_limit_events (bucket, key, created_at) values ('practice-link', p_network, at);
    insert into public.outbox_mails (id, kind, appointment_request_id, idempotency_key, created_at)
      values (row_id, 'practice-link', p_request, 'practice-link/' || row_id, at);
    return jsonb_build_object('result', 'owed', 'key', 'practice-link/' || row_id);
  end
  $$;

-- What a renewal mail's sender reads (the outbox's hook, mailKinds['practice-link'].sql.payload):
-- the appointment as it is now, from which the fresh links are made, and the mail's key.
create function private.practice_link_mail_json(m public.outbox_mails) returns jsonb
  language sql stable
  set search_path = ''
  as $$ select private.appointment_mail_json(m) || jsonb_build_object('key', m.idempotency_key) $$;

revoke all on function public.owe_practice_link(uuid, text, timestamptz) from public, anon, authenticated;
grant execute on function public.owe_practice_link(uuid, text, timestamptz) to service_role;
revoke all on function private.practice_link_mail_json(public.outbox_mails) from public;
grant execute on function private.practice_link_mail_json(public.outbox_mails) to service_role;
