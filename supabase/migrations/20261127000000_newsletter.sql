-- The blog's newsletter, with double opt-in (docs/backend.md, «The newsletter»;
-- docs/security-and-limits.md, «The newsletter»). The edge function `newsletter` and the
-- outbox (send-pending-mail) are the only callers: everything here is for the service role.
--
-- 1. Subscribers. An address is stored as 'pending' with its mailbox key (the mailbox it
--    delivers to, mailboxKey in rate-limit.ts: one row per mailbox) and gets at most one
--    confirmation mail a day; only a 'confirmed' one is ever sent an announcement. A pending
--    row expires 3 days after its last confirmation mail was asked for (expires_at) and is
--    deleted then: by the housekeeping below (hourly with pg_cron, and at every outbox
--    run) and whenever an address subscribes. No client address is stored here: the limits
--    count salted hashes in rate_limit_events, which keeps them a day.
-- 2. public.newsletter_subscribe: stores or finds the address and decides in one call,
--    with the same statements for every address (so an answer's timing says nothing about
--    it), whether a confirmation mail is owed: only to a pending address, at most one per
--    mailbox a day, within the day's budget of confirmation mails and the asking network's
--    share of it. An owed mail is claimed for the function's own send at once (after its
--    answer); the outbox sends it if that send fails.
-- 3. Articles: public.publish_articles(list) records each slug once; a slug seen for the
--    first time whose date lies within the last 30 days (Zurich) is announced – one row in
--    newsletter_mails per subscriber confirmed at that moment, sent by the outbox once each
--    (claimed with a token, like the other mails: …20261122000400_mail_delivery.sql).
-- 4. Unsubscribing deletes the address and, by the foreign key, every mail still owed to it.

-- ---------------------------------------------------------------------------------------
-- 1. The tables.

-- How long an unconfirmed address is kept, private.newsletter_pending_period(), is generated
-- from NEWSLETTER_PENDING_DAYS (20261122000100_rules.sql, `npm run db:rules`).

create table public.newsletter_subscribers (
  id uuid primary key default gen_random_uuid(),
  -- As typed (the first time this mailbox subscribed); the grammar of the forms.
  email text not null constraint email_is_an_address check (private.is_mail_address(email)),
  -- mailboxKey(email) in supabase/functions/_shared/database/rate-limit.ts: lower case,
  -- +tag dropped, Gmail's dots dropped. One subscription per mailbox.
  mailbox_key text not null
    constraint mailbox_key_unique unique
    constraint mailbox_key_shape check (char_length(mailbox_key) <= private.email_max_length() and mailbox_key = lower(mailbox_key) and strpos(mailbox_key, '@') > 1),
  status text not null default 'pending' constraint status_valid check (status in ('pending', 'confirmed')),
  created_at timestamptz not null default now(),
  confirmed_at timestamptz,
  -- A pending row is deleted then; its confirmation link expires then too. Null once confirmed.
  expires_at timestamptz,
  -- The confirmation mail owed: asked for at (null: none), sent at (null: not yet).
  confirm_requested_at timestamptz,
  confirm_mailed_at timestamptz,
  -- Its claim (a claim older than two minutes has lapsed) and the claim's token, which the
  -- finish must name; failures and the next attempt (1, 2, 4 … 60 minutes).
  confirm_claimed_at timestamptz,
  confirm_claim uuid,
  confirm_attempts integer not null default 0,
  confirm_next_attempt_at timestamptz,
  confirm_last_cause text constraint confirm_last_cause_short check (char_length(confirm_last_cause) <= 100),
  constraint pending_expires check ((status = 'pending') = (expires_at is not null)),
  constraint confirmed_when check ((status = 'confirmed') = (confirmed_at is not null))
);
comment on table public.newsletter_subscribers is
  'Newsletter addresses: pending until confirmed (deleted after 3 days), confirmed until unsubscribed (deleted then).';
create index newsletter_subscribers_pending on public.newsletter_subscribers (expires_at) where status = 'pending';
create index newsletter_subscribers_confirmed on public.newsletter_subscribers (id) where status = 'confirmed';

