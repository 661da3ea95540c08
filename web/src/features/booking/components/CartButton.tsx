import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useWizard } from '@/features/booking/components/WizardProvider';
import { cartCount } from '@/features/booking/utils/wizard-state';

/**
 * The header's cart button: the number of distinct pre-bookings in the cart. Shown while the wizard is at
 * the summary or before it; it jumps to the summary when there is something to show.
 */
export function CartButton() {
  const { t } = useTranslation('booking');
  const { state, cart, jumpToSummary, restoring, restoreFailed } = useWizard();
  if (state.stage > 3 || restoring || restoreFailed) return null;
  const count = cartCount(cart);
  const enabled = state.stack.length > 0 && state.stage < 3;
  const label = t('cart.label', { count });
  if (!enabled) {
    // Nothing to jump to (or already at the summary): the same look, but not a button.
    return (
      <Button
        component="div"
        variant="white"
        color="dark"
        leftSection={<CartIcon />}
        role="status"
        aria-label={label}
        data-testid="cart-button"
        style={{ cursor: 'default' }}
      >
        <span aria-hidden>{count}</span>
      </Button>
    );
  }
  return (
    <Button
      variant="white"
      color="dark"
      leftSection={<CartIcon />}
      onClick={jumpToSummary}
      aria-label={label}
      data-testid="cart-button"
    >
      <span aria-hidden>{count}</span>
    </Button>
  );
}

function CartIcon() {
  return (
    <svg aria-hidden width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="9" cy="20" r="1.5" />
      <circle cx="18" cy="20" r="1.5" />
      <path d="M2 3h3l2.7 12.4a1.5 1.5 0 0 0 1.5 1.1h8.9a1.5 1.5 0 0 0 1.5-1.1L22 7H6" />
    </svg>
  );
}
