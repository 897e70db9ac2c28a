-- The blog's newsletter, with double opt-in (docs/backend.md, «The newsletter»;
-- docs/security-and-limits.md, «The newsletter»). The edge function `newsletter` and the
-- outbox (send-pending-mail) are the only callers: everything here is for the service role.
--
-- 1. Subscribers. An address is stored as 'pending' with its mailbox key (the mailbox it
--    delivers to, mailboxKey in rate-limit.ts: one row per mailbox) and gets at most one
--    confirmation mail in 30 days unless it confirms; only a 'confirmed' one is ever sent an
--    announcement. A pending
--    row expires 3 days after its last confirmation mail was asked for (expires_at) and is
--    deleted then: by the housekeeping below (hourly with pg_cron, and at every outbox
--    run) and whenever an address subscribes. No client address is stored here: the limits
--    count salted hashes in rate_limit_events, which keeps them a day.
-- 2. public.newsletter_subscribe: stores or finds the address and decides in one call,
--    with the same statements for every address (so an answer's timing says nothing about
--    it), whether a confirmation mail is owed: only to a pending address, at most one per
--    mailbox in 30 days, within the asking network's share of the day's budget of
--    confirmation mails. An owed mail is sent by the function itself (after its answer)
--    while the day's budget has room; the outbox sends it if that send fails. When the
--    budget is spent it is deferred, not dropped: the outbox sends it once the budget allows
--    (private.prepare_newsletter_confirmation_mails). A form proof counts for one subscription.
-- 3. Articles: public.publish_articles(list) records each slug once; a slug seen for the
--    first time whose date lies within the last 30 days (Zurich) is announced – one outbox
--    mail per subscriber confirmed at that moment, sent by the outbox once each (claimed
--    with a token, like every mail: …20261122000700_outbox.sql).
-- 4. Unsubscribing deletes the address and, by the foreign key, every mail still owed to it.
-- The confirmation mails and the announcements are rows of public.outbox_mails (created
-- after these tables, …_outbox.sql); the functions here that write them are plpgsql, so
-- the table need not exist yet when they are created.

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
  -- When the latest confirmation mail was asked for (null: none): its outbox mail's key.
  confirm_requested_at timestamptz,
  -- The salted hash of the mailbox key its one confirmation mail in 30 days was charged to
  -- (rate_limit_events, bucket 'newsletter-confirm'): confirming gives it back.
  confirm_limit_key text,
  -- The language of the page it subscribed on (domain/languages.ts, generated into
  -- …_rules.sql): its mails are written in it, and it is told of the articles in it. Set
  -- with each confirmation mail owed to the pending address (the mail it confirms is in it);
  -- a confirmed address keeps it.
  language text not null default private.default_language()
    constraint language_valid check (private.is_language(language)),
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
  -- The article's language (the site's /blog/<slug> or /en/blog/<slug>): announced to the
  -- subscribers of that language only. A slug names one article of either language.
  language text not null default private.default_language()
    constraint language_valid check (private.is_language(language)),
  first_seen_at timestamptz not null default now(),
  -- When its announcement was queued; null: only recorded (older than 30 days when first seen).
  announced_at timestamptz
);
comment on table public.newsletter_articles is
  'Blog articles the deploy has registered (publish_articles): each slug once; announced_at when its newsletter was queued.';

-- ---------------------------------------------------------------------------------------
-- Deletes the pending addresses past expires_at, with the mails owed to them (the foreign
-- key). One whose confirmation mail never went out (deferred by the day's budget and given
-- up, or never sent at all) gets its mailbox's charge back (confirm_limit_key): only a mail
-- that was sent counts as the mailbox's one in 30 days, so its owner can subscribe again.
-- An address whose mail is still owed and not yet reported stays until the digest has
-- named it (given up, reported_at): nothing owed is deleted in silence. Answers how many
-- were deleted.
create function private.delete_lapsed_pending() returns integer
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    lapsed uuid[];
  begin
    select coalesce(array_agg(s.id), '{}') into lapsed
      from public.newsletter_subscribers s
     where s.status = 'pending' and s.expires_at <= now()
       and not exists (select 1 from public.outbox_mails o
                        where o.subscriber_id = s.id and o.sent_at is null and o.superseded_at is null
                          and o.reported_at is null);
    delete from public.rate_limit_events e
     using public.newsletter_subscribers s
     where s.id = any (lapsed)
       and e.bucket = 'newsletter-confirm' and e.key = s.confirm_limit_key
       and not exists (select 1 from public.outbox_mails o
                        where o.subscriber_id = s.id and o.kind = 'newsletter-confirmation' and o.sent_at is not null);
    delete from public.newsletter_subscribers s where s.id = any (lapsed);
    return cardinality(lapsed);
  end
  $$;
