import type { ReactNode } from 'react';
import { useCopy } from '@/content/copy';
import { dateFormatsCopy } from '@/content/dates';
import { myDataCopy } from '@/content/my-data';
import { servicesCopy } from '@/content/services';
import type { Language } from '@/lib/language';
import type { MyData, MyDataMail, MyDataMessage, MyDataAppointmentRequest, MyDataOfferedTime } from '@domain/wire-types';

/** What the view writes with, in the page's language: its copy, the dates, the services' names. */
interface Words {
  copy: (typeof myDataCopy)[Language]['myDataPage'];
  instant: (iso: string) => string;
  slot: (date: string, time: string | null) => string;
  /** A service as stored (the catalogue's German label), in the page's language. */
  service: (stored: string) => string;
}

function useWords(): Words {
  const { myDataPage: copy } = useCopy(myDataCopy);
  const { formatInstantLong, formatSlotLong } = useCopy(dateFormatsCopy);
  const { storedServiceLabel } = useCopy(servicesCopy);
  return {
    copy,
    instant: (iso) => formatInstantLong(new Date(iso)),
    slot: formatSlotLong,
    service: storedServiceLabel,
  };
}

function Facts({ items }: { items: [label: string, value: ReactNode][] }) {
  return (
    // minmax(0, …) and anywhere: a value is the visitor's own text (a name, an address, a
    // message without a space), which must wrap inside its column, not size it.
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[max-content_minmax(0,1fr)]">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-night-800">{label}</dt>
          <dd className="mb-2 whitespace-pre-wrap [overflow-wrap:anywhere] sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Entry({ title, children }: { title: string; children: ReactNode }) {
  return (
    <li className="rounded-lg border border-sand-300 bg-white p-4">
      <h4 className="mb-2 text-lg font-semibold">{title}</h4>
      {children}
    </li>
  );
}

/** Offered times: each slot, what became of it, and when it was offered. */
function OfferedTimes({ times, words }: { times: MyDataOfferedTime[]; words: Words }) {
  const { copy, instant, slot } = words;
  return (
    <ul className="whitespace-normal">
      {times.map((offered, n) => (
        <li key={n}>
          {slot(offered.date, offered.time)} ({copy.offerStatus[offered.status]}; {copy.offeredAt} {instant(offered.offeredAt)})
        </li>
      ))}
    </ul>
  );
}

function requestFacts(request: MyDataAppointmentRequest, words: Words): [string, ReactNode][] {
  const { copy, instant, slot } = words;
  const f = copy.fields;
  const items: [string, ReactNode][] = [
    [f.createdAt, instant(request.createdAt)],
    [f.status, copy.requestStatus[request.status]],
    [f.name, `${request.firstName} ${request.lastName}`],
    [f.email, request.email],
    [f.phone, request.phone],
    [f.service, words.service(request.service)],
    [f.preferred, slot(request.preferred.date, request.preferred.time)],
    [f.language, copy.languageNames[request.language]],
  ];
  if (request.alternative) items.push([f.alternative, slot(request.alternative.date, request.alternative.time)]);
  if (request.confirmed) items.push([f.confirmed, slot(request.confirmed.date, request.confirmed.time)]);
  if (request.advisor) items.push([f.advisor, request.advisor]);
  if (request.move) items.push([f.move, `${slot(request.move.date, request.move.time)} (${copy.moveStatus[request.move.status]})`]);
  if (request.offers.length > 0) items.push([f.offers, <OfferedTimes times={request.offers} words={words} />]);
  if (request.earlierWish) {
    const wish = request.earlierWish;
    items.push([f.earlierWish, `${wish.active ? copy.earlierWish.active : copy.earlierWish.inactive} ${instant(wish.since)}`]);
  }
  if (request.earlierOffers.length > 0) items.push([f.earlierOffers, <OfferedTimes times={request.earlierOffers} words={words} />]);
  if (request.message) items.push([f.message, request.message]);
  if (request.staffNote) items.push([f.staffNote, request.staffNote]);
  items.push([copy.deleteAt, instant(request.deleteAt)]);
  return items;
}

function messageFacts(message: MyDataMessage, { copy, instant }: Words): [string, ReactNode][] {
  const f = copy.fields;
  const items: [string, ReactNode][] = [
    [f.createdAt, instant(message.createdAt)],
    [f.name, message.name],
    [f.email, message.email],
    [f.language, copy.languageNames[message.language]],
  ];
  if (message.phone) items.push([f.phone, message.phone]);
  if (message.subject) items.push([f.subject, message.subject]);
  items.push([f.message, message.message], [copy.deleteAt, instant(message.deleteAt)]);
  return items;
}

/**
 * When a mail went out, or – not sent – when it is due: one due later than the page was read
 * (a reminder, the day before its appointment) says when it will be sent, not «Fällig seit».
 */
function mailWhen(mail: MyDataMail, readAt: string, { copy, instant }: Words): [string, ReactNode] {
  const f = copy.fields;
  if (mail.sentAt) return [f.sentAt, instant(mail.sentAt)];
  if (mail.droppedAt) return [f.owedAt, `${instant(mail.createdAt)} (${copy.mailDropped})`];
  if (Date.parse(mail.dueAt) > Date.parse(readAt)) return [f.plannedAt, instant(mail.dueAt)];
  return [f.owedAt, `${instant(mail.dueAt)} (${copy.mailNotSent})`];
}

function mailFacts(mail: MyDataMail, readAt: string, words: Words): [string, ReactNode][] {
  const { copy, instant } = words;
  const f = copy.fields;
  return [
    [f.recipient, copy.recipients[mail.recipient]],
    mailWhen(mail, readAt, words),
    [copy.deleteAt, mail.deleteAt ? instant(mail.deleteAt) : '–'],
  ];
}

function Part({ id, title, empty, children, count }: { id: string; title: string; empty: string; children: ReactNode; count: number }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h3 id={id} className="text-2xl">
        {title} <span className="text-base font-normal text-ink-muted">({count})</span>
      </h3>
      {count === 0 ? <p className="mt-2">{empty}</p> : <ul className="mt-3 space-y-3">{children}</ul>}
    </section>
  );
}

