import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render-route';

const main = () => screen.getByRole('main');

/** The article cards of a section, found by the section's heading. */
function cardsIn(sectionName: string) {
  const section = within(main()).getByRole('region', { name: sectionName });
  return within(section).getAllByRole('article');
}

function expectCompleteCard(card: HTMLElement) {
  const inCard = within(card);
  const title = inCard.getByRole('heading', { level: 3 }).textContent ?? '';
  expect(title.length).toBeGreaterThan(10);
  expect(inCard.getByText(/^(Gesundheit|Beratung|Tipps|Technologie)$/)).toBeInTheDocument();
  const date = card.querySelector('time')!;
  expect(date.textContent).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
  // The visible de-CH date and the machine-readable one name the same day.
  const [day, month, year] = date.textContent!.split('.');
  expect(date).toHaveAttribute('datetime', `${year}-${month}-${day}`);
  expect(card).toHaveTextContent(/Lesezeit: \d+ Min\./);
  expect(inCard.getByText(/^von/)).toHaveTextContent(/^von (Sandra Huber|Lukas Brunner)$/);
  expect(card.querySelector('h3 + p')?.textContent?.length).toBeGreaterThan(60);
  const read = inCard.getByRole('button', { name: `Lesen: ${title}` });
  expect(read).toHaveTextContent(/^Lesen/);
}

describe('/blog', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the hero and the five category chips in order, as labels rather than controls', async () => {
    await renderRoute('/blog');
    expect(screen.getByRole('heading', { level: 1, name: 'Blog' })).toBeInTheDocument();
    const chips = screen.getByRole('list', { name: 'Kategorien' });
    const items = within(chips).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Alle', 'Gesundheit', 'Beratung', 'Tipps', 'Technologie']);
    expect(items[0]).toHaveAttribute('aria-current', 'true');
    expect(items.slice(1).every((item) => !item.hasAttribute('aria-current'))).toBe(true);
    // They filter nothing, so nothing in them may look operable to assistive technology.
    expect(within(chips).queryAllByRole('button')).toHaveLength(0);
    expect(within(chips).queryAllByRole('link')).toHaveLength(0);
  });

  it('shows the two featured articles and the four others, each card complete', async () => {
    await renderRoute('/blog');
    const featured = cardsIn('Empfohlene Artikel');
    const others = cardsIn('Alle Artikel');
    expect(featured).toHaveLength(2);
    expect(others).toHaveLength(4);
    for (const card of [...featured, ...others]) expectCompleteCard(card);
    expect(within(featured[0]!).getByRole('heading', { level: 3 })).toHaveTextContent(
      'Nacken verspannt nach dem Aufwachen? Was dahinterstecken kann',
    );
    expect(featured[0]).toHaveTextContent('18.11.2025');
    expect(featured[0]).toHaveTextContent('von Sandra Huber');
    expect(featured[0]).toHaveTextContent('Lesezeit: 6 Min.');
    const titles = [...featured, ...others].map((card) => within(card).getByRole('heading', { level: 3 }).textContent);
    expect(new Set(titles).size).toBe(6);
  });

  it('says that "Lesen" is not available yet, and why', async () => {
    await renderRoute('/blog');
    const buttons = within(main()).getAllByRole('button', { name: /^Lesen: / });
    expect(buttons).toHaveLength(6);
    for (const button of buttons) {
      expect(button).toHaveAttribute('type', 'button');
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAccessibleDescription('Die vollständigen Artikel erscheinen in Kürze.');
    }
    // The reason is visible on the page too, not only to screen readers.
    expect(within(main()).getByText('Die vollständigen Artikel erscheinen in Kürze.')).toBeVisible();
    act(() => buttons[0]!.focus());
    // The first use loads Radix Tooltip (its own chunk); on a busy machine that can take a while.
    expect(await screen.findByRole('tooltip', {}, { timeout: 5000 })).toHaveTextContent('Die vollständigen Artikel erscheinen in Kürze.');
  });

  it('changes nothing when "Lesen" is pressed', async () => {
    const { location, user } = await renderRoute('/blog');
    const html = main().innerHTML;
    for (const button of within(main()).getAllByRole('button', { name: /^Lesen: / })) {
      await user.click(button);
    }
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Die vollständigen Artikel erscheinen in Kürze.');
    expect(location).toEqual({ pathname: '/blog', hash: '' });
    expect(cardsIn('Empfohlene Artikel')).toHaveLength(2);
    // Pressing shows the explanation tooltip; only the tooltip's markers may differ.
    const strip = (markup: string) =>
      markup.replace(/ data-state="[^"]*"| aria-describedby="[^"]*"| data-radix-popper-[a-z]+="[^"]*"/g, '');
    expect(strip(main().innerHTML)).toBe(strip(html));
  });

  it('has a labelled newsletter input whose form neither submits, navigates nor sends anything', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const xhrSpy = vi.spyOn(XMLHttpRequest.prototype, 'open');
    const { location, user } = await renderRoute('/blog');
    const section = screen.getByRole('region', { name: 'Newsletter' });
    const input = within(section).getByLabelText('E-Mail-Adresse');
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveAttribute('placeholder', 'ihre.email@beispiel.ch');
    expect(input).toHaveAccessibleDescription(/noch nicht aktiv/);
    const button = within(section).getByRole('button', { name: 'Abonnieren' });
    expect(button).toHaveAccessibleDescription(/noch nicht aktiv/);
    expect(section).toHaveTextContent(
      'Unser Newsletter startet in Kürze und ist noch nicht aktiv. Über dieses Feld wird derzeit nichts gespeichert oder versendet.',
    );

    const submits: SubmitEvent[] = [];
    const record = (event: Event) => submits.push(event as SubmitEvent);
    window.addEventListener('submit', record);
    try {
      await user.type(input, 'anna@example.ch');
      await user.click(button);
      await user.type(input, '{Enter}');
      fireEvent.submit(input.closest('form')!);
    } finally {
      window.removeEventListener('submit', record);
    }

    expect(submits).toHaveLength(3);
    // A default submit would reload the page with the address in the URL.
    expect(submits.every((event) => event.defaultPrevented)).toBe(true);
    expect(location).toEqual({ pathname: '/blog', hash: '' });
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(xhrSpy).not.toHaveBeenCalled();
    expect(input).toHaveValue('anna@example.ch');
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(section).queryByRole('status')).not.toBeInTheDocument();
  });

  it('ends with a call to action to book an appointment', async () => {
    await renderRoute('/blog');
    const cta = screen.getByRole('region', { name: 'Lieber persönlich beraten lassen?' });
    expect(within(cta).getByRole('link', { name: 'Termin vereinbaren' })).toHaveAttribute('href', '/termin-vereinbaren');
  });
});
