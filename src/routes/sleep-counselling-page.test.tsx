import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sleepCounsellingPage } from '@/content/sleep-counselling';
import { serviceCards } from '@/content/service-cards';
import { bookableServices, findBookableService, priceOnRequest, servicePriceText, type ServiceValue } from '@/content/services';
import { renderRoute } from '@/test/render-route';

/** A service's price as the page shows it (its no-break space folded, as jest-dom folds it). */
const priceText = (value: ServiceValue) => servicePriceText(findBookableService(value)).replace(/\s/g, ' ');

// Radix Tooltip is loaded on the first use of a tooltip; this counts its imports.
const radixTooltips = vi.hoisted(() => ({ imports: 0 }));
vi.mock('@/components/ui/tooltip-radix', async (importOriginal) => {
  radixTooltips.imports += 1;
  return importOriginal();
});

const region = (name: string) => screen.getByRole('region', { name });
const headingsIn = (element: HTMLElement, level: number) =>
  within(element).getAllByRole('heading', { level }).map((heading) => heading.textContent);
const listItemsIn = (element: HTMLElement) => within(element).getAllByRole('listitem').map((item) => item.textContent);

describe('/schlafberatung', () => {
  it('opens with its title and a booking button', async () => {
    await renderRoute('/schlafberatung');
    const hero = region('Schlafberatung');
    expect(within(hero).getByRole('heading', { level: 1 })).toHaveTextContent('Schlafberatung');
    expect(within(hero).getByRole('link', { name: 'Termin vereinbaren' })).toHaveAttribute('href', '/termin-vereinbaren');
  });

  it('details the three services with their highlights, each card an anchor named like its id', async () => {
    await renderRoute('/schlafberatung');
    const services = region(sleepCounsellingPage.services.title);
    expect(headingsIn(services, 3)).toEqual(['Schlafberatung', 'Liegediagnostik', 'Prävention & Begleitung']);
    for (const card of serviceCards) {
      const anchor = document.getElementById(card.id)!;
      expect(services).toContainElement(anchor);
      expect(within(anchor).getByRole('heading', { level: 3 })).toHaveTextContent(card.title);
      // jest-dom folds the page's no-break spaces («CHF 190.–») into spaces; fold the expected text too.
      for (const highlight of sleepCounsellingPage.services.highlights[card.id]) expect(anchor).toHaveTextContent(highlight.replace(/\s+/g, ' '));
    }
    expect(services).toHaveTextContent(priceText('schlafberatung'));
  });

  it('explains the process as three numbered steps: Analyse, Diagnose, Lösung', async () => {
    await renderRoute('/schlafberatung');
    const process = region(sleepCounsellingPage.process.title);
    const list = within(process).getByRole('list');
    expect(list.tagName).toBe('OL');
    const steps = within(list).getAllByRole('listitem');
    expect(steps.map((step) => within(step).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Analyse',
      'Diagnose',
      'Lösung',
    ]);
    steps.forEach((step, index) => expect(step).toHaveTextContent(String(index + 1)));
  });

  it('lists the benefits and the advisors’ competences', async () => {
    await renderRoute('/schlafberatung');
    expect(listItemsIn(region('Ihre Vorteile'))).toEqual(sleepCounsellingPage.benefits.items);
    expect(listItemsIn(region('Unsere Kompetenzen'))).toEqual(sleepCounsellingPage.competences.items);
  });

  it('explains body measurement and tailor-made sleep systems, each with its illustration', async () => {
    await renderRoute('/schlafberatung');
    for (const explainer of sleepCounsellingPage.explainers) {
      const section = region(explainer.title);
      expect(section).toHaveAttribute('id', explainer.id);
      for (const paragraph of explainer.paragraphs) expect(section).toHaveTextContent(paragraph);
      const image = within(section).getByRole('img', { name: explainer.image.alt });
      expect(image).toHaveAttribute('src', explainer.image.src);
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image).toHaveAttribute('width');
      expect(image).toHaveAttribute('height');
    }
  });

  it('says what a consultation contains, with the disclaimer', async () => {
    await renderRoute('/schlafberatung');
    const consultation = region('Das beinhaltet eine Beratung');
    expect(headingsIn(consultation, 3)).toEqual(sleepCounsellingPage.consultation.items.map((item) => item.title));
    // Each part with its text; the last one says a referral to network partners needs consent.
    for (const item of sleepCounsellingPage.consultation.items) expect(consultation).toHaveTextContent(item.text);
    expect(consultation).toHaveTextContent(sleepCounsellingPage.consultation.disclaimer);
  });

  it('lists the bookable services with their prices', async () => {
    await renderRoute('/schlafberatung');
    const prices = within(region('Angebote und Preise')).getAllByRole('listitem');
    expect(prices).toHaveLength(3);
    bookableServices.forEach((service, index) => {
      expect(prices[index]).toHaveTextContent(service.label);
      expect(prices[index]).toHaveTextContent(priceText(service.value));
    });
  });

  it('explains "Preis auf Anfrage" in a tooltip that keyboard users reach', async () => {
    const { user } = await renderRoute('/schlafberatung');
    const trigger = within(region('Angebote und Preise')).getByRole('button', { name: 'Preis auf Anfrage' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    // Until the visitor uses a tooltip, Radix is not loaded; the explanation is the button's description.
    expect(radixTooltips.imports).toBe(0);
    expect(trigger).toHaveAccessibleDescription(priceOnRequest.explanation);

    act(() => trigger.focus());
    expect(trigger).toHaveFocus();
    // The first use loads Radix Tooltip (its own chunk); on a busy machine that can take a while.
    expect(await screen.findByRole('tooltip', {}, { timeout: 5000 })).toHaveTextContent(priceOnRequest.explanation);
    expect(radixTooltips.imports).toBe(1);
    // Radix took over the same button: focus stayed on it.
    expect(trigger).toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAccessibleDescription(priceOnRequest.explanation);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('closes with an invitation to book or to get in touch', async () => {
    await renderRoute('/schlafberatung');
    const cta = region(sleepCounsellingPage.closingCta.title);
    expect(within(cta).getByRole('link', { name: 'Termin vereinbaren' })).toHaveAttribute('href', '/termin-vereinbaren');
    expect(within(cta).getByRole('link', { name: 'Fragen? Kontakt aufnehmen' })).toHaveAttribute('href', '/kontakt');
  });
});