create table public.newsletter_articles (
  slug text primary key constraint slug_shape check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 120),
  title text not null constraint title_valid check (char_length(title) between 1 and 300 and not private.forbidden_in_line(title)),
  excerpt text not null constraint excerpt_valid check (char_length(excerpt) between 1 and 2000 and not private.forbidden_in_message(excerpt)),
  published_on date not null constraint published_on_is_a_day check (isfinite(published_on)),
  author text not null constraint author_valid check (char_length(author) between 1 and 200 and not private.forbidden_in_line(author)),
  first_seen_at timestamptz not null default now(),
  -- When its announcement was queued; null: only recorded (older than 30 days when first seen).
  announced_at timestamptz
);
comment on table public.newsletter_articles is
  'Blog articles the deploy has registered (publish_articles): each slug once; announced_at when its newsletter was queued.';

create table public.newsletter_mails (
  subscriber_id uuid not null references public.newsletter_subscribers (id) on delete cascade,
  article_slug text not null references public.newsletter_articles (slug) on delete cascade,
  created_at timestamptz not null default now(),
  mailed_at timestamptz,
  claimed_at timestamptz,
  claim uuid,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_cause text constraint last_cause_short check (char_length(last_cause) <= 100),
  gave_up_at timestamptz,
  primary key (subscriber_id, article_slug)
);
comment on table public.newsletter_mails is
  'One announcement per (confirmed subscriber, article), sent once by the outbox; deleted with the subscriber.';
create index newsletter_mails_due on public.newsletter_mails (created_at) where mailed_at is null and gave_up_at is null;
create index newsletter_mails_article on public.newsletter_mails (article_slug);

-- ---------------------------------------------------------------------------------------
-- Retention and giving up. Deletes the pending addresses past expires_at; gives up on
-- announcements still not sent after p_give_up_after_seconds (3 days; the outbox logs it);
-- forgets after 30 days which announcement went out or was given up (the article itself
-- stays known, so it is never announced again). Hourly where pg_cron exists (below), and
-- at every run of the outbox (so the local stack, which has no pg_cron, behaves alike).
create function public.newsletter_housekeeping(p_give_up_after_seconds integer default 259200)
  returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    expired integer;
    given_up integer;
    forgotten integer;
  begin
    delete from public.newsletter_subscribers s where s.status = 'pending' and s.expires_at <= now();
    get diagnostics expired = row_count;
    update public.newsletter_mails m
       set gave_up_at = now(), last_cause = coalesce(m.last_cause, 'never_sent')
     where m.mailed_at is null and m.gave_up_at is null
       and m.created_at < now() - make_interval(secs => p_give_up_after_seconds)
       and (m.claimed_at is null or m.claimed_at < now() - interval '2 minutes');
    get diagnostics given_up = row_count;
    delete from public.newsletter_mails m
     where m.mailed_at < now() - interval '30 days' or m.gave_up_at < now() - interval '30 days';
    get diagnostics forgotten = row_count;
    return jsonb_build_object('pending_subscribers', expired, 'gave_up', given_up, 'old_mails', forgotten);
  end
  $$;
comment on function public.newsletter_housekeeping(integer) is
  'Deletes expired pending newsletter addresses, gives up on announcements unsent after 3 days, forgets sent ones after 30 days.';

