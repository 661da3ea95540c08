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
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useApplyDiscount } from '@/features/booking/api/apply-discount';
import { useShoppingCartDetails, type CartLine } from '@/features/booking/api/get-shopping-cart-details';
import { useSaveBooking } from '@/features/booking/api/save-booking';
import { TermsDialog } from '@/components/TermsDialog';
import { StageHeading } from '@/features/booking/components/StageHeading';
import classes from '@/features/booking/components/Wizard.module.css';
import { useWizard } from '@/features/booking/components/WizardProvider';
import { NextHint, NEXT_HINT_ID } from '@/features/booking/components/NextHint';
import { formatDay, formatHour, formatLongDate, formatPrice, isolate } from '@/lib/format';
import { bookingIdFromUrl, buildSavePayload } from '@/features/booking/utils/save-payload';
import { planSaveErrors } from '@/features/booking/utils/server-errors';
import { randomKey } from '@/features/booking/utils/storage';
import { toast } from '@/lib/toast';
import type { BookingItem } from '@/features/booking/utils/wizard-state';
import { ApiError } from '@/lib/api/errors';
import { applyFieldErrors, serverFieldErrors } from '@/lib/api/field-errors';
import { languageForCode } from '@/lib/i18n/languages';

interface ItemView {
  item: BookingItem;
  lines: CartLine[];
}

