import { useCopy } from '@/content/copy';
import { useRef, useState } from 'react';
import { Pause, Play } from 'lucide-react';
import { useMotionAllowed } from '@/hooks/use-motion-allowed';
import { cn } from '@/lib/cn';
import { uiTextCopy } from '@/content/ui-text';

type VideoState = 'loading' | 'playing' | 'paused' | 'failed';

export interface HeroVideoProps {
  /**
   * Base name of a looping video in public/media (.webm and .mp4). The hero's still image
   * beneath stays its fallback; the video has no poster: it is invisible until it plays, and
   * a poster would fetch the 1600 px still again on a phone that shows the 800 px one.
   */
  video: string;
}

/**
 * The hero's video and its play/pause button: an island (src/app/islands), inside the
 * hero's section, which positions both. Nothing of it is prerendered: whether the
 * visitor allows motion is known only in the browser (use-motion-allowed.ts).
 */
export function HeroVideo({ video }: HeroVideoProps) {
  const { uiText } = useCopy(uiTextCopy);
  const motionAllowed = useMotionAllowed();
  const [videoState, setVideoState] = useState<VideoState>('loading');
  const videoRef = useRef<HTMLVideoElement>(null);
  const showVideo = motionAllowed && videoState !== 'failed';
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
    <>
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
    </>
  );
}
