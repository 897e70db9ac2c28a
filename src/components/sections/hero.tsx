import type { ReactNode } from 'react';
import { heroImageSources } from '@/lib/hero-image';
import { Island } from '@/components/islands/island';
import { useLanguage, usePagePath } from '@/lib/page-links';
import { appointmentPath, findPageRoute } from '@/lib/route-table';
import { ButtonLink } from '@/components/ui/button-link';
import { Container } from '@/components/ui/section';
import { cn } from '@/lib/cn';

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
  /** Base name of a looping video over the still image (./hero-video.tsx). */
  video?: string;
  cta?: HeroCta;
  secondaryCta?: HeroCta & { to: string };
  size?: 'large' | 'compact';
}

/**
 * A page's hero: the still image (the page's largest paint), the title, the lead and the
 * calls to action, all static HTML; only the optional video with its play/pause button is
 * interactive, an island of its own (./hero-video.tsx).
 */
export function Hero({ title, subtitle, lead, image, video, cta, secondaryCta, size = 'compact' }: HeroProps) {
  const pathname = usePagePath();
  const language = useLanguage();
  const baseName = image ?? findPageRoute(pathname)?.heroImage;
  if (!baseName) throw new Error(`No hero image for ${pathname}: register the page in src/lib/route-table.ts`);
  const still = heroImageSources(baseName);

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
                <ButtonLink to={cta.to ?? appointmentPath(language)} variant="accent" size="lg">
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

      {/* After the text in the markup; the video still lies beneath it (-z-20, like the still). */}
      {video && <Island name="hero-video" props={{ video }} />}
    </section>
  );
}
