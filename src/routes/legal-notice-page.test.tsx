import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { legalEntity, legalNoticePage } from '@/content/legal-notice';
import { practice } from '@/content/practice';
import { legalNoticePage as englishLegalNotice } from '@/content/en/legal-notice';
import { privacyPage as englishPrivacy } from '@/content/en/privacy';
import { isValidSwissUid } from '@/test/swiss-uid';
import { renderRoute } from '@/test/render-route';
import { advisorName } from '@domain/practice';

const SANDRA_HUBER = advisorName('sandra-huber');

/** A text as a regular expression that matches it literally. */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The value (<dd>) that follows a label (<dt>) in the legal notice's definition list. */
function detail(label: string): HTMLElement {
  const terms = [...screen.getByRole('main').querySelectorAll('dl > div > dt')].filter((dt) => dt.textContent === label);
  expect(terms, `exactly one "${label}" entry`).toHaveLength(1);
  const value = terms[0]!.nextElementSibling as HTMLElement | null;
  expect(value?.tagName).toBe('DD');
  return value!;
}

describe('/impressum', () => {
  it('names the company, its registered office in Zürich and its managing director', async () => {
    await renderRoute('/impressum');
    expect(screen.getByRole('heading', { level: 1, name: 'Impressum' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Verantwortlich für den Inhalt' })).toBeInTheDocument();
    expect(detail('Firma')).toHaveTextContent(/^Ruhepol Schlafberatung GmbH$/);
    const office = [...detail('Sitz').children].map((line) => line.textContent);
    expect(office).toEqual(['Badenerstrasse 318', '8004 Zürich ZH']);
    expect(detail('Geschäftsführerin')).toHaveTextContent(new RegExp(String.raw`^${SANDRA_HUBER}$`));
  });

  it('links the phone number and e-mail address', async () => {
    await renderRoute('/impressum');
    const phone = within(detail('Telefon')).getByRole('link');
    expect(phone).toHaveAttribute('href', `tel:${practice.phone.e164}`);
    // Its groups are joined by no-break spaces, so it never breaks across lines.
    expect(phone.textContent).toBe(practice.phone.display);
    expect(practice.phone.display).toBe('+41\u00a044\u00a0555\u00a027\u00a080');
    expect(phone.getAttribute('href')).toMatch(/^tel:\+41\d{9}$/);
    const email = within(detail('E-Mail')).getByRole('link');
    expect(email).toHaveAttribute('href', `mailto:${practice.email}`);
    expect(email).toHaveTextContent(practice.email);
  });

  it('shows the commercial register (canton Zürich) with its firm number, a valid UID and the VAT number', async () => {
    await renderRoute('/impressum');
    // The firm number (CH-ID) of the canton's register office 020 (Zürich), in its real shape.
    expect(detail('Handelsregister')).toHaveTextContent(
      new RegExp(String.raw`^${escapeRegExp(legalEntity.commercialRegister)}\s*Firmennummer CH-020\.\d\.\d{3}\.\d{3}-\d$`),
    );
    // The register is the one of the canton of the registered office.
    expect(legalEntity.commercialRegister).toContain(legalEntity.registeredAddress.locality);
    const uid = detail('UID').textContent ?? '';
    expect(uid).toMatch(/^CHE-\d{3}\.\d{3}\.\d{3}$/);
    expect(isValidSwissUid(uid)).toBe(true);
    expect(detail('Mehrwertsteuernummer')).toHaveTextContent(new RegExp(`^${uid.replace(/\./g, '\\.')} MWST$`));
  });

  it('follows the facts with the legal text sections, each under its own heading', async () => {
    await renderRoute('/impressum');
    const headings = within(screen.getByRole('main'))
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(headings).toEqual([legalNoticePage.detailsTitle, ...legalNoticePage.sections.map((entry) => entry.title)]);
    expect(screen.getByRole('main')).toHaveTextContent('Gerichtsstand ist Zürich');
  });
});

describe('the English legal notice and privacy notice', () => {
  it.each([
    ['/en/legal-notice', englishLegalNotice.bindingNote!, '/impressum'],
    ['/en/privacy', englishPrivacy.bindingNote!, '/datenschutz'],
  ])('%s says that the German version is binding and links it', async (path, note, german) => {
    await renderRoute(path);
    expect(screen.getByRole('main')).toHaveTextContent(note.text);
    const link = screen.getByRole('link', { name: note.link.label });
    expect(link).toHaveAttribute('href', german);
    expect(link).toHaveAttribute('hreflang', 'de-CH');
  });

  it('the German pages carry no such note', async () => {
    await renderRoute('/impressum');
    expect(legalNoticePage.bindingNote).toBeUndefined();
    expect(screen.queryByRole('link', { name: englishLegalNotice.bindingNote!.link.label })).toBeNull();
  });
});