/**
 * Everything stored about the mailbox, in readable sections in the page's language, each
 * item with its deletion date. `sleepDiaries`: the sleep diaries' part, which the sleep diary feature renders (the page
 * composes the two features; neither imports the other).
 */
export function MyDataView({ data, sleepDiaries }: { data: MyData; sleepDiaries?: ReactNode }) {
  const words = useWords();
  const { copy, instant } = words;
  const nothing = data.requests.length === 0 && data.messages.length === 0 && data.newsletter === null && data.mails.length === 0 &&
    (data.invoices ?? []).length === 0;
  return (
    <div>
      <p className="mt-2 text-ink-muted">
        {copy.mailbox}: <strong className="text-ink">{data.mailbox}</strong> · {copy.readAt}: {instant(data.readAt)}
      </p>
      {nothing && <p className="mt-4 text-lg">{copy.nothingStored}</p>}
      <Part id="meine-daten-anfragen" title={copy.sections.requests} empty={copy.none.requests} count={data.requests.length}>
        {data.requests.map((request) => (
          <Entry key={request.id} title={`${words.service(request.service)} – ${copy.requestStatus[request.status]}`}>
            <Facts items={requestFacts(request, words)} />
          </Entry>
        ))}
      </Part>
      {sleepDiaries}
      <Part id="meine-daten-nachrichten" title={copy.sections.messages} empty={copy.none.messages} count={data.messages.length}>
        {data.messages.map((message) => (
          <Entry key={message.id} title={message.subject ?? copy.fields.message}>
            <Facts items={messageFacts(message, words)} />
          </Entry>
        ))}
      </Part>
      <Part id="meine-daten-newsletter" title={copy.sections.newsletter} empty={copy.none.newsletter} count={data.newsletter ? 1 : 0}>
        {data.newsletter && (
          <Entry title={copy.newsletterStatus[data.newsletter.status]}>
            <Facts
              items={[
                [copy.fields.email, data.newsletter.email],
                [copy.fields.language, copy.languageNames[data.newsletter.language]],
                [copy.fields.since, instant(data.newsletter.createdAt)],
                ...(data.newsletter.confirmedAt ? [[copy.fields.confirmedAt, instant(data.newsletter.confirmedAt)] as [string, ReactNode]] : []),
                [copy.deleteAt, data.newsletter.deleteAt ? instant(data.newsletter.deleteAt) : copy.deleteOnUnsubscribe],
              ]}
            />
          </Entry>
        )}
      </Part>
      <Part id="meine-daten-mails" title={copy.sections.mails} empty={copy.none.mails} count={data.mails.length}>
        {data.mails.map((mail, n) => (
          <Entry key={n} title={copy.mailKinds[mail.kind]}>
            <Facts items={mailFacts(mail, data.readAt, words)} />
          </Entry>
        ))}
      </Part>
    </div>
  );
}
