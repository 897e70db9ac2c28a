-- The invoices (docs/appointment-lifecycle.md, «The invoice»): «Rechnung senden» on
-- the appointment's page issues one invoice per appointment, numbered `<year>-<4 digits>`
-- without gaps, one sequence per year, in the same transaction as the row that owes its
-- mail (outbox kind 'invoice', key invoice/<number>/<send>, the number in `about`). The PDF
-- with the QR bill is made from this row whenever the mail is sent (and again on «Meine
-- Daten»), so it is never stored.
--
-- What an invoice must hold and nothing more: the visitor's name and address key (by which
-- «Meine Daten» lists it), the appointment (day, time, service, length, advisor), the
-- amount, its date and whether it is paid – no message, no phone. It is a copy, not a
-- reference: the request it was issued for is deleted by the 12-month retention or an
-- erasure, and the invoice stays (appointment_request_id set null) for ten years, as Swiss
-- law keeps business records (CO Art. 958f); delete_expired_form_submissions deletes it then.
--
-- The clock: p_now (default now()) where a test needs to move in time; a resend's outbox row
-- is written at it (resend_invoice's budget).
--
-- All of it is for the service role only (RLS on, no policy).

-- The last number given in each year. A press takes the next with `update … returning`,
-- which locks the year's row until its transaction ends: concurrent presses take their
-- turns, and a press that fails rolls its number back with it, so there is no gap.
create table public.invoice_counters (
  year integer primary key constraint year_valid check (year between 2000 and 9999),
  last_number integer not null constraint last_number_valid check (last_number between 0 and 9999)
);
comment on table public.invoice_counters is 'The last invoice number given in each year (issue_invoice).';

create table public.invoices (
  number text primary key constraint number_valid check (number ~ '^[0-9]{4}-[0-9]{4}$'),
  -- One invoice per appointment: the appointment's id, kept after its request is deleted
  -- (retention, erasure) as the calendar's tombstone keeps it – a random id that names
  -- nobody, by which the practice's links to the appointment still find the invoice
  -- («Als bezahlt markieren», «Rechnung erneut senden» after an erasure).
  appointment_id uuid not null constraint one_invoice_per_appointment unique,
  -- The request while it is stored; set null when it is deleted (retention, erasure).
  appointment_request_id uuid references public.appointment_requests (id) on delete set null,
  address_key text not null,
  first_name text not null,
  last_name text not null,
  service text not null,
  appointment_date date not null,
  appointment_time text not null,
  minutes integer not null,
  advisor text,
  -- Whole Rappen, in 5-Rappen steps (domain/invoice.ts checks the typed amount's range).
  amount_rappen integer not null constraint amount_valid check (amount_rappen > 0 and amount_rappen % 5 = 0),
  issued_on date not null,
  -- The language of its mail and PDF: the request's when it was issued (the invoice outlives
  -- the request, domain/languages.ts).
  language text not null default private.default_language() constraint language_valid check (private.is_language(language)),
  created_at timestamptz not null default now(),
  paid_at timestamptz
);
comment on table public.invoices is
  'One invoice per appointment, numbered without gaps per year; kept ten years (CO Art. 958f), also after an erasure.';
create index invoices_address_key on public.invoices (address_key);
create index invoices_request on public.invoices (appointment_request_id);
create index invoices_open on public.invoices (issued_on) where paid_at is null;

-- The invoice as the functions read it: the row, its mails' state (the last send's key, when
-- one went out last, whether one is still owed) and how many were owed.
create function private.invoice_json(i public.invoices) returns jsonb
  language sql stable
  set search_path = ''
  as $$
    select to_jsonb(i) || jsonb_build_object(
      'sent_at', (select max(m.sent_at) from public.outbox_mails m where m.kind = 'invoice' and m.about = i.number),
      'sends', (select count(*) from public.outbox_mails m where m.kind = 'invoice' and m.about = i.number),
      'mail_key', (select m.idempotency_key from public.outbox_mails m
                    where m.kind = 'invoice' and m.about = i.number order by m.created_at desc, m.id desc limit 1),
      'mail_pending', exists (select 1 from public.outbox_mails m
                               where m.kind = 'invoice' and m.about = i.number
                                 and m.sent_at is null and m.superseded_at is null))
  $$;

-- Owes the invoice's `send`th mail (its key invoice/<number>/<send>), written at `p_at`:
-- resend_invoice's budget reads when each resend was owed, in its caller's clock (p_now).
-- The row names the invoice only (mail kind refers to 'invoice'), so it stays with the
-- invoice when the request is deleted: after an erasure the invoice's page still knows when
-- it was sent and how often, and «Rechnung erneut senden» still owes its next send.
create function private.owe_invoice_mail(i public.invoices, p_send integer, p_at timestamptz) returns void
  language sql
  set search_path = ''
  as $$
    insert into public.outbox_mails (kind, about, idempotency_key, created_at)
    values ('invoice', i.number, format('invoice/%s/%s', i.number, p_send), p_at)
  $$;

