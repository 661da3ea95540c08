import { act, renderHook, waitFor } from '@testing-library/react';
import { hasUnsavedWork, useLeaveGuard } from '@/admin/hooks/useLeaveGuard';

/** Waits for the history traversal the browser (jsdom) runs as a task, and the popstate it fires. */
const traversed = () => new Promise((resolve) => setTimeout(resolve, 30));

const marked = () => Boolean((window.history.state as Record<string, unknown> | null)?.pitlaneLeaveGuard);

function guard(dirty: boolean) {
  const onBack = vi.fn();
  const onLeave = vi.fn();
  const hook = renderHook((props: { dirty: boolean }) => useLeaveGuard({ dirty: props.dirty, onBack, onLeave }), { initialProps: { dirty } });
  return { ...hook, onBack, onLeave };
}

describe('useLeaveGuard: a half-filled dialog and the browser', () => {
  beforeEach(() => {
    // A page under the admin page, so that Back has somewhere to go.
    window.history.replaceState({ page: 'before' }, '');
    window.history.pushState({ page: 'admin' }, '');
  });

  it('asks before a reload or closing the tab only while something would be lost', () => {
    const { rerender, unmount } = guard(false);
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    rerender({ dirty: true });
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
    unmount();
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });

  it('tells the release handling that something would be lost only while a dialog is dirty', () => {
    const { rerender, unmount } = guard(false);
    expect(hasUnsavedWork()).toBe(false);
    rerender({ dirty: true });
    expect(hasUnsavedWork()).toBe(true);
    rerender({ dirty: false });
    expect(hasUnsavedWork()).toBe(false);
    rerender({ dirty: true });
    unmount();
    expect(hasUnsavedWork()).toBe(false);
  });

  it('pushes its own entry when the dialog opens and takes it off when the dialog closes', async () => {
    const length = window.history.length;
    const { unmount } = guard(false);
    expect(marked()).toBe(true);
    expect(window.history.length).toBe(length + 1);
    unmount();
    await waitFor(() => expect(marked()).toBe(false));
    expect((window.history.state as { page: string }).page).toBe('admin');
  });

  it('Back while dirty stays on the page, keeps the entry and opens the confirmation', async () => {
    const { onBack, onLeave } = guard(true);
    await act(async () => {
      window.history.back();
      await traversed();
    });
    expect(onBack).toHaveBeenCalledTimes(1);
    expect(onLeave).not.toHaveBeenCalled();
    expect(marked()).toBe(true); // Back again asks again
    await act(async () => {
      window.history.back();
      await traversed();
    });
    expect(onBack).toHaveBeenCalledTimes(2);
  });

  it('discard after Back closes and goes back for real', async () => {
    const { result, onBack, unmount } = guard(true);
    await act(async () => {
      window.history.back();
      await traversed();
    });
    expect(onBack).toHaveBeenCalledTimes(1);
    await act(async () => {
      result.current.goBack();
      unmount();
      await traversed();
    });
    expect((window.history.state as { page: string }).page).toBe('before');
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('Back while clean closes the dialog and goes back as it would have', async () => {
    const { onBack, onLeave } = guard(false);
    await act(async () => {
      window.history.back();
      await traversed();
      await traversed();
    });
    expect(onLeave).toHaveBeenCalledTimes(1);
    expect(onBack).not.toHaveBeenCalled();
    expect((window.history.state as { page: string }).page).toBe('before');
  });
});