-- ---------------------------------------------------------------------------------------
-- 2. Subscribing. The function passes the address, its mailbox key, and the salted hashes
-- the limits count (of the mailbox key and of the client's network: rate-limit.ts) with the
-- two numbers of the budget: the network's share and the day's total. Answers
-- {"queued": false} or {"queued": true, "subscriber": {id, email, expires_at,
-- confirm_requested_at, claim}} – the confirmation mail owed now, claimed for the caller.
-- The three limits are taken for every address, owed a mail or not, and given back (the
-- subtransaction rolled back) unless the mail is owed: the same work whatever the address.
create function public.newsletter_subscribe(
  p_email text,
  p_mailbox_key text,
  p_mailbox_hash text,
  p_network_hash text,
  p_network_share integer,
  p_daily_cap integer
) returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    r public.newsletter_subscribers;
    wait_mailbox integer;
    wait_network integer;
    wait_all integer;
    queued boolean := false;
  begin
    -- An address whose confirmation lapsed starts afresh (a new id: old links stay dead).
    delete from public.newsletter_subscribers s where s.status = 'pending' and s.expires_at <= now();
    insert into public.newsletter_subscribers (email, mailbox_key, expires_at)
      values (p_email, p_mailbox_key, now() + private.newsletter_pending_period())
      on conflict (mailbox_key) do nothing;
    select * into r from public.newsletter_subscribers s where s.mailbox_key = p_mailbox_key for update;
    if not found then
      -- Deleted by a concurrent unsubscription between the two statements: nothing owed.
      return jsonb_build_object('queued', false);
    end if;

    begin
      wait_mailbox := public.take_rate_limit('newsletter-confirm', p_mailbox_hash, 1, 86400);
      wait_network := public.take_rate_limit('newsletter-confirm-client', p_network_hash, greatest(p_network_share, 1), 86400);
      wait_all := public.take_rate_limit('newsletter-confirm-daily', 'all', greatest(p_daily_cap, 1), 86400);
      if r.status is distinct from 'pending' or wait_mailbox > 0 or wait_network > 0 or wait_all > 0 then
        -- Nothing owed: the events just taken are given back with this subtransaction.
        raise exception using errcode = 'NL001', message = 'no confirmation mail owed';
      end if;
      queued := true;
    exception when sqlstate 'NL001' then
      queued := false;
    end;

    if not queued then
      return jsonb_build_object('queued', false);
    end if;
    update public.newsletter_subscribers s
       set expires_at = now() + private.newsletter_pending_period(),
           confirm_requested_at = now(),
           confirm_mailed_at = null,
           confirm_claimed_at = now(),
           confirm_claim = gen_random_uuid(),
           confirm_attempts = 0,
           confirm_next_attempt_at = null,
           confirm_last_cause = null
     where s.id = r.id
     returning * into r;
    return jsonb_build_object('queued', true, 'subscriber', jsonb_build_object(
      'id', r.id, 'email', r.email, 'expires_at', r.expires_at,
      'confirm_requested_at', r.confirm_requested_at, 'claim', r.confirm_claim));
  end
  $$;

-- The confirmation link: 'confirmed' (now, or already), or 'not_found' (no such address,
-- or its confirmation has expired).
create function public.newsletter_confirm(p_id uuid) returns text
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  begin
    update public.newsletter_subscribers s
       set status = 'confirmed', confirmed_at = now(), expires_at = null
     where s.id = p_id and s.status = 'pending' and s.expires_at > now();
    if found then
      return 'confirmed';
    end if;
    if exists (select 1 from public.newsletter_subscribers s where s.id = p_id and s.status = 'confirmed') then
      return 'confirmed';
    end if;
    return 'not_found';
  end
  $$;

-- Unsubscribing: the address is deleted, and with it every announcement still owed to it.
-- True when there was one to delete.
create function public.newsletter_unsubscribe(p_id uuid) returns boolean
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  begin
    delete from public.newsletter_subscribers s where s.id = p_id;
    return found;
  end
  $$;

-- ---------------------------------------------------------------------------------------
-- 3. Articles. p_articles: [{slug, title, excerpt, date: 'YYYY-MM-DD', author}, …], the
-- blog's articles as the deploy finds them (scripts/publish-articles.ts). Each slug is
-- recorded once; a slug seen for the first time is announced when its date lies within the
-- last 30 days (Zurich), only recorded when older; a date still ahead is left for a later
-- call (neither recorded nor announced). Calling it again with the same list queues
-- nothing. An item that is not an article refuses the whole call (22023), naming it.
-- Answers {"announced": [slugs], "recorded": [slugs], "known": [slugs], "later": [slugs],
-- "queued": number of mails}.
create function public.publish_articles(p_articles jsonb) returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    today date := (now() at time zone 'Europe/Zurich')::date;
    item jsonb;
    idx integer := 0;
    inserted integer;
    v_slug text;
    v_date date;
    announce boolean;
    n integer;
    queued integer := 0;
    announced text[] := '{}';
    recorded text[] := '{}';
    known text[] := '{}';
    later text[] := '{}';
  begin
    if jsonb_typeof(p_articles) is distinct from 'array' then
      raise exception 'p_articles must be a JSON array of articles' using errcode = '22023';
    end if;
    if jsonb_array_length(p_articles) > 1000 then
      raise exception 'p_articles: at most 1000 articles per call' using errcode = '22023';
    end if;
    for item in select value from jsonb_array_elements(p_articles) loop
      idx := idx + 1;
      if jsonb_typeof(item) is distinct from 'object'
         or jsonb_typeof(item -> 'slug') is distinct from 'string'
         or jsonb_typeof(item -> 'title') is distinct from 'string'
         or jsonb_typeof(item -> 'excerpt') is distinct from 'string'
         or jsonb_typeof(item -> 'date') is distinct from 'string'
         or jsonb_typeof(item -> 'author') is distinct from 'string' then
        raise exception 'article %: an object with the strings slug, title, excerpt, date and author', idx
          using errcode = '22023';
      end if;
      v_slug := item ->> 'slug';
      if v_slug !~ '^[a-z0-9]+(-[a-z0-9]+)*$' or char_length(v_slug) > 120 then
        raise exception 'article %: slug "%" is not lower-case words joined by hyphens', idx, left(v_slug, 130)
          using errcode = '22023';
      end if;
      if (item ->> 'date') !~ '^\d{4}-\d{2}-\d{2}$' then
        raise exception 'article % (%): date must be YYYY-MM-DD', idx, v_slug using errcode = '22023';
      end if;
      begin
        v_date := (item ->> 'date')::date;
      exception when others then
        raise exception 'article % (%): date % is no calendar day', idx, v_slug, item ->> 'date' using errcode = '22023';
      end;
      if v_date > today then
        later := later || v_slug;
        continue;
      end if;
      announce := v_date >= today - 30;
      begin
        insert into public.newsletter_articles (slug, title, excerpt, published_on, author, announced_at)
          values (v_slug, btrim(item ->> 'title'), btrim(item ->> 'excerpt'), v_date, btrim(item ->> 'author'),
                  case when announce then now() end)
          on conflict (slug) do nothing;
        get diagnostics inserted = row_count;
      exception when check_violation then
        raise exception 'article % (%): title, excerpt or author empty, too long or with control characters', idx, v_slug
          using errcode = '22023';
      end;
      if inserted = 0 then
        known := known || v_slug;
        continue;
      end if;
      if announce then
        insert into public.newsletter_mails (subscriber_id, article_slug)
          select s.id, v_slug from public.newsletter_subscribers s where s.status = 'confirmed';
        get diagnostics n = row_count;
        queued := queued + n;
        announced := announced || v_slug;
      else
        recorded := recorded || v_slug;
      end if;
    end loop;
    return jsonb_build_object('announced', to_jsonb(announced), 'recorded', to_jsonb(recorded),
                              'known', to_jsonb(known), 'later', to_jsonb(later), 'queued', queued);
  end
  $$;

-- ---------------------------------------------------------------------------------------
-- The outbox's part. Claims up to p_limit mails of one kind that are due, each with a new
-- token, and answers what the mails need:
--   'confirmation': [{id, email, expires_at, confirm_requested_at, claim}] – owed
--     confirmation mails of pending addresses older than p_grace_seconds (younger ones
--     are the subscribing call's own to send);
--   'announcement': [{subscriber_id, email, slug, title, excerpt, published_on, author,
--     claim}] – announcements to confirmed addresses.
-- Not while a claim holds (two minutes), nor before the next attempt after a failure.
create function public.claim_newsletter_mail(p_kind text, p_limit integer default 1, p_grace_seconds integer default 120)
  returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    lapsed timestamptz := now() - interval '2 minutes';
    settled timestamptz := now() - make_interval(secs => greatest(p_grace_seconds, 0));
    batch integer := least(greatest(p_limit, 0), 100);
    claimed jsonb;
  begin
    if p_kind = 'confirmation' then
      with due as (
        select s.id from public.newsletter_subscribers s
         where s.status = 'pending' and s.expires_at > now()
           and s.confirm_requested_at is not null and s.confirm_mailed_at is null
           and s.confirm_requested_at < settled
           and (s.confirm_claimed_at is null or s.confirm_claimed_at < lapsed)
           and (s.confirm_next_attempt_at is null or s.confirm_next_attempt_at <= now())
         order by s.confirm_requested_at limit batch for update skip locked
      ), done as (
        update public.newsletter_subscribers s set confirm_claimed_at = now(), confirm_claim = gen_random_uuid()
          from due where s.id = due.id returning s.*
      )
      select coalesce(jsonb_agg(jsonb_build_object(
               'id', done.id, 'email', done.email, 'expires_at', done.expires_at,
               'confirm_requested_at', done.confirm_requested_at, 'claim', done.confirm_claim)
             order by done.confirm_requested_at), '[]')
        into claimed from done;
    elsif p_kind = 'announcement' then
      with due as (
        select m.subscriber_id, m.article_slug from public.newsletter_mails m
          join public.newsletter_subscribers s on s.id = m.subscriber_id
         where s.status = 'confirmed' and m.mailed_at is null and m.gave_up_at is null
           and (m.claimed_at is null or m.claimed_at < lapsed)
           and m.next_attempt_at <= now()
         order by m.created_at, m.subscriber_id limit batch for update of m skip locked
      ), done as (
        update public.newsletter_mails m set claimed_at = now(), claim = gen_random_uuid()
          from due where m.subscriber_id = due.subscriber_id and m.article_slug = due.article_slug
        returning m.*
      )
      select coalesce(jsonb_agg(jsonb_build_object(
               'subscriber_id', done.subscriber_id, 'email', s.email, 'slug', a.slug, 'title', a.title,
               'excerpt', a.excerpt, 'published_on', a.published_on, 'author', a.author, 'claim', done.claim)
             order by done.created_at, done.subscriber_id), '[]')
        into claimed
        from done
        join public.newsletter_subscribers s on s.id = done.subscriber_id
        join public.newsletter_articles a on a.slug = done.article_slug;
    else
      raise exception 'unknown newsletter mail kind %', p_kind using errcode = '22023';
    end if;
    return claimed;
  end
  $$;

-- Ends a claim with its token: sent marks the mail sent; not sent releases it and schedules
-- the next attempt after 1, 2, 4 … 60 minutes (p_cause: a short code, never a message).
-- 'finished', or 'lost' when the claim is no longer the caller's (it lapsed and another
-- sender holds the mail, or the address was deleted meanwhile): nothing changed then.
-- p_slug: the article, for 'announcement' (ignored for 'confirmation').
create function public.finish_newsletter_mail(
  p_kind text,
  p_subscriber uuid,
  p_slug text,
  p_claim uuid,
  p_sent boolean,
  p_cause text
) returns text
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  begin
    if p_kind = 'confirmation' then
      update public.newsletter_subscribers s
         set confirm_claimed_at = null,
             confirm_claim = null,
             confirm_mailed_at = case when p_sent then now() else s.confirm_mailed_at end,
             confirm_attempts = case when p_sent then s.confirm_attempts else s.confirm_attempts + 1 end,
             confirm_next_attempt_at = case when p_sent then null
               else now() + least(interval '60 minutes', interval '1 minute' * power(2, least(s.confirm_attempts, 10))) end,
             confirm_last_cause = case when p_sent then null else left(p_cause, 100) end
       where s.id = p_subscriber and s.confirm_claim = p_claim;
    elsif p_kind = 'announcement' then
      update public.newsletter_mails m
         set claimed_at = null,
             claim = null,
             mailed_at = case when p_sent then now() else m.mailed_at end,
             attempts = case when p_sent then m.attempts else m.attempts + 1 end,
             next_attempt_at = case when p_sent then m.next_attempt_at
               else now() + least(interval '60 minutes', interval '1 minute' * power(2, least(m.attempts, 10))) end,
             last_cause = case when p_sent then null else left(p_cause, 100) end
       where m.subscriber_id = p_subscriber and m.article_slug = p_slug and m.claim = p_claim and m.mailed_at is null;
    else
      raise exception 'unknown newsletter mail kind %', p_kind using errcode = '22023';
    end if;
    return case when found then 'finished' else 'lost' end;
  end
  $$;

-- ---------------------------------------------------------------------------------------
-- Privileges: the service role only (the edge functions and the deploy's script).
alter table public.newsletter_subscribers enable row level security;
alter table public.newsletter_articles enable row level security;
alter table public.newsletter_mails enable row level security;
revoke all on public.newsletter_subscribers, public.newsletter_articles, public.newsletter_mails from anon, authenticated;
grant all on public.newsletter_subscribers, public.newsletter_articles, public.newsletter_mails to service_role;
revoke all on function public.newsletter_housekeeping(integer),
  public.newsletter_subscribe(text, text, text, text, integer, integer),
  public.newsletter_confirm(uuid),
  public.newsletter_unsubscribe(uuid),
  public.publish_articles(jsonb),
  public.claim_newsletter_mail(text, integer, integer),
  public.finish_newsletter_mail(text, uuid, text, uuid, boolean, text) from public, anon, authenticated;
grant execute on function public.newsletter_housekeeping(integer),
  public.newsletter_subscribe(text, text, text, text, integer, integer),
  public.newsletter_confirm(uuid),
  public.newsletter_unsubscribe(uuid),
  public.publish_articles(jsonb),
  public.claim_newsletter_mail(text, integer, integer),
  public.finish_newsletter_mail(text, uuid, text, uuid, boolean, text) to service_role;

-- The housekeeping hourly at minute 41, where pg_cron can be installed (hosted Supabase).
-- Elsewhere nothing is scheduled: the outbox runs it too (every minute in the local stack).
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
    perform cron.schedule('newsletter-housekeeping', '41 * * * *', 'select public.newsletter_housekeeping()');
  end if;
end
$$;