/** Stage 3: the summary, discount code, contact, terms and the create button. */
export function StageSummary() {
  const { t, i18n } = useTranslation('booking');
  const { t: ts } = useTranslation('bookingSteps');
  const wizard = useWizard();
  const { config, state, cart, dispatch, goTo, voucherMode, paymentsActive, deskStaff, queryDiscount, release } = wizard;
  const language = i18n.resolvedLanguage ?? i18n.language;
  const culture = languageForCode(language).culture;
  const details = useShoppingCartDetails(state.cartToken);
  const discount = useApplyDiscount(state.cartToken ?? '', config.token);
  const save = useSaveBooking();
  const discountForm = useForm<{ code: string }>({ defaultValues: { code: queryDiscount ?? '' } });
  // eslint-disable-next-line react-hooks/incompatible-library -- the app does not use the React Compiler; watch() re-renders this component itself
  const code = discountForm.watch('code');
  const discountCodeError = discountForm.formState.errors.code?.message;
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

  const applyCode = discountForm.handleSubmit(({ code: typed }) => {
    const value = typed.trim();
    if (!value || !state.cartToken) return;
    discount.mutate(value, {
      onSuccess: () => toast(ts('summary.discountApplied'), 'green'),
      onError: (error) => {
        // The code's problem is shown on the code field; anything else (the cart, the network) as a toast.
        const message = discountErrorKey(error);
        if (message) applyFieldErrors(discountForm, [{ name: 'code', message }], ['code']);
        else toast(t('errors.voucherError'));
      },
    });
  });

  const create = () => {
    if (!form || !state.cartToken) return;
    const payload = buildSavePayload({
      cartToken: state.cartToken,
      form,
      stack: state.stack,
      showEmails: config.showEmails,
      paymentsActive,
      culture,
      desk: deskStaff !== null,
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
            showSaveErrors(serverFieldErrors(error));
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

  // A 422 on save: the problems the register form can show go on its fields (the wizard goes back to it and
  // focuses the first); a toast is left only for what no field of the form explains.
  const showSaveErrors = (fields: Record<string, string> | null) => {
    const plan = fields ? planSaveErrors(fields, state.stack) : null;
    if (plan?.earlierItem) toast(t('errors.checkDrivers', { item: plan.earlierItem }));
    else if (!plan || plan.form.length === 0) toast(t('errors.problemas'));
    if (plan && plan.form.length > 0) {
      wizard.setServerErrors(plan.form);
      goTo(2);
    }
  };

  return (
    <Stack gap="lg" component="section" aria-labelledby="stage-heading">
      <StageHeading>{voucherMode ? ts('summary.headingVoucher') : ts('summary.heading')}</StageHeading>
      <div className={classes.summaryLayout}>
        <Stack gap="lg">
          <Paper withBorder p="md" radius="md">
            <Stack gap="sm">
              <Title order={3} size="h4">
                {ts('summary.items')}
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
                        <Text fw={700} dir="auto">
                          {item.name}
                        </Text>
                        {dates.length > 0 && (
                          <Text size="sm">
                            <bdi>{formatLongDate(dates[0].slice(0, 10), language)}</bdi> · <bdi>{dates.map(formatHour).join(', ')}</bdi>
                          </Text>
                        )}
                        <Text size="sm" c="gray.7">
                          {ts('summary.pilotsBySessions', { count: item.driversNumber, sessions })}
                        </Text>
                        {track && track !== '-' && (
                          <Text size="sm" c="gray.7">
                            {ts('summary.track', { track })}
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
                          {ts('summary.quantity', { count: item.driversNumber })}
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
                      {ts('summary.subtotal')}
                    </Table.Th>
                    <Table.Td ta="end">{price(cart?.originalPriceConverted ?? 0)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th scope="row" fw={400}>
                      {cart?.discount ? ts('summary.discountWithCode', { code: cart.discount.code }) : ts('summary.discount')}
                    </Table.Th>
                    <Table.Td ta="end">{price(cart?.discount?.amount ? -cart.discount.amount : 0)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th scope="row">{ts('summary.total')}</Table.Th>
                    <Table.Td ta="end" fw={800} fz="lg" data-testid="summary-total">
                      {price(cart?.priceConverted ?? 0)}
                    </Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
              <Text size="sm" c="gray.7">
                {ts('summary.taxesIncluded')}
              </Text>
              {deskStaff !== null ? (
                <Alert variant="light" color="blue" data-testid="desk-booking">
                  {ts('summary.deskBooking', { name: isolate(deskStaff) })}
                </Alert>
              ) : (
                !paymentsActive && (
                  <Alert variant="light" color="blue">
                    {ts('summary.payAtCircuit')}
                  </Alert>
                )
              )}
              {!queryDiscount && (
                <Group>
                  <Button variant="light" onClick={() => dispatch({ type: 'newItem' })}>
                    {ts('summary.addProduct')}
                  </Button>
                </Group>
              )}
            </Stack>
          </Paper>

          {paymentsActive && (
            <Paper withBorder p="md" radius="md">
              <form onSubmit={(e) => void applyCode(e)} noValidate className={classes.form}>
                <TextInput
                  label={ts('summary.discountCode')}
                  {...discountForm.register('code', { onChange: () => discountForm.clearErrors('code') })}
                  error={discountCodeError ? t(`errors.${discountCodeError}` as 'errors.voucherError') : undefined}
                  autoComplete="off"
                  inputContainer={(input) => (
                    <Group wrap="nowrap" gap="xs" align="flex-start">
                      <div style={{ flex: 1, minInlineSize: 0 }}>{input}</div>
                      <Button type="submit" disabled={!code.trim()} loading={discount.isPending}>
                        {ts('summary.apply')}
                      </Button>
                    </Group>
                  )}
                />
              </form>
            </Paper>
          )}

          {form && (
            <Paper withBorder p="md" radius="md">
              <Title order={3} size="h4" mb="xs">
                {ts('summary.contact')}
              </Title>
              <Table withRowBorders={false} verticalSpacing={2} data-testid="summary-contact">
                <Table.Tbody>
                  {[
                    [ts('register.nombre'), form.nombre],
                    [ts('register.apellidos'), form.apellidos.trim() || '-'],
                    [ts('register.telefono'), form.telefono],
                    [ts('register.fechaNacimiento'), form.fechaNacimiento ? isolate(formatDay(form.fechaNacimiento, language)) : '-'],
                    [ts('register.email'), form.email],
                  ].map(([label, value]) => (
                    <Table.Tr key={label}>
                      <Table.Th scope="row" fw={400} c="gray.7">
                        {label}
                      </Table.Th>
                      <Table.Td style={{ overflowWrap: 'anywhere' }} dir={label === ts('register.telefono') ? 'ltr' : undefined}>
                        {value}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              {paymentsActive && form.isSendPresentChecked && (
                <Badge mt="sm" color="accent" variant="light" data-testid="gift-indicator">
                  {ts('summary.gift', { name: form.presentReceptorName })}
                </Badge>
              )}
            </Paper>
          )}

          <Checkbox
            checked={termsAccepted}
            onChange={(e) => setTermsAccepted(e.currentTarget.checked)}
            label={
              <>
                {deskStaff !== null ? ts('summary.customerAccepted') : ts('summary.acceptTerms')}{' '}
                <Anchor
                  component="button"
                  type="button"
                  onClick={(e) => {
                    e.preventDefault();
                    setTermsOpen(true);
                  }}
                >
                  {paymentsActive ? ts('summary.salesTerms') : ts('summary.terms')}
                </Anchor>
              </>
            }
          />
          <TermsDialog
            idCompany={config.idCompany}
            opened={termsOpen}
            onClose={() => setTermsOpen(false)}
            title={paymentsActive ? ts('summary.salesTerms') : ts('summary.terms')}
            errorText={t('errors.problemas')}
          />

          <Group justify="space-between">
            <Button variant="default" onClick={() => goTo(voucherMode ? 0 : 1)} disabled={save.isPending || redirecting}>
              {t('back')}
            </Button>
            <NextHint reason={!termsAccepted && items.length > 0 ? t('nextHint.acceptTerms') : null} />
            <Button
              size="md"
              aria-describedby={!termsAccepted && items.length > 0 ? NEXT_HINT_ID : undefined}
              disabled={!termsAccepted || discount.isPending || !form || items.length === 0}
              loading={save.isPending || redirecting}
              onClick={create}
            >
              {paymentsActive ? ts('summary.createAndPay') : ts('summary.create')}
            </Button>
          </Group>
        </Stack>

        <Paper withBorder p="md" radius="md" className={classes.compactCard} data-testid="compact-card">
          <Stack gap={4}>
            <Text size="sm" c="gray.7">
              {ts('summary.total')}
            </Text>
            <Text fz={28} fw={800} lh={1.1}>
              {price(cart?.priceConverted ?? 0)}
            </Text>
            <Text size="sm">{ts('summary.tickets', { count: tickets })}</Text>
          </Stack>
        </Paper>
      </div>
    </Stack>
  );
}

/**
 * The discount field's message key for a refused code (the server names the problem in field `discount`):
 * unknown, expired, used up, already applied, or valid for nothing in the cart. Null when the code is not
 * the problem (the cart, the network).
 */
function discountErrorKey(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const problem = error.fields?.discount ?? '';
  if (error.status === 412) return 'discountAlreadyApplied';
  if (error.status === 422) return 'invalidDiscountForShoppingCart';
  if (error.status === 410) return problem === 'used up' ? 'discountUsedUp' : 'discountExpired';
  if (error.status === 404 && problem) return 'discountUnknown';
  return null;
}