-- What an invoice mail's sender reads (the outbox's hook, mailKinds.invoice.sql.payload):
-- the invoice its about names, from which the PDF is made, and the address on the invoice
-- (its address key: the address as typed, the domain in lower case) – also after the request
-- is gone. Null when the invoice is gone (the retention).
create function private.invoice_mail_json(m public.outbox_mails) returns jsonb
  language sql stable
  set search_path = ''
  as $$
    select jsonb_build_object('id', m.id, 'email', i.address_key, 'invoice', private.invoice_json(i))
      from public.invoices i where i.number = m.about
  $$;

-- «Rechnung senden»: the appointment's invoice, issued now unless it has one. Answers
-- {result, invoice}: 'issued' (this call gave the number and owes its first mail),
-- 'existing' (issued before: a second or concurrent press), 'not_found', 'not_confirmed'
-- (not a confirmed appointment), 'too_soon' (its day has not come in Zurich; `from` says
-- when). The request's row is locked first, so two presses for one appointment take turns
-- and the second finds the first's invoice; the unique constraint stands behind it.
create function public.issue_invoice(p_request uuid, p_amount_rappen integer, p_now timestamptz default null)
  returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    r public.appointment_requests;
    i public.invoices;
    today date := (coalesce(p_now, now()) at time zone 'Europe/Zurich')::date;
    seq integer;
  begin
    select * into r from public.appointment_requests a where a.id = p_request for update;
    if not found then
      return jsonb_build_object('result', 'not_found');
    end if;
    select * into i from public.invoices v where v.appointment_id = p_request;
    if found then
      return jsonb_build_object('result', 'existing', 'invoice', private.invoice_json(i));
    end if;
    if r.status <> 'confirmed' or r.confirmed_date is null then
      return jsonb_build_object('result', 'not_confirmed');
    end if;
    if r.confirmed_date > today then
      return jsonb_build_object('result', 'too_soon', 'from', r.confirmed_date);
    end if;
    insert into public.invoice_counters (year, last_number) values (extract(year from today)::integer, 0)
      on conflict (year) do nothing;
    update public.invoice_counters c set last_number = c.last_number + 1
      where c.year = extract(year from today)::integer
      returning c.last_number into seq;
    insert into public.invoices (number, appointment_id, appointment_request_id, address_key, first_name, last_name, service,
                                 appointment_date, appointment_time, minutes, advisor, amount_rappen, issued_on, language)
      values (format('%s-%s', extract(year from today)::integer, lpad(seq::text, 4, '0')), r.id, r.id,
              private.address_key(r.email), r.first_name, r.last_name, r.service,
              r.confirmed_date, r.confirmed_time, r.appointment_minutes, r.advisor, p_amount_rappen, today, r.language)
      returning * into i;
    -- The first mail is not the resend budget's, so its row keeps the transaction's time
    -- (the outbox's grace period reads it).
    perform private.owe_invoice_mail(i, 1, now());
    return jsonb_build_object('result', 'issued', 'invoice', private.invoice_json(i));
  end
  $$;

-- «Rechnung erneut senden»: the same invoice once more. While a mail of it is still owed
-- (not sent yet: a failed send, or a press a moment ago) that one is the answer, so a
-- double press sends once. Else the next send is owed within the resend budget
-- (domain/invoice.ts, generated: private.invoice_resends_max() resends in all, the first
-- mail not counted, and at most one per private.invoice_resend_interval() from the last
-- resend), counted from the invoice's outbox rows under its row's lock: neither a press
-- sent again nor presses at once pass it. {result: 'owed' | 'pending' | 'not_found',
-- invoice}, or {result: 'limited', retry_after_seconds, invoice}: the seconds until a press
-- may owe the next one, null once the budget is spent for good.
create function public.resend_invoice(p_request uuid, p_now timestamptz default null)
  returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    i public.invoices;
    pressed_at timestamptz := coalesce(p_now, now());
    sends integer;
    resends integer;
    next_at timestamptz;
  begin
    select * into i from public.invoices v where v.appointment_id = p_request for update;
    if not found then
      return jsonb_build_object('result', 'not_found');
    end if;
    if (private.invoice_json(i) ->> 'mail_pending')::boolean then
      return jsonb_build_object('result', 'pending', 'invoice', private.invoice_json(i));
    end if;
    select count(*),
           count(*) filter (where m.idempotency_key <> format('invoice/%s/1', i.number)),
           max(m.created_at) filter (where m.idempotency_key <> format('invoice/%s/1', i.number)) + private.invoice_resend_interval()
      into sends, resends, next_at
      from public.outbox_mails m where m.kind = 'invoice' and m.about = i.number;
    if resends >= private.invoice_resends_max() then
      return jsonb_build_object('result', 'limited', 'retry_after_seconds', null, 'invoice', private.invoice_json(i));
    end if;
    if next_at > pressed_at then
      return jsonb_build_object('result', 'limited', 'retry_after_seconds', ceil(extract(epoch from next_at - pressed_at))::integer,
                                'invoice', private.invoice_json(i));
    end if;
    perform private.owe_invoice_mail(i, sends + 1, pressed_at);
    return jsonb_build_object('result', 'owed', 'invoice', private.invoice_json(i));
  end
  $$;

-- «Als bezahlt markieren»: paid now, unless marked before (the first mark stays).
create function public.mark_invoice_paid(p_request uuid, p_now timestamptz default null)
  returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    i public.invoices;
  begin
    update public.invoices v set paid_at = coalesce(v.paid_at, coalesce(p_now, now()))
     where v.appointment_id = p_request
     returning * into i;
    if i.number is null then
      return jsonb_build_object('result', 'not_found');
    end if;
    return jsonb_build_object('result', 'paid', 'invoice', private.invoice_json(i));
  end
  $$;

-- The appointment's invoice (for its page), or null – also once the request is deleted.
create function public.invoice_of(p_request uuid) returns jsonb
  language sql stable
  security invoker
  set search_path = ''
  as $$ select private.invoice_json(i) from public.invoices i where i.appointment_id = p_request $$;

-- «Meine Daten» (…_my_data.sql): the address's invoices as public.my_data lists them, with
-- the day the retention deletes each (ten years after the end of its year), and one of them
-- for «PDF herunterladen» – only the address's own.
create function private.my_invoices(p_address_key text) returns jsonb
  language sql stable
  set search_path = ''
  as $$
    select coalesce(jsonb_agg(jsonb_build_object(
             'number', i.number, 'issued_on', i.issued_on, 'amount_rappen', i.amount_rappen, 'service', i.service,
             'appointment_date', i.appointment_date, 'appointment_time', i.appointment_time,
             'first_name', i.first_name, 'last_name', i.last_name, 'paid_at', i.paid_at,
             'delete_at', make_date(extract(year from i.issued_on)::integer + private.invoice_retention_years() + 1, 1, 1))
           order by i.number), '[]'::jsonb)
      from public.invoices i where i.address_key = p_address_key
  $$;

create function public.my_invoice(p_address_key text, p_number text) returns jsonb
  language sql stable
  security invoker
  set search_path = ''
  as $$ select private.invoice_json(i) from public.invoices i where i.address_key = p_address_key and i.number = p_number $$;

-- The digest's open invoices (send-practice-digest): unpaid more than
-- private.invoice_payment_days() (generated from domain/invoice.ts) after their date, oldest
-- first, 50 at most.
create function public.open_invoices(p_now timestamptz default null) returns jsonb
  language sql stable
  security invoker
  set search_path = ''
  as $$
    select coalesce(jsonb_agg(to_jsonb(i) - 'address_key' order by i.issued_on, i.number), '[]'::jsonb)
      from (select * from public.invoices v
             where v.paid_at is null
               and v.issued_on < (coalesce(p_now, now()) at time zone 'Europe/Zurich')::date - private.invoice_payment_days()
             order by v.issued_on, v.number limit 50) i
  $$;

-- ---------------------------------------------------------------------------------------
-- Privileges: the service role only.
alter table public.invoice_counters enable row level security;
alter table public.invoices enable row level security;
revoke all on public.invoice_counters, public.invoices from public, anon, authenticated;
grant all on public.invoice_counters, public.invoices to service_role;

revoke all on function private.invoice_json(public.invoices),
  private.invoice_mail_json(public.outbox_mails),
  private.owe_invoice_mail(public.invoices, integer, timestamptz),
  private.my_invoices(text) from public;
grant execute on function private.invoice_json(public.invoices),
  private.invoice_mail_json(public.outbox_mails),
  private.owe_invoice_mail(public.invoices, integer, timestamptz),
  private.my_invoices(text) to service_role;

revoke all on function public.issue_invoice(uuid, integer, timestamptz),
  public.resend_invoice(uuid, timestamptz),
  public.mark_invoice_paid(uuid, timestamptz),
  public.invoice_of(uuid),
  public.my_invoice(text, text),
  public.open_invoices(timestamptz) from public, anon, authenticated;
grant execute on function public.issue_invoice(uuid, integer, timestamptz),
  public.resend_invoice(uuid, timestamptz),
  public.mark_invoice_paid(uuid, timestamptz),
  public.invoice_of(uuid),
  public.my_invoice(text, text),
  public.open_invoices(timestamptz) to service_role;
