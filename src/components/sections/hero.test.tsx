import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Hero } from '@/components/sections/hero';
import { setupUser } from '@/test/user';
import { homePage } from '@/content/home';
import { uiText } from '@/content/ui-text';

function preferReducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: reduce && query.includes('prefers-reduced-motion: reduce'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

function renderHero(props: Partial<React.ComponentProps<typeof Hero>> = {}) {
  return render(
    <MemoryRouter>
      <Hero title={homePage.hero.title} image="hero-home" video="hero-home" {...props} />
    </MemoryRouter>,
  );
}

const video = () => screen.queryByTestId('hero-video') as HTMLVideoElement | null;

describe('Hero', () => {
  beforeEach(() => {
    // jsdom cannot play media; the element's own state is what the component reads.
    let paused = true;
    vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(() => paused);
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(async function (this: HTMLMediaElement) {
      paused = false;
      this.dispatchEvent(new Event('playing'));
    });
    // As in a browser: pausing a video that is already paused fires no event.
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
      if (paused) return;
      paused = true;
      this.dispatchEvent(new Event('pause'));
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the title and the still image, sized and loaded eagerly as the largest paint', () => {
    preferReducedMotion(false);
    renderHero({ image: 'hero-blog', video: undefined });
    expect(screen.getByRole('heading', { level: 1, name: homePage.hero.title })).toBeInTheDocument();
    const image = document.querySelector('img')!;
    expect(image.getAttribute('src')).toBe('/media/hero-blog.webp');
    expect(image.getAttribute('srcset')).toBe('/media/hero-blog-sm.webp 800w, /media/hero-blog.webp 1600w');
    expect(image).toHaveAttribute('width', '1600');
    expect(image).toHaveAttribute('height', '900');
    expect(image).toHaveAttribute('fetchpriority', 'high');
    expect(image).not.toHaveAttribute('loading', 'lazy');
    expect(video()).not.toBeInTheDocument();
  });

  it('plays a muted looping video over the image, fading it in once it can play', () => {
    preferReducedMotion(false);
    renderHero();
    const element = video()!;
    expect(element.muted).toBe(true);
    expect(element).toHaveAttribute('loop');
    expect(element).toHaveAttribute('autoplay');
    expect(element).toHaveAttribute('playsinline');
    expect(element).toHaveTextContent(uiText.hero.noVideoSupport);
    expect([...element.querySelectorAll('source')].map((s) => s.getAttribute('src'))).toEqual([
      '/media/hero-home.webm',
      '/media/hero-home.mp4',
    ]);
    expect(element).toHaveClass('opacity-0');
    fireEvent.canPlay(element);
    expect(element).toHaveClass('opacity-100');
    expect(document.querySelector('img')).toBeInTheDocument();
  });

  it('falls back to the still image when the video cannot be loaded', () => {
    preferReducedMotion(false);
    renderHero();
    const sources = video()!.querySelectorAll('source');
    fireEvent.error(sources[sources.length - 1]!);
    expect(video()).not.toBeInTheDocument();
    expect(document.querySelector('img')).toHaveAttribute('src', '/media/hero-home.webp');
    expect(screen.queryByRole('button', { name: /Video/ })).not.toBeInTheDocument();
  });

  it('falls back to the still image when the video fails to decode', () => {
    preferReducedMotion(false);
    renderHero();
    fireEvent.error(video()!);
    expect(video()).not.toBeInTheDocument();
  });

  it('shows only the still image to visitors who prefer reduced motion', () => {
    preferReducedMotion(true);
    renderHero();
    expect(video()).not.toBeInTheDocument();
    expect(document.querySelector('img')).toBeInTheDocument();
  });

  it('offers a visible control to pause and resume the playing video', async () => {
    preferReducedMotion(false);
    const user = setupUser();
    renderHero();
    expect(screen.queryByRole('button', { name: /Video/ })).not.toBeInTheDocument();
    await act(async () => {
      fireEvent.canPlay(video()!);
      await video()!.play(); // what autoplay does in a browser
    });
    await user.click(screen.getByRole('button', { name: 'Video pausieren' }));
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Video abspielen' }));
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button', { name: 'Video pausieren' })).toBeInTheDocument();
  });

  it('pauses, and does not start, a video shown but not yet started by autoplay when «Video pausieren» is pressed', async () => {
    preferReducedMotion(false);
    const user = setupUser();
    renderHero();
    act(() => {
      fireEvent.canPlay(video()!);
    });
    await user.click(screen.getByRole('button', { name: 'Video pausieren' }));
    expect(HTMLMediaElement.prototype.play).not.toHaveBeenCalled();
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Video abspielen' })).toBeInTheDocument();
  });

  it('links its call to action to the booking page unless told otherwise', () => {
    preferReducedMotion(true);
    const { unmount } = renderHero({ cta: { label: 'Jetzt buchen' } });
    expect(screen.getByRole('link', { name: 'Jetzt buchen' })).toHaveAttribute('href', '/termin-vereinbaren');
    unmount();
    renderHero({ cta: { label: 'Schreiben Sie uns', to: '/kontakt' } });
    expect(screen.getByRole('link', { name: 'Schreiben Sie uns' })).toHaveAttribute('href', '/kontakt');
  });

  it('has no call to action when none is given', () => {
    preferReducedMotion(true);
    renderHero();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
