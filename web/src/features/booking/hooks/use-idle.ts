import { useEffect, useRef } from 'react';

/** What counts as someone using the screen. */
const ACTIVITY = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel', 'input'] as const;

/**
 * Calls `onIdle` after `seconds` without a touch, a click, a key or a scroll on the page, and again after
 * each later quiet period of that length. Nothing when `seconds` is not positive.
 */
export function useIdle(seconds: number, onIdle: () => void): void {
  const latest = useRef(onIdle);
  useEffect(() => {
    latest.current = onIdle;
  }, [onIdle]);
  useEffect(() => {
    if (!(seconds > 0)) return;
    let timer: ReturnType<typeof setTimeout>;
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        latest.current();
        restart();
      }, seconds * 1000);
    };
    restart();
    ACTIVITY.forEach((name) => window.addEventListener(name, restart, { capture: true, passive: true }));
    return () => {
      clearTimeout(timer);
      ACTIVITY.forEach((name) => window.removeEventListener(name, restart, true));
    };
  }, [seconds]);
}
