import { useCallback, useEffect, useRef } from 'react';

/** The key of the history entry a guarded dialog pushes (in history.state, beside React Router's own). */
const MARK = 'pitlaneLeaveGuard';

/** Guards mounted now: a dialog that closes and one that opens at once (StrictMode's remount) share one entry. */
let mounted = 0;

/** Guards whose input is dirty now (hasUnsavedWork). */
let dirtyGuards = 0;

/**
 * Whether a guarded dialog (the settings dialog, the event form) holds input that a reload would throw
 * away: the back office then does not reload by itself into a new release (admin/app/AdminUpdate.tsx).
 */
export function hasUnsavedWork(): boolean {
  return dirtyGuards > 0;
}

function onGuardEntry(): boolean {
  const state = window.history.state as Record<string, unknown> | null;
  return Boolean(state?.[MARK]);
}

function pushGuardEntry() {
  const state = (window.history.state as Record<string, unknown> | null) ?? {};
  window.history.pushState({ ...state, [MARK]: true }, '');
}

interface LeaveGuardOptions {
  /** Whether something typed would be lost: reload and Back ask first. */
  dirty: boolean;
  /** Back was pressed while dirty: open the dialog's "discard changes?" confirmation. */
  onBack: () => void;
  /** Back was pressed while nothing would be lost: close the dialog (the page then goes back). */
  onLeave: () => void;
}

/**
 * Guards a dialog's unsaved input against the browser (issue 25). The app uses BrowserRouter, so React
 * Router's blockers are not available (docs/architecture.md); instead:
 * - reload, closing the tab or typing another address: the browser's own "leave site?" while dirty
 *   (`beforeunload`);
 * - Back: the dialog pushes a history entry of its own when it opens (same address). Back then only
 *   leaves that entry: while dirty, the entry is pushed again and `onBack` opens the dialog's
 *   confirmation, whose "discard" calls `goBack` (close, and go back for real); while clean, `onLeave`
 *   closes the dialog and the page goes back as it would have.
 * A dialog closed any other way takes its entry off the history, so Back afterwards is one press.
 */
export function useLeaveGuard({ dirty, onBack, onLeave }: LeaveGuardOptions) {
  const latest = useRef({ dirty, onBack, onLeave });
  const leaving = useRef(false);
  useEffect(() => {
    latest.current = { dirty, onBack, onLeave };
  });

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = ''; // older browsers ask only when returnValue is set
    };
    dirtyGuards += 1;
    window.addEventListener('beforeunload', warn);
    return () => {
      dirtyGuards -= 1;
      window.removeEventListener('beforeunload', warn);
    };
  }, [dirty]);

  useEffect(() => {
    mounted += 1;
    leaving.current = false;
    if (!onGuardEntry()) pushGuardEntry();
    const pop = () => {
      if (leaving.current || onGuardEntry()) return;
      if (latest.current.dirty) {
        pushGuardEntry();
        latest.current.onBack();
      } else {
        leaving.current = true;
        latest.current.onLeave();
        window.history.back();
      }
    };
    window.addEventListener('popstate', pop);
    return () => {
      window.removeEventListener('popstate', pop);
      mounted -= 1;
      const left = leaving.current;
      // Later, so that a dialog mounted again at once keeps the entry instead of losing it.
      setTimeout(() => {
        if (!left && mounted === 0 && onGuardEntry()) window.history.back();
      }, 0);
    };
  }, []);

  /** Discarded after Back: leave the dialog's entry and the page under it, as Back would have. */
  const goBack = useCallback(() => {
    leaving.current = true;
    window.history.go(onGuardEntry() ? -2 : -1);
  }, []);

  return { goBack };
}
