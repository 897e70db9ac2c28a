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
  it('without paint reports (Safari): requests nothing while the page loads, then the entry, its modules and the manifest one frame after the load event', async () => {
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

  describe('where the browser reports the largest paint', () => {
    /** A stand-in for the browser's PerformanceObserver: the test reports paints by element. */
    let reportPaint: (element: Element) => void;
    beforeEach(() => {
      const observers: Array<(list: { getEntries(): Array<{ element: Element }> }) => void> = [];
      const buffered: Array<{ element: Element }> = [];
      class FakeObserver {
        static supportedEntryTypes = ['largest-contentful-paint'];
        constructor(private readonly callback: (list: { getEntries(): Array<{ element: Element }> }) => void) {}
        observe(options: { type: string; buffered?: boolean }) {
          expect(options.type).toBe('largest-contentful-paint');
          observers.push(this.callback);
          if (options.buffered && buffered.length > 0) this.callback({ getEntries: () => [...buffered] });
        }
        disconnect() {
          observers.splice(observers.indexOf(this.callback), 1);
        }
      }
      vi.stubGlobal('PerformanceObserver', FakeObserver);
      reportPaint = (element) => {
        buffered.push({ element });
        for (const callback of [...observers]) callback({ getEntries: () => [{ element }] });
      };
    });
    afterEach(() => vi.unstubAllGlobals());

    it('starts once the hero image is reported painted, not on an earlier paint of the heading or on the load event', async () => {
      document.body.innerHTML = '<h1>Titel</h1><img fetchpriority="high" alt="">';
      stillLoading();
      startPage(data);
      reportPaint(document.querySelector('h1')!);
      window.dispatchEvent(new Event('load'));
      await vi.advanceTimersToNextFrame();
      await vi.advanceTimersByTimeAsync(0);
      expect(requested()).toEqual([]);
      reportPaint(document.querySelector('img')!);
      expect(requested()).toEqual(['/assets/app.js', '/site.webmanifest', '/assets/index-abc.js']);
      reportPaint(document.querySelector('img')!);
      expect(document.querySelectorAll('script[src]')).toHaveLength(1);
    });

    it('finds the hero the parser reaches after the starter ran (the starter runs in <head>)', () => {
      document.body.innerHTML = '';
      stillLoading();
      startPage(data);
      document.body.innerHTML = '<section><img fetchpriority="high" alt=""><h1>Titel</h1></section>';
      reportPaint(document.querySelector('h1')!);
      expect(requested()).toEqual([]);
      reportPaint(document.querySelector('img')!);
      expect(requested()).toContain('/assets/index-abc.js');
    });

    it('counts a hero painted before the starter ran', () => {
      document.body.innerHTML = '<img fetchpriority="high" alt="">';
      reportPaint(document.querySelector('img')!);
      stillLoading();
      startPage(data);
      expect(requested()).toContain('/assets/index-abc.js');
    });

    it('on a page without a hero image, starts with its first paint', () => {
      document.body.innerHTML = '<h1>Artikel</h1>';
      stillLoading();
      startPage(data);
      expect(requested()).toEqual([]);
      reportPaint(document.querySelector('h1')!);
      expect(requested()).toContain('/assets/index-abc.js');
    });
  });
});
