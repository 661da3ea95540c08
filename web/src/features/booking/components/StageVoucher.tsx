import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { holdVoucher } from '@/features/booking/api/hold-voucher';
import { StageHeading } from '@/features/booking/components/StageHeading';
import { useWizard } from '@/features/booking/components/WizardProvider';
import { refreshCart } from '@/features/booking/api/get-shopping-cart';

/** How long voucher mode waits before holding the voucher (spec section 4). */
export const VOUCHER_DELAY_MS = 1000;

/**
 * Voucher mode's hidden date stage: one second after it is reached, one voucher pre-booking is requested
 * and the wizard moves on by itself; a failure shows the service-unavailable screen.
 */
export function StageVoucher() {
  const { t } = useTranslation('booking');
  const { config, product, state, dispatch, ensureCart, goTo } = useWizard();
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState(false);
  const productId = product?.id;
  const drivers = state.drivers;

  useEffect(() => {
    if (productId === undefined) return;
    let cancelled = false;
    const timer = window.setTimeout(() => {
      void (async () => {
        try {
          const token = await ensureCart();
          const hold = await holdVoucher({ token, idProduct: productId, numDrivers: drivers }, config.token);
          // The cart now has the voucher: refetch it (the header's cart button counts its pre-bookings).
          void refreshCart(queryClient, token);
          if (cancelled) return;
          dispatch({
            type: 'addHold',
            hold: { identifier: hold.prebookingIdentifier, bookingDates: [], price: hold.price, expiresAt: hold.expiresAt },
          });
          goTo(2);
        } catch {
          if (!cancelled) setFailed(true);
        }
      })();
    }, VOUCHER_DELAY_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [productId, drivers, config.token, dispatch, ensureCart, goTo, queryClient]);

  if (failed) {
    return (
      <Stack gap="md" align="center" ta="center" component="section" aria-labelledby="stage-heading" py="xl">
        <StageHeading>{t('errors.serviceUnavailableTitle')}</StageHeading>
        <Text c="gray.7">{t('errors.serviceUnavailable')}</Text>
        <Button onClick={() => goTo(0)}>{t('startAgain')}</Button>
      </Stack>
    );
  }

  return (
    <Center py="xl" component="section" aria-labelledby="stage-heading">
      <Stack align="center" gap="sm">
        <StageHeading>{t('voucher.preparing')}</StageHeading>
        <Loader aria-hidden />
      </Stack>
    </Center>
  );
}
