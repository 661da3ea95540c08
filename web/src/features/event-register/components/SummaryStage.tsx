import { Alert, Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhoneNumberIntl } from 'react-phone-number-input';
import { TermsDialog } from '@/components/TermsDialog';
import { useApplyEventDiscount, type DiscountedCart } from '@/features/event-register/api/apply-discount';
import type { EventRegistration } from '@/features/event-register/api/register-event';
import classes from '@/features/event-register/components/EventRegister.module.css';
import { StageHeading } from '@/features/event-register/components/StageHeading';
import type { EventFormValues } from '@/features/event-register/utils/event-form';
import { formatDay, formatHour, formatPrice } from '@/lib/format';
import { ApiError } from '@/lib/api/errors';
import { currentLanguage } from '@/lib/i18n';

/** What went wrong on Pay, as a key of the namespace's `errors`. */
export type PayError = 'timeoutPrebooking' | 'alreadyRegistered' | 'paymentUnavailable' | 'noCompany' | 'problemas';

interface SummaryStageProps {
  registration: EventRegistration;
  /** The company's token for the discount call; without it (the company page not loaded) there is no code field. */
  companyToken?: string;
  values: EventFormValues;
  team: boolean;
  focusHeading: boolean;
  paying: boolean;
  payError: PayError | null;
  onBack: () => void;
  onPay: () => void;
}

/** The summary: the event and ticket, participant, phone and e-mail, the price, the terms and Pay. */
export function SummaryStage({ registration, companyToken, values, team, focusHeading, paying, payError, onBack, onPay }: SummaryStageProps) {
  const { t, i18n } = useTranslation('eventRegister');
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [discounted, setDiscounted] = useState<DiscountedCart | null>(null);
  const discount = useApplyEventDiscount(registration.tokenShoppingCart, companyToken ?? '');
  const language = currentLanguage();
  const ticket = registration.productOrPack;
  const { event } = registration;
  const money = (amount: number) => formatPrice(amount, ticket.simbolCoinType, language.culture);
  const price = money(discounted ? discounted.priceConverted : ticket.priceConverted);

  const applyCode = () => {
    const typed = code.trim();
    if (!typed) return;
    setCodeError(null);
    discount.mutate(typed, {
      onSuccess: (cart) => setDiscounted(cart),
      onError: (error) => setCodeError(discountErrorKey(error)),
    });
  };

  const rows: { label: string; value: string; testId: string }[] = [
    { label: t('summary.event'), value: registration.name, testId: 'summary-event' },
    {
      label: t('summary.date'),
      value: `${formatDay(event.dateStart, i18n.language)} ${formatHour(event.dateStart)}–${formatHour(event.dateEnd)}`,
      testId: 'summary-date',
    },
    ...(ticket.variant ? [{ label: t('summary.circuit'), value: ticket.variant.circuit.name, testId: 'summary-circuit' }] : []),
    { label: t('summary.ticket'), value: ticket.name, testId: 'summary-ticket' },
    { label: team ? t('form.teamName') : t('form.participantName'), value: values.nick, testId: 'summary-nick' },
    { label: t('form.phone'), value: formatPhoneNumberIntl(values.telefono) || values.telefono, testId: 'summary-phone' },
    { label: t('form.email'), value: values.email.trim(), testId: 'summary-email' },
  ];

  return (
    <Stack gap="lg">
      <StageHeading focus={focusHeading}>{t('summary.title')}</StageHeading>
      <dl className={classes.summaryList}>
        {rows.map((row) => (
          <div key={row.testId} style={{ display: 'contents' }}>
            <dt>{row.label}</dt>
            <dd data-testid={row.testId}>
              <bdi>{row.value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
      <Group justify="space-between" className={classes.total} wrap="nowrap" align="baseline">
        <Text fw={700} size="lg">
          {t('summary.total')}
        </Text>
        <Stack gap={0} align="flex-end">
          {discounted?.discount && (
            <Text size="sm" c="gray.7" td="line-through" data-testid="summary-original">
              {money(discounted.originalPriceConverted)}
            </Text>
          )}
          <Text fw={800} fz={26} data-testid="summary-total">
            {price}
          </Text>
          {discounted?.discount && (
            // teal.9 reads at 5:1 on white; green.9 (4.3:1) is below AA for small text.
            <Text size="sm" c="teal.9" data-testid="summary-discount">
              {t('discount.line', { code: discounted.discount.code, amount: money(discounted.discount.amount) })}
            </Text>
          )}
          <Text size="xs" c="gray.7">
            {t('summary.taxesIncluded')}
          </Text>
        </Stack>
      </Group>
      {companyToken && !discounted?.discount && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            applyCode();
          }}
        >
          <Group align="flex-start" wrap="nowrap" gap="xs">
            <TextInput
              style={{ flex: 1 }}
              label={t('discount.label')}
              value={code}
              onChange={(e) => {
                setCode(e.currentTarget.value);
                setCodeError(null);
              }}
              error={codeError ? t(`discount.errors.${codeError}` as 'discount.errors.unknown') : undefined}
              autoComplete="off"
              data-testid="discount-code"
            />
            <Button type="submit" mt={25} disabled={!code.trim() || paying} loading={discount.isPending}>
              {t('discount.apply')}
            </Button>
          </Group>
        </form>
      )}
      <Checkbox
        checked={termsAccepted}
        onChange={(e) => setTermsAccepted(e.currentTarget.checked)}
        label={
          <>
            {t('summary.acceptTerms')}{' '}
            <Anchor component="button" type="button" fz="sm" onClick={() => setTermsOpen(true)} underline="always">
              {t('summary.termsLink')}
            </Anchor>
          </>
        }
      />
      <TermsDialog
        idCompany={registration.idCompany}
        opened={termsOpen}
        onClose={() => setTermsOpen(false)}
        title={t('summary.termsTitle')}
        errorText={t('errors.termsUnavailable')}
      />
      {payError && (
        <Alert color={payError === 'timeoutPrebooking' ? 'orange' : 'red'} role="alert" data-testid="pay-error">
          {t(`errors.${payError}`)}
        </Alert>
      )}
      <Text size="sm" c="gray.7">
        {t('summary.paymentNote')}
      </Text>
      <div className={classes.actions}>
        <Button variant="default" onClick={onBack} disabled={paying}>
          {t('back')}
        </Button>
        <Button size="md" onClick={onPay} disabled={!termsAccepted || payError === 'timeoutPrebooking' || discount.isPending} loading={paying}>
          {t('summary.pay', { price })}
        </Button>
      </div>
    </Stack>
  );
}

/**
 * The code field's message key for a refused code, as the booking wizard tells them apart: unknown (404),
 * expired or used up (410), a code already applied (412), valid for nothing here (422); anything else
 * (the network, the server) is "could not check".
 */
function discountErrorKey(error: unknown): string {
  if (!(error instanceof ApiError)) return 'failed';
  const problem = error.fields?.discount ?? '';
  if (error.status === 404 && problem) return 'unknown';
  if (error.status === 410) return problem === 'used up' ? 'usedUp' : 'expired';
  if (error.status === 412) return 'alreadyApplied';
  if (error.status === 422) return 'notValid';
  return 'failed';
}
