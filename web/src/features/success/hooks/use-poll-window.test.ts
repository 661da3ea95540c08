import { act, renderHook } from '@testing-library/react';
import { usePollWindow } from '@/features/success/hooks/use-poll-window';

describe('usePollWindow', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('closes after its duration and reopens on restart', () => {
    const { result } = renderHook(() => usePollWindow(60_000));
    expect(result.current.active).toBe(true);
    act(() => vi.advanceTimersByTime(59_999));
    expect(result.current.active).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.active).toBe(false);
    act(() => result.current.restart());
    expect(result.current.active).toBe(true);
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current.active).toBe(false);
  });
});