revoke all on function private.delete_lapsed_pending() from public;
grant execute on function private.delete_lapsed_pending() to service_role;

-- ---------------------------------------------------------------------------------------
-- Retention. Deletes the pending addresses past expires_at (and with them the mails owed
-- to them) and forgets after 30 days which newsletter mail went out or was given up (the
-- article itself stays known, so it is never announced again; giving up is the outbox's,
-- give_up_stale_mail). Hourly where pg_cron exists (below), and at every run of the outbox
-- (so the local stack, which has no pg_cron, behaves alike).
create function public.newsletter_housekeeping() returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    expired integer;
    forgotten integer;
  begin
    expired := private.delete_lapsed_pending();
    delete from public.outbox_mails o
     where private.mail_kind_refers_to(o.kind) in ('subscriber', 'subscriber-article')
       and (o.sent_at < now() - private.forget_after() or o.gave_up_at < now() - private.forget_after()
            or o.superseded_at < now() - private.forget_after());
    get diagnostics forgotten = row_count;
    return jsonb_build_object('pending_subscribers', expired, 'old_mails', forgotten);
  end
  $$;
comment on function public.newsletter_housekeeping() is
  'Deletes expired pending newsletter addresses and forgets newsletter mails sent or given up 30 days ago.';

-- ---------------------------------------------------------------------------------------
-- 2. Subscribing. The function passes the address, its mailbox key, the salted hashes the
-- limits count (of the mailbox key and of the client's network: rate-limit.ts) with the two
-- numbers of the budget – the network's share and the day's total – and the signature of
-- the request's form proof (claimed for it by public.claim_form_proof), and the language of
-- the page it subscribed on (null: private.default_language()): a new address is stored in
-- it, and a pending one owed a confirmation mail takes it (the mail is written in it); a
-- confirmed address keeps its own (subscribing again confirms nothing).
-- Answers {"queued": false} (nothing owed now), {"queued": false, "deferred": true} (owed,
-- written to the outbox, sent by the outbox once the day's budget allows), or
-- {"queued": true, "key": its idempotency key} – the confirmation mail owed now, which the
-- caller claims (public.claim_mail, …_outbox.sql) and sends after its answer.
-- A confirmation mail is owed only to a pending address, at most one per mailbox in 30 days
-- (private.newsletter_confirm_interval; confirming gives it back), and within the asking
-- network's share of the day's budget. Then it is sent now if the day's budget has room and
-- no earlier mail waits for it; else it is deferred, never dropped: it waits in the outbox
-- (last_cause 'daily_budget') and private.prepare_newsletter_confirmation_mails charges it to the
-- budget, oldest first, when there is room.
-- A proof counts for one subscription: the first call that presents it marks it
-- (used_form_proofs.stored_row); the same proof again – a retry after a lost answer, or a
-- replay, even at once – finds it marked and changes nothing.
-- The three limits are taken for every address, owed a mail or not, and given back (the
-- subtransaction rolled back) unless the mail is owed: the same work whatever the address.
create function public.newsletter_subscribe(
  p_email text,
  p_mailbox_key text,
  p_mailbox_hash text,
  p_network_hash text,
  p_network_share integer,
  p_daily_cap integer,
  p_proof_signature text,
  p_language text default null
) returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    r public.newsletter_subscribers;
    key text;
    wait_mailbox integer;
    wait_network integer;
    wait_all integer;
    waiting boolean;
    owed boolean := false;
    deferred boolean := false;
    v_language text := coalesce(p_language, private.default_language());
  begin
    update public.used_form_proofs u set stored_row = true
     where u.signature = p_proof_signature and not u.stored_row;
    if not found then
      -- Not a proof claimed for this request, or its subscription was done already.
      return jsonb_build_object('queued', false);
    end if;
    -- An address whose confirmation lapsed starts afresh (a new id: old links stay dead).
    perform private.delete_lapsed_pending();
    insert into public.newsletter_subscribers (email, mailbox_key, expires_at, language)
      values (p_email, p_mailbox_key, now() + private.newsletter_pending_period(), v_language)
      on conflict (mailbox_key) do nothing;
    select * into r from public.newsletter_subscribers s where s.mailbox_key = p_mailbox_key for update;
    if not found then
      -- Deleted by a concurrent unsubscription between the two statements: nothing owed.
      return jsonb_build_object('queued', false);
    end if;

    begin
      wait_mailbox := public.take_rate_limit('newsletter-confirm', p_mailbox_hash, 1,
        extract(epoch from private.newsletter_confirm_interval())::integer);
      wait_network := public.take_rate_limit('newsletter-confirm-client', p_network_hash, greatest(p_network_share, 1), 86400);
      begin
        wait_all := public.take_rate_limit('newsletter-confirm-daily', 'all', greatest(p_daily_cap, 1), 86400);
        -- Mails deferred earlier go first.
        waiting := exists (
          select 1 from public.outbox_mails o
           where o.kind = 'newsletter-confirmation' and o.sent_at is null and o.superseded_at is null
             and o.gave_up_at is null and o.last_cause = 'daily_budget');
        if wait_all > 0 or waiting then
          -- Deferred: the day's event just taken is given back with this subtransaction.
          raise exception using errcode = 'NL002', message = 'confirmation mail deferred';
        end if;
      exception when sqlstate 'NL002' then
        deferred := true;
      end;
      if r.status is distinct from 'pending' or wait_mailbox > 0 or wait_network > 0 then
        -- Nothing owed: the events just taken are given back with this subtransaction.
        raise exception using errcode = 'NL001', message = 'no confirmation mail owed';
      end if;
      owed := true;
    exception when sqlstate 'NL001' then
      owed := false;
    end;

    if not owed then
      return jsonb_build_object('queued', false);
    end if;
    update public.newsletter_subscribers s
       set expires_at = now() + private.newsletter_pending_period(),
           confirm_requested_at = now(),
           confirm_limit_key = p_mailbox_hash,
           language = v_language
     where s.id = r.id
     returning * into r;
    -- The earlier confirmation mail is not owed any more: this one replaces it.
    perform private.supersede_mails(array(
      select o.id from public.outbox_mails o
       where o.subscriber_id = r.id and o.kind = 'newsletter-confirmation' and o.sent_at is null and o.superseded_at is null), null);
    -- The key of mail-keys.ts (newsletterConfirmKey): the subscriber and when it was asked, in ms.
    key := 'newsletter-confirm/' || r.id || '/' || floor(extract(epoch from r.confirm_requested_at) * 1000)::bigint;
    if deferred then
      insert into public.outbox_mails (kind, subscriber_id, idempotency_key, last_cause)
        values ('newsletter-confirmation', r.id, key, 'daily_budget');
      return jsonb_build_object('queued', false, 'deferred', true);
    end if;
    insert into public.outbox_mails (kind, subscriber_id, idempotency_key)
      values ('newsletter-confirmation', r.id, key);
    return jsonb_build_object('queued', true, 'key', key);
  end
  $$;

-- The outbox's hooks of the newsletter's mails (the registry's mailKinds[kind].sql, called
-- by the dispatch generated into …_rules.sql). Their row is typed `record`:
-- public.outbox_mails is created later (…_outbox.sql), and plpgsql reads its fields when it
-- runs.

-- The confirmation's preparation, before the outbox's run claims confirmation mails
-- (public.claim_mail, …_outbox.sql, which never claims a deferred one): with the day's
-- budget p_budget {"daily_cap"}, the deferred ones (last_cause 'daily_budget'), oldest
-- first, are charged to it while it has room – all that fit, not only the run's batch, so
-- that none waits behind one too young to be claimed; each is then an ordinary mail
-- (private.undefer_mail), its address kept three days from now, as the mail will say.
create function private.prepare_newsletter_confirmation_mails(p_budget jsonb, p_now timestamptz)
  returns void
  language plpgsql
  set search_path = ''
  as $$
  declare
    daily_cap integer;
    m record;
  begin
    if not coalesce(p_budget ? 'daily_cap', false) then
      return;
    end if;
    daily_cap := (p_budget ->> 'daily_cap')::integer;
    for m in
      select o.id, o.subscriber_id from public.outbox_mails o
       where o.kind = 'newsletter-confirmation' and o.sent_at is null and o.superseded_at is null
         and o.gave_up_at is null and o.last_cause = 'daily_budget'
         and exists (select 1 from public.newsletter_subscribers s
                      where s.id = o.subscriber_id and s.status = 'pending' and s.expires_at > now())
       order by o.created_at, o.id
       limit greatest(daily_cap, 1)
       for update skip locked
    loop
      exit when public.take_rate_limit('newsletter-confirm-daily', 'all', greatest(daily_cap, 1), 86400) > 0;
      perform private.undefer_mail(m.id);
      update public.newsletter_subscribers s set expires_at = now() + private.newsletter_pending_period()
       where s.id = m.subscriber_id and s.status = 'pending';
    end loop;
  end
  $$;

-- A confirmation is due while its address is pending and its link works, once charged to
-- the day's budget (one deferred by it waits for the preparation above), and older than the
-- grace period (a younger one is the subscribing call's).
create function private.newsletter_confirmation_mail_due(o record, p_today date, p_grace interval) returns boolean
  language plpgsql stable
  set search_path = ''
  as $$
  begin
    return o.created_at < now() - p_grace and o.last_cause is distinct from 'daily_budget'
       and exists (select 1 from public.newsletter_subscribers s
                    where s.id = o.subscriber_id and s.status = 'pending' and s.expires_at > now());
  end
  $$;

-- An announcement is due while its address is confirmed, older than the grace period.
create function private.announcement_mail_due(o record, p_today date, p_grace interval) returns boolean
  language plpgsql stable
  set search_path = ''
  as $$
  begin
    return o.created_at < now() - p_grace
       and exists (select 1 from public.newsletter_subscribers s where s.id = o.subscriber_id and s.status = 'confirmed');
  end
  $$;

-- The announcements' budget: room while fewer than private.announcements_daily_cap() of
-- them went out since Zurich's midnight; the rest wait for the next day, oldest first.
create function private.announcement_mail_has_room(o record, p_budget jsonb) returns boolean
  language plpgsql stable
  set search_path = ''
  as $$
  begin
    return (select count(*) from public.outbox_mails s
             where private.mail_kind_budget(s.kind) = private.mail_kind_budget(o.kind)
               and s.sent_at >= (private.practice_today()::timestamp at time zone 'Europe/Zurich'))
           < private.announcements_daily_cap();
  end
  $$;

-- What a confirmation's sender reads: its address, how long it is kept and when it asked.
create function private.newsletter_confirmation_mail_json(m record) returns jsonb
  language plpgsql stable
  set search_path = ''
  as $$
  begin
    return (select jsonb_build_object('id', s.id, 'email', s.email, 'expires_at', s.expires_at,
                     'confirm_requested_at', s.confirm_requested_at, 'language', s.language)
              from public.newsletter_subscribers s where s.id = m.subscriber_id);
  end
  $$;

-- What an announcement's sender reads: the address, its language and the article it is told
-- of (one of that language: publish_articles owes it only to its language's subscribers).
create function private.announcement_mail_json(m record) returns jsonb
  language plpgsql stable
  set search_path = ''
  as $$
  begin
    return (select jsonb_build_object('subscriber_id', s.id, 'email', s.email, 'slug', n.slug, 'title', n.title,
                     'excerpt', n.excerpt, 'published_on', n.published_on, 'author', n.author, 'language', s.language)
              from public.newsletter_subscribers s, public.newsletter_articles n
             where s.id = m.subscriber_id and n.slug = m.article_slug);
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
      -- A confirmation mail still on its way is pointless now.
      perform private.supersede_mails(array(
        select o.id from public.outbox_mails o
         where o.subscriber_id = p_id and o.kind = 'newsletter-confirmation' and o.sent_at is null and o.superseded_at is null), null);
      -- The mailbox's owner has answered: its one confirmation mail in 30 days is given back
      -- (subscribing again after an unsubscription is mailed at once).
      delete from public.rate_limit_events e
       where e.bucket = 'newsletter-confirm'
         and e.key = (select s.confirm_limit_key from public.newsletter_subscribers s where s.id = p_id);
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
-- 3. Articles. p_articles: [{slug, title, excerpt, date: 'YYYY-MM-DD', author, language?}, …],
-- the blog's articles of both languages as the deploy finds them (scripts/publish-articles.ts;
-- language absent: private.default_language()). Each slug is recorded once; a slug seen for
-- the first time is announced when its date lies within the last 30 days (Zurich) – to the
-- confirmed subscribers of its language –, only recorded when older; a date still ahead is
-- left for a later call (neither recorded nor announced). Calling it again with the same
-- list queues nothing. An item that is not an article, or a slug recorded in the other
-- language, refuses the whole call (22023), naming it.
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
    v_language text;
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
         or jsonb_typeof(item -> 'author') is distinct from 'string'
         or (item ? 'language' and jsonb_typeof(item -> 'language') is distinct from 'string') then
        raise exception 'article %: an object with the strings slug, title, excerpt, date and author (and language)', idx
          using errcode = '22023';
      end if;
      v_slug := item ->> 'slug';
      v_language := coalesce(item ->> 'language', private.default_language());
      if not private.is_language(v_language) then
        raise exception 'article % (%): language "%" is not one of the site''s', idx, v_slug, left(v_language, 20)
          using errcode = '22023';
      end if;
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
        insert into public.newsletter_articles (slug, title, excerpt, published_on, author, language, announced_at)
          values (v_slug, btrim(item ->> 'title'), btrim(item ->> 'excerpt'), v_date, btrim(item ->> 'author'), v_language,
                  case when announce then now() end)
          on conflict (slug) do nothing;
        get diagnostics inserted = row_count;
      exception when check_violation then
        raise exception 'article % (%): title, excerpt or author empty, too long or with control characters', idx, v_slug
          using errcode = '22023';
      end;
      if inserted = 0 then
        if exists (select 1 from public.newsletter_articles n where n.slug = v_slug and n.language <> v_language) then
          raise exception 'article % (%): the slug is an article of the other language already', idx, v_slug
            using errcode = '22023';
        end if;
        known := known || v_slug;
        continue;
      end if;
      if announce then
        insert into public.outbox_mails (kind, subscriber_id, article_slug, idempotency_key)
          select 'announcement', s.id, v_slug, 'newsletter/' || v_slug || '/' || s.id
            from public.newsletter_subscribers s where s.status = 'confirmed' and s.language = v_language;
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
-- Privileges: the service role only (the edge functions and the deploy's script).
alter table public.newsletter_subscribers enable row level security;
alter table public.newsletter_articles enable row level security;
revoke all on public.newsletter_subscribers, public.newsletter_articles from anon, authenticated;
grant all on public.newsletter_subscribers, public.newsletter_articles to service_role;
revoke all on function public.newsletter_housekeeping(),
  public.newsletter_subscribe(text, text, text, text, integer, integer, text, text),
  public.newsletter_confirm(uuid),
  public.newsletter_unsubscribe(uuid),
  public.publish_articles(jsonb) from public, anon, authenticated;
revoke all on function private.prepare_newsletter_confirmation_mails(jsonb, timestamptz),
  private.newsletter_confirmation_mail_due(record, date, interval), private.announcement_mail_due(record, date, interval),
  private.announcement_mail_has_room(record, jsonb),
  private.newsletter_confirmation_mail_json(record), private.announcement_mail_json(record) from public;
grant execute on function private.prepare_newsletter_confirmation_mails(jsonb, timestamptz),
  private.newsletter_confirmation_mail_due(record, date, interval), private.announcement_mail_due(record, date, interval),
  private.announcement_mail_has_room(record, jsonb),
  private.newsletter_confirmation_mail_json(record), private.announcement_mail_json(record) to service_role;
grant execute on function public.newsletter_housekeeping(),
  public.newsletter_subscribe(text, text, text, text, integer, integer, text, text),
  public.newsletter_confirm(uuid),
  public.newsletter_unsubscribe(uuid),
  public.publish_articles(jsonb) to service_role;
