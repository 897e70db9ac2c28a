import { useRef, useState, type ReactNode } from 'react';
import { Pause, Play } from 'lucide-react';
import { heroImageSources } from '@/app/head/hero-image';
import { useLocation } from 'react-router-dom';
import { appointmentPath, findPageRoute } from '@/app/router/route-table';
import { ButtonLink } from '@/components/ui/button-link';
import { Container } from '@/components/ui/section';
import { useMotionAllowed } from '@/hooks/use-motion-allowed';
import { cn } from '@/lib/cn';
import { uiText } from '@/content/ui-text';

export interface HeroCta {
  label: string;
  /** Where the button leads; the booking page unless said otherwise. */
  to?: string;
}

export interface HeroProps {
  title: ReactNode;
  /** Small line above the title, e.g. the page name on a sub-page ("Kontakt"). */
  subtitle?: string;
  lead?: ReactNode;
  /**
   * Base name of the still image in public/media (hero-home → hero-home.webp, hero-home-sm.webp).
   * Pages leave it out: the page registry names it, and <head> preloads the same one.
   */
  image?: string;
  /**
   * Base name of a looping video in public/media (.webm and .mp4). The still image beneath
   * stays its fallback; the video has no poster: it is invisible until it plays, and a
   * poster would fetch the 1600 px still again on a phone that shows the 800 px one.
   */
  video?: string;
  cta?: HeroCta;
  secondaryCta?: HeroCta & { to: string };
  size?: 'large' | 'compact';
}

type VideoState = 'loading' | 'playing' | 'paused' | 'failed';

export function Hero({ title, subtitle, lead, image, video, cta, secondaryCta, size = 'compact' }: HeroProps) {
  const motionAllowed = useMotionAllowed();
  const [videoState, setVideoState] = useState<VideoState>('loading');
  const videoRef = useRef<HTMLVideoElement>(null);
  const { pathname } = useLocation();
  const baseName = image ?? findPageRoute(pathname)?.heroImage;
  if (!baseName) throw new Error(`No hero image for ${pathname}: register the page in src/app/router/route-table.ts`);
  const still = heroImageSources(baseName);
  const showVideo = Boolean(video) && motionAllowed && videoState !== 'failed';
  const videoVisible = showVideo && (videoState === 'playing' || videoState === 'paused');

  // The press does what the button says. The video is shown (and the button says «pause»)
  // once it can play, which may be a moment before autoplay has started it: going by
  // `element.paused` then, a press on «pause» would start it instead. pause() before that
  // moment also cancels the autoplay, but fires no pause event, so the state is set here.
  function togglePlayback() {
    const element = videoRef.current;
    if (!element) return;
    if (videoState === 'paused') {
      void element.play()?.catch(() => setVideoState('paused'));
    } else {
      element.pause();
      setVideoState('paused');
    }
  }

  return (
    <section
      aria-labelledby="hero-titel"
      className={cn(
        'on-dark relative isolate overflow-hidden bg-night-900 text-white',
        size === 'large' ? 'min-h-[34rem] sm:min-h-[38rem]' : 'min-h-[22rem] sm:min-h-[26rem]',
      )}
    >
      {/* The still image is the page's largest paint: sized, preloaded, never lazy, and decoded
          in the frame it arrives for (decoding="async" let it miss that frame). */}
      <img
        src={still.src}
        srcSet={still.srcSet}
        sizes={still.sizes}
        width={still.width}
        height={still.height}
        alt=""
        fetchPriority="high"
        className="absolute inset-0 -z-20 size-full object-cover"
      />
      {showVideo && (
        <video
          ref={videoRef}
          className={cn(
            'absolute inset-0 -z-20 size-full object-cover transition-opacity duration-1000',
            videoVisible ? 'opacity-100' : 'opacity-0',
          )}
          autoPlay
          muted
          loop
          playsInline
          preload="auto"
          aria-hidden="true"
          tabIndex={-1}
          data-testid="hero-video"
          onCanPlay={() => setVideoState((state) => (state === 'loading' ? 'playing' : state))}
          onPlaying={() => setVideoState('playing')}
          onPause={() => setVideoState('paused')}
          onError={() => setVideoState('failed')}
        >
          <source src={`/media/${video}.webm`} type="video/webm" />
          {/* The last source failing means no source worked: fall back to the still image. */}
          <source src={`/media/${video}.mp4`} type="video/mp4" onError={() => setVideoState('failed')} />
          {uiText.hero.noVideoSupport}
        </video>
      )}
      {/* Darkens the picture so white text keeps at least 4.5:1 whatever the image. */}
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-r from-night-900/85 via-night-900/60 to-night-900/30" />

      <Container
        className={cn('flex flex-col justify-center py-16', size === 'large' ? 'min-h-[34rem] sm:min-h-[38rem]' : 'min-h-[22rem] sm:min-h-[26rem]')}
      >
        <div className="max-w-2xl">
          {subtitle && <p className="mb-3 text-sm font-semibold uppercase tracking-wider text-moon-300">{subtitle}</p>}
          <h1 id="hero-titel" className={cn('text-white', size === 'large' ? 'text-4xl sm:text-5xl lg:text-6xl' : 'text-4xl sm:text-5xl')}>
            {title}
          </h1>
          {lead && <p className="mt-5 text-lg text-night-50 sm:text-xl">{lead}</p>}
          {(cta || secondaryCta) && (
            <div className="mt-8 flex flex-wrap gap-3">
              {cta && (
                <ButtonLink to={cta.to ?? appointmentPath} variant="accent" size="lg">
                  {cta.label}
                </ButtonLink>
              )}
              {secondaryCta && (
                <ButtonLink to={secondaryCta.to} variant="ghost-light" size="lg">
                  {secondaryCta.label}
                </ButtonLink>
              )}
            </div>
          )}
        </div>
      </Container>

      {videoVisible && (
        <button
          type="button"
          onClick={togglePlayback}
          className="absolute bottom-4 right-4 inline-flex items-center gap-2 rounded-full bg-night-900/80 px-4 py-2 text-sm font-medium text-white hover:bg-night-900"
        >
          {videoState === 'paused' ? (
            <>
              <Play aria-hidden="true" className="size-4" /> {uiText.hero.playVideo}
            </>
          ) : (
            <>
              <Pause aria-hidden="true" className="size-4" /> {uiText.hero.pauseVideo}
            </>
          )}
        </button>
      )}
    </section>
  );
}
