import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { cartQueryKey, refreshCart } from '@/features/booking/api/get-shopping-cart';

describe('refreshCart', () => {
  it('answers the cart after the change, also when its first fetch started before the change and ends after it', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const answers: ((count: number) => void)[] = [];
    const observer = new QueryObserver<number>(queryClient, {
      queryKey: cartQueryKey('t1'),
      queryFn: () => new Promise<number>((resolve) => answers.push(resolve)),
    });
    const seen: (number | undefined)[] = [];
    const unsubscribe = observer.subscribe((result) => seen.push(result.data));

    // The first fetch is on its way (the cart as it was: empty) when the hold is made.
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    const refreshed = refreshCart(queryClient, 't1');
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[1](1); // the fetch after the hold: one pre-booking
    answers[0](0); // the stale first fetch answers last
    await refreshed;

    expect(observer.getCurrentResult().data).toBe(1);
    expect(seen).not.toContain(0);
    unsubscribe();
    queryClient.clear();
  });
});
