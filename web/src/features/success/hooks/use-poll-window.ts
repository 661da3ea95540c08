import { useCallback, useEffect, useState } from 'react';

/**
 * A window of `durationMs` during which a page keeps polling: `active` turns false when it ends (the page
 * re-renders), and `restart` opens a new window.
 */
export function usePollWindow(durationMs: number): { active: boolean; restart: () => void } {
  const [round, setRound] = useState(0);
  const [expiredRound, setExpiredRound] = useState(-1);
  useEffect(() => {
    const timer = setTimeout(() => setExpiredRound(round), durationMs);
    return () => clearTimeout(timer);
  }, [round, durationMs]);
  const restart = useCallback(() => setRound((r) => r + 1), []);
  return { active: expiredRound !== round, restart };
}
