import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_PRESS_HANDOFF, MAX_WAIT_MS, PAGE_MODULES_ID, startPage } from '@/app/starter/page-starter';

const data = { entry: '/assets/index-abc.js', manifest: '/site.webmanifest' };
const requested = () => [...document.querySelectorAll('script[src], link[rel="modulepreload"], link[rel="manifest"]')].map((e) => e.getAttribute('src') ?? e.getAttribute('href'));

/** jsdom's document has loaded long before a test runs: pretend it is still loading. */
function stillLoading(): void {
  vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
  document.head.innerHTML = `<template id="${PAGE_MODULES_ID}"><link rel="modulepreload" href="/assets/app.js"></template>`;
  document.body.innerHTML = '<button type="button" id="menu">Menü</button>';
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  delete window[EARLY_PRESS_HANDOFF];
});

describe('the page starter', () => {
  it('requests nothing while the page loads, then the entry, its modules and the manifest one frame after the load event', async () => {
    stillLoading();
    startPage(data);
    await vi.advanceTimersByTimeAsync(MAX_WAIT_MS - 1);
    expect(requested()).toEqual([]);
    window.dispatchEvent(new Event('load'));
    expect(requested()).toEqual([]);
    await vi.advanceTimersToNextFrame();
    await vi.advanceTimersByTimeAsync(0);
    expect(requested()).toEqual(['/assets/app.js', '/site.webmanifest', '/assets/index-abc.js']);
    expect(document.querySelector<HTMLScriptElement>('script[src]')!.type).toBe('module');
    expect(document.getElementById(PAGE_MODULES_ID)).toBeNull();
  });

  it('starts at once on the first tap or key, and only once', async () => {
    stillLoading();
    startPage(data);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    expect(requested()).toContain('/assets/index-abc.js');
    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(MAX_WAIT_MS);
    expect(document.querySelectorAll('script[src]')).toHaveLength(1);
  });

  it(`starts after ${MAX_WAIT_MS} ms when the page never finishes loading (a broken image)`, async () => {
    stillLoading();
    startPage(data);
    await vi.advanceTimersByTimeAsync(MAX_WAIT_MS);
    expect(requested()).toContain('/assets/index-abc.js');
  });

  it('remembers a press before the app runs and hands it to the entry', () => {
    stillLoading();
    startPage(data);
    document.getElementById('menu')!.click();
    expect(window[EARLY_PRESS_HANDOFF]?.()?.id).toBe('menu');
  });
});
