import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Divider,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApplyDiscount } from '@/features/booking/api/apply-discount';
import { useShoppingCartDetails, type CartLine } from '@/features/booking/api/get-shopping-cart-details';
import { useSaveBooking } from '@/features/booking/api/save-booking';
import { StageHeading } from '@/features/booking/components/StageHeading';
import { TermsDialog } from '@/features/booking/components/TermsDialog';
import classes from '@/features/booking/components/Wizard.module.css';
import { useWizard } from '@/features/booking/components/WizardProvider';
import { formatDay, formatHour, formatPrice, isolate } from '@/features/booking/utils/format';
import { bookingIdFromUrl, buildSavePayload } from '@/features/booking/utils/save-payload';
import { randomKey } from '@/features/booking/utils/storage';
import { toast } from '@/features/booking/utils/toast';
import type { BookingItem } from '@/features/booking/utils/wizard-state';
import { ApiError } from '@/lib/api/errors';
import { languageForCode } from '@/lib/i18n/languages';

interface ItemView {
  item: BookingItem;
  lines: CartLine[];
}

/** Stage 3: the summary, discount code, contact, terms and the create button. */
export function StageSummary() {
  const { t, i18n } = useTranslation('booking');
  const wizard = useWizard();
  const { config, state, cart, dispatch, goTo, voucherMode, paymentsActive, queryDiscount, release } = wizard;
  const language = i18n.resolvedLanguage ?? i18n.language;
  const culture = languageForCode(language).culture;
  const details = useShoppingCartDetails(state.cartToken);
  const discount = useApplyDiscount(state.cartToken ?? '', config.token);
  const save = useSaveBooking();
  const [code, setCode] = useState(queryDiscount ?? '');
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const price = (amount: number) => <bdi>{formatPrice(amount, config.simbolCoinType, language, config.currency)}</bdi>;

  // Live pre-bookings of the cart that no item refers to any more are released.
  const lines = details.data ?? cart?.details ?? [];
  const referenced = new Set(state.stack.flatMap((i) => i.holds.map((h) => h.identifier)));
  const orphanKey = lines
    .filter((l) => !l.expired && !referenced.has(l.prebookingIdentifier))
    .map((l) => l.prebookingIdentifier)
    .join(',');
  useEffect(() => {
    if (orphanKey) void release(orphanKey.split(','));
  }, [orphanKey, release]);

  const items: ItemView[] = state.stack.map((item) => ({
    item,
    lines: lines.filter((l) => item.holds.some((h) => h.identifier === l.prebookingIdentifier)),
  }));
  const form = state.form;
  const tickets = cart?.numParticipants ?? state.stack.reduce((n, i) => n + i.driversNumber, 0);

  const applyCode = () => {
    const value = code.trim();
    if (!value || !state.cartToken) return;
    discount.mutate(value, {
      onSuccess: () => toast(t('summary.discountApplied'), 'green'),
      onError: (error) => {
        const status = error instanceof ApiError ? error.status : 0;
        if (status === 412) toast(t('errors.discountAlreadyApplied'));
        else if (status === 422) toast(t('errors.invalidDiscountForShoppingCart'));
        else toast(t('errors.voucherError'));
      },
    });
  };

  const create = () => {
    if (!form || !state.cartToken) return;
    const payload = buildSavePayload({
      cartToken: state.cartToken,
      form,
      stack: state.stack,
      showEmails: config.showEmails,
      paymentsActive,
      culture,
    });
    // One key per submission: a retry of the same submission answers the first answer, never books twice.
    const body = JSON.stringify(payload);
    if (attempt.current?.body !== body) attempt.current = { body, key: randomKey() };
    save.mutate(
      { payload, key: attempt.current.key },
      {
        onSuccess: (url) => {
          attempt.current = null;
          wizard.forget();
          if (paymentsActive && !url.startsWith('/success')) {
            setRedirecting(true);
            window.location.assign(url);
            return;
          }
          dispatch({ type: 'done', bookingId: bookingIdFromUrl(url) });
        },
        onError: (error) => {
          const status = error instanceof ApiError ? error.status : 0;
          if (status === 410) {
            wizard.timeout();
          } else if (status === 422) {
            toast(error instanceof ApiError && error.message ? error.message : t('errors.problemas'));
          } else if (paymentsActive) {
            dispatch({ type: 'restart' });
            wizard.setNotice('paymentError');
            toast(t('errors.paymentError'));
          } else {
            toast(t('errors.problemas'));
          }
        },
      },
    );
  };

  return (
    <Stack gap="lg" component="section" aria-labelledby="stage-heading">
      <StageHeading>{voucherMode ? t('summary.headingVoucher') : t('summary.heading')}</StageHeading>
      <div className={classes.summaryLayout}>
        <Stack gap="lg">
          <Paper withBorder p="md" radius="md">
            <Stack gap="sm">
              <Title order={3} size="h4">
                {t('summary.items')}
              </Title>
              {items.map(({ item, lines: itemLines }, index) => {
                const dates = item.holds.flatMap((h) => h.bookingDates).sort();
                const total = itemLines.reduce((n, l) => n + l.total, 0);
                const original = itemLines.reduce((n, l) => n + l.originalPrice * l.quantity, 0);
                const track = itemLines[0]?.trackName;
                const sessions = Math.max(1, dates.length);
                return (
                  <div key={`${item.productId}-${index}`} data-testid="summary-item">
                    {index > 0 && <Divider mb="sm" />}
                    <Group justify="space-between" align="flex-start" wrap="nowrap">
                      <Stack gap={2}>
                        <Text fw={700}>{item.name}</Text>
                        {dates.length > 0 && (
                          <Text size="sm">
                            <bdi>{formatDay(dates[0], language)}</bdi> · <bdi>{dates.map(formatHour).join(', ')}</bdi>
                          </Text>
                        )}
                        <Text size="sm" c="gray.7">
                          {t('summary.pilotsBySessions', { count: item.driversNumber, sessions })}
                        </Text>
                        {track && track !== '-' && (
                          <Text size="sm" c="gray.7">
                            {t('summary.track', { track })}
                          </Text>
                        )}
                      </Stack>
                      <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
                        <Text fw={700}>{price(total)}</Text>
                        {original > total && (
                          <Text size="sm" c="gray.7" className={classes.strike}>
                            {price(original)}
                          </Text>
                        )}
                        <Text size="xs" c="gray.7">
                          {t('summary.quantity', { count: item.driversNumber })}
                        </Text>
                      </Stack>
                    </Group>
                  </div>
                );
              })}
              <Divider />
              <Table withRowBorders={false} verticalSpacing={2} data-testid="summary-totals">
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Th scope="row" fw={400}>
                      {t('summary.subtotal')}
                    </Table.Th>
                    <Table.Td ta="end">{price(cart?.originalPriceConverted ?? 0)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th scope="row" fw={400}>
                      {cart?.discount ? t('summary.discountWithCode', { code: cart.discount.code }) : t('summary.discount')}
                    </Table.Th>
                    <Table.Td ta="end">{price(cart?.discount?.amount ? -cart.discount.amount : 0)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th scope="row">{t('summary.total')}</Table.Th>
                    <Table.Td ta="end" fw={800} fz="lg" data-testid="summary-total">
                      {price(cart?.priceConverted ?? 0)}
                    </Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
              <Text size="sm" c="gray.7">
                {t('summary.taxesIncluded')}
              </Text>
              {!paymentsActive && (
                <Alert variant="light" color="blue">
                  {t('summary.payAtCircuit')}
                </Alert>
              )}
              {!queryDiscount && (
                <Group>
                  <Button variant="light" onClick={() => dispatch({ type: 'newItem' })}>
                    {t('summary.addProduct')}
                  </Button>
                </Group>
              )}
            </Stack>
          </Paper>

          {paymentsActive && (
            <Paper withBorder p="md" radius="md">
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  applyCode();
                }}
              >
                <Group align="flex-end" wrap="nowrap" gap="xs">
                  <TextInput
                    label={t('summary.discountCode')}
                    value={code}
                    onChange={(e) => setCode(e.currentTarget.value)}
                    style={{ flex: 1, minInlineSize: 0 }}
                    autoComplete="off"
                  />
                  <Button type="submit" disabled={!code.trim()} loading={discount.isPending}>
                    {t('summary.apply')}
                  </Button>
                </Group>
              </form>
            </Paper>
          )}

          {form && (
            <Paper withBorder p="md" radius="md">
              <Title order={3} size="h4" mb="xs">
                {t('summary.contact')}
              </Title>
              <Table withRowBorders={false} verticalSpacing={2} data-testid="summary-contact">
                <Table.Tbody>
                  {[
                    [t('register.nombre'), form.nombre],
                    [t('register.apellidos'), form.apellidos.trim() || '-'],
                    [t('register.telefono'), form.telefono],
                    [t('register.fechaNacimiento'), form.fechaNacimiento ? isolate(formatDay(form.fechaNacimiento, language)) : '-'],
                    [t('register.email'), form.email],
                  ].map(([label, value]) => (
                    <Table.Tr key={label}>
                      <Table.Th scope="row" fw={400} c="gray.7">
                        {label}
                      </Table.Th>
                      <Table.Td style={{ overflowWrap: 'anywhere' }} dir={label === t('register.telefono') ? 'ltr' : undefined}>
                        {value}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              {paymentsActive && form.isSendPresentChecked && (
                <Badge mt="sm" color="accent" variant="light" data-testid="gift-indicator">
                  {t('summary.gift', { name: form.presentReceptorName })}
                </Badge>
              )}
            </Paper>
          )}

          <Checkbox
            checked={termsAccepted}
            onChange={(e) => setTermsAccepted(e.currentTarget.checked)}
            label={
              <>
                {t('summary.acceptTerms')}{' '}
                <Anchor
                  component="button"
                  type="button"
                  onClick={(e) => {
                    e.preventDefault();
                    setTermsOpen(true);
                  }}
                >
                  {paymentsActive ? t('summary.salesTerms') : t('summary.terms')}
                </Anchor>
              </>
            }
          />
          <TermsDialog idCompany={config.idCompany} opened={termsOpen} onClose={() => setTermsOpen(false)} sales={paymentsActive} />

          <Group justify="space-between">
            <Button variant="default" onClick={() => goTo(voucherMode ? 0 : 1)} disabled={save.isPending || redirecting}>
              {t('back')}
            </Button>
            <Button
              size="md"
              disabled={!termsAccepted || discount.isPending || !form || items.length === 0}
              loading={save.isPending || redirecting}
              onClick={create}
            >
              {paymentsActive ? t('summary.createAndPay') : t('summary.create')}
            </Button>
          </Group>
        </Stack>

        <Paper withBorder p="md" radius="md" className={classes.compactCard} data-testid="compact-card">
          <Stack gap={4}>
            <Text size="sm" c="gray.7">
              {t('summary.total')}
            </Text>
            <Text fz={28} fw={800} lh={1.1}>
              {price(cart?.priceConverted ?? 0)}
            </Text>
            <Text size="sm">{t('summary.tickets', { count: tickets })}</Text>
          </Stack>
        </Paper>
      </div>
    </Stack>
  );
}
