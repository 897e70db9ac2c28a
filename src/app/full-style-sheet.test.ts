import { afterEach, describe, expect, it } from 'vitest';
import { DEFERRED_STYLE_TYPE, loadFullStyleSheet } from './full-style-sheet';

afterEach(() => document.head.replaceChildren());

describe('loadFullStyleSheet', () => {
  it('turns the inert link into a style sheet and resolves when it has loaded', async () => {
    document.head.innerHTML = `<style>.a{}</style><link rel="stylesheet" href="/assets/index-abc.css" type="${DEFERRED_STYLE_TYPE}">`;
    let done = false;
    const loaded = loadFullStyleSheet().then(() => (done = true));
    const live = document.head.querySelectorAll('link');
    expect(live).toHaveLength(1);
    expect(live[0]!.getAttribute('type')).toBeNull();
    // Vite's loader for lazy chunks finds the sheet by exactly this attribute value.
    expect(live[0]!.getAttribute('href')).toBe('/assets/index-abc.css');
    await Promise.resolve();
    expect(done).toBe(false);
    live[0]!.dispatchEvent(new Event('load'));
    await loaded;
    expect(done).toBe(true);
  });

  it('resolves when the sheet fails to load as well: the page keeps its own rules', async () => {
    document.head.innerHTML = `<link rel="stylesheet" href="/assets/index-abc.css" type="${DEFERRED_STYLE_TYPE}">`;
    const loaded = loadFullStyleSheet();
    document.head.querySelector('link')!.dispatchEvent(new Event('error'));
    await expect(loaded).resolves.toBeUndefined();
  });

  it('resolves at once without a deferred link (the dev server injects the style itself)', async () => {
    await expect(loadFullStyleSheet()).resolves.toBeUndefined();
  });
});
