import { useEffect, useRef, useState, type RefObject } from 'react';
import { Button } from '../components/Button.js';
import { video } from '../content.js';

const POSTER = '/media/poster.webp';

/**
 * The poster's URL once the player is within a screen of the viewport: the 23 kB image is not fetched while the visitor
 * reads the hero (the prerendered HTML has no poster; the frame's aspect ratio keeps the layout still).
 */
function usePosterWhenNear(frame: RefObject<HTMLElement | null>): string | undefined {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = frame.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setNear(true);
        observer.disconnect();
      }
    }, { rootMargin: '100% 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [frame]);
  return near ? POSTER : undefined;
}

/**
 * Promo video: a click plays or pauses, a fullscreen toggle, the play state resets at the end; failures are only logged.
 * The clip and its poster are 1280x720 (site/scripts/make-promo-video.ts); the player is never wider than that.
 */
export function Video() {
  const frame = useRef<HTMLDivElement>(null);
  const player = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const poster = usePosterWhenNear(frame);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === frame.current && frame.current !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const togglePlay = () => {
    const element = player.current;
    if (!element) return;
    if (element.paused) {
      element.play().then(
        () => setPlaying(true),
        (error: unknown) => console.error('Video playback failed', error),
      );
    } else {
      element.pause();
      setPlaying(false);
    }
  };

  const toggleFullscreen = () => {
    const request = document.fullscreenElement
      ? document.exitFullscreen()
      : frame.current?.requestFullscreen();
    Promise.resolve(request).catch((error: unknown) => console.error('Fullscreen toggle failed', error));
  };

  return (
    <section className="section" aria-labelledby="video-heading">
      <h2 id="video-heading" className="section__heading">{video.heading}</h2>
      <p className="section__intro">{video.intro}</p>
      <div className="video" ref={frame} data-playing={playing}>
        <video
          ref={player}
          className="video__player"
          src="/media/promo.webm"
          poster={poster}
          preload="none"
          playsInline
          muted
          width={1280}
          height={720}
          aria-label={video.label}
          onClick={togglePlay}
          onPause={() => setPlaying(false)}
          onPlay={() => setPlaying(true)}
          onEnded={() => {
            setPlaying(false);
            if (player.current) player.current.currentTime = 0;
          }}
        />
        <div className="video__controls">
          <Button variant="white" size="sm" aria-pressed={playing} onClick={togglePlay}>
            {playing ? video.pause : video.play}
          </Button>
          <Button variant="secondary" size="sm" aria-pressed={fullscreen} onClick={toggleFullscreen}>
            {fullscreen ? video.exitFullscreen : video.enterFullscreen}
          </Button>
        </div>
      </div>
    </section>
  );
}
