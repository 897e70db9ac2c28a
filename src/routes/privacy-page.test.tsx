import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { practice } from '@/content/practice';
import { privacyPage, type PrivacySectionId } from '@/content/privacy';
import { renderRoute } from '@/test/render-route';

const sectionTitles = privacyPage.sections.map((entry) => entry.title);
/** A section's copy, by its anchor id. */
const copyOf = (id: PrivacySectionId) => privacyPage.sections.find((entry) => entry.id === id)!;
/** The revision date as the page shows it: 27.11.2026. */
const revised = privacyPage.lastUpdated.split('-').reverse().join('.');

/** The page section a heading belongs to. */
function section(title: string): HTMLElement {
  const heading = within(screen.getByRole('main')).getByRole('heading', { level: 2, name: title });
  return heading.closest('section')!;
}

describe('/datenschutz', () => {
  it('has its title, the revision date and every section under its own heading', async () => {
    await renderRoute('/datenschutz');
    // The title may carry a soft hyphen (a break point on narrow screens); it is not read or shown otherwise.
    const title = screen.getByRole('heading', { level: 1 });
    expect(title.textContent!.replace(/\u00AD/g, '')).toBe('Datenschutzerklärung');
    const date = screen.getByText(revised);
    expect(date.tagName).toBe('TIME');
    expect(date).toHaveAttribute('datetime', privacyPage.lastUpdated);
    expect(date.parentElement).toHaveTextContent(`${privacyPage.lastUpdatedLabel} ${revised}`);
    const headings = within(screen.getByRole('main'))
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(headings).toEqual(['Inhalt', ...sectionTitles]);
  });

  it('has a table of contents whose links lead to the sections of the same name', async () => {
    await renderRoute('/datenschutz');
    const toc = screen.getByRole('navigation', { name: 'Inhalt' });
    const links = within(toc).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(sectionTitles);
    for (const link of links) {
      const href = link.getAttribute('href')!;
      expect(href).toMatch(/^#[a-z-]+$/);
      const target = document.getElementById(href.slice(1));
      expect(target, `target of ${href}`).not.toBeNull();
      expect(target!.tagName).toBe('SECTION');
      expect(within(target!).getByRole('heading', { level: 2 })).toHaveTextContent(link.textContent!);
    }
    expect(new Set(links.map((link) => link.getAttribute('href'))).size).toBe(sectionTitles.length);
  });

  it('lists the fields of the contact form and of the appointment form', async () => {
    await renderRoute('/datenschutz');
    const contact = within(section('Kontaktformular'))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(contact).toEqual([
      'Vorname und Nachname',
      'E-Mail-Adresse',
      'Telefonnummer (freiwillig)',
      'Betreff (freiwillig)',
      'Ihre Nachricht',
    ]);
    const appointment = within(section('Terminanfrage'))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(appointment).toEqual(copyOf('terminanfrage').list);
  });

  it('states the retention period, the supervisory authority and the visitor’s rights', async () => {
    await renderRoute('/datenschutz');
    expect(section('Aufbewahrung und Löschung')).toHaveTextContent('löschen wir 12 Monate nach ihrem Eingang');
    const complaint = section(copyOf('beschwerde').title);
    expect(complaint).toHaveTextContent('Eidgenössischen Datenschutz- und Öffentlichkeitsbeauftragten (EDÖB)');
    expect(within(complaint).getByRole('link', { name: 'www.edoeb.admin.ch' })).toHaveAttribute(
      'href',
      'https://www.edoeb.admin.ch',
    );
    const rights = within(section('Ihre Rechte'))
      .getAllByRole('listitem')
      .map((item) => item.textContent?.split(':')[0]);
    expect(rights).toEqual(['Auskunft', 'Berichtigung', 'Löschung', 'Herausgabe und Übertragung', 'Widerspruch']);
    expect(within(section('Ihre Rechte')).getByRole('link', { name: practice.email })).toHaveAttribute(
      'href',
      `mailto:${practice.email}`,
    );
  });

  it('names the controller and links its e-mail address and phone number', async () => {
    await renderRoute('/datenschutz');
    const controller = section(copyOf('verantwortliche-stelle').title);
    expect(controller).toHaveTextContent('Ruhepol Schlafberatung GmbH, Badenerstrasse 318, 8004 Zürich ZH');
    expect(within(controller).getByRole('link', { name: practice.email })).toHaveAttribute('href', `mailto:${practice.email}`);
    expect(within(controller).getByRole('link', { name: practice.phone.display })).toHaveAttribute(
      'href',
      `tel:${practice.phone.e164}`,
    );
  });
});
