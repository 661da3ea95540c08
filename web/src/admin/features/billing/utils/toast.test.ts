import { longToast, PROBLEMS_TOAST_MS } from '@/admin/features/billing/utils/toast';

const shown = vi.hoisted(() => ({ clean: vi.fn(), show: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: shown }));

describe('longToast', () => {
  it('replaces any other toast with a danger toast that stays 8 seconds', async () => {
    longToast('There were problems');
    await vi.waitFor(() => expect(shown.show).toHaveBeenCalled());
    expect(PROBLEMS_TOAST_MS).toBe(8000);
    expect(shown.clean).toHaveBeenCalledBefore(shown.show);
    expect(shown.show).toHaveBeenCalledWith(expect.objectContaining({ message: 'There were problems', color: 'red', autoClose: 8000 }));
  });
});
