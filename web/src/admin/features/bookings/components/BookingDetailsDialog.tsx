import { Alert, Button, Group, Loader, Modal, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { masterDataQueryOptions, type BookingMasterData } from '@/admin/features/bookings/api/bookings';
import { bookingName, inSentence } from '@/admin/lib/reference';
import { BookingStatus } from '@/admin/features/bookings/components/BookingStatus';
import { CancelBookingDialog } from '@/admin/features/bookings/components/CancelBookingDialog';
import { CorrectPaymentDialog } from '@/admin/features/bookings/components/CorrectPaymentDialog';
import { DetailsArrival } from '@/admin/features/bookings/components/DetailsArrival';
import { EditContactDialog } from '@/admin/features/bookings/components/EditContactDialog';
import { MoveBookingDialog } from '@/admin/features/bookings/components/MoveBookingDialog';
import { RecordPaymentDialog } from '@/admin/features/bookings/components/RecordPaymentDialog';
import { ResendConfirmationDialog } from '@/admin/features/bookings/components/ResendConfirmationDialog';
import type { AdminCompany } from '@/admin/lib/company';
import { useAdminFormat } from '@/admin/lib/format';
import { atLeast } from '@/admin/lib/roles';
import { isolate } from '@/lib/format';

interface BookingDetailsDialogProps {
  company: AdminCompany;
  /**
   * The booking shown (its id, identifier and reference), or null when the dialog is closed; pay opens its
   * Record payment at once when something is due (a walk-in's "pay now").
   */
  booking: { id: number; bookingIdentifier: string; reference?: string; pay?: boolean } | null;
  onClose: () => void;
}

/**
 * The booking's details (admin spec section 2, the shopping-cart details dialog): titled by the short
 * reference the customer reads out, then contact, products with their sessions, drivers, payments and
 * refunds, from GET /api/booking/master-data/{id}; the 32-character identifier only small, at the end; and
 * the counter's Record payment (issue 23) while something is due, open to every staff role (DESK and above).
 */
export function BookingDetailsDialog({ company, booking, onClose }: BookingDetailsDialogProps) {
  const { t, i18n } = useTranslation('bookings');
  const details = useQuery({
    ...masterDataQueryOptions(company.idCompany, booking?.id ?? 0),
    enabled: booking !== null,
  });
  return (
    <Modal
      opened={booking !== null}
      onClose={onClose}
      title={booking ? t('details.title', { id: inSentence(bookingName(booking), i18n.dir()) }) : ''}
      size="xl"
      closeButtonProps={{ 'aria-label': t('details.close') }}
    >
      {details.isPending && <Loader aria-label={t('details.title', { id: booking ? inSentence(bookingName(booking), i18n.dir()) : '' })} />}
      {details.isError && (
        <Alert color="red" role="alert">
          {t('details.failed')}
        </Alert>
      )}
      {details.data && <MasterData data={details.data} company={company} payFirst={booking?.pay ?? false} />}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('details.close')}
        </Button>
      </Group>
    </Modal>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6} component="section">
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * A value written left to right whatever the page's direction (a phone, an e-mail, a date, a time): isolated,
 * so in Arabic "+34 600 123 456" keeps its order and does not pull the words around it into its own.
 */
function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="gray.7">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

/** A line of money given back or taken back: a refund, or a correction of a payment taken at the counter. */
interface MoneyLine {
  at: string;
  /** Who did it, as shown. */
  by: string;
  reason?: string;
  /** The amount as shown (a correction's is negative). */
  amount: number;
}

/** The refunds' and the corrections' table: date, by whom, the reason (corrections only) and the amount. */
function MoneyLinesTable({
  lines,
  withReason = false,
  when,
  price,
}: {
  lines: MoneyLine[];
  withReason?: boolean;
  when: (instant: string) => ReactNode;
  price: (amount: number) => ReactNode;
}) {
  const { t } = useTranslation('bookings');
  return (
    <Table.ScrollContainer minWidth={420} type="native" tabIndex={0}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('details.date')}</Table.Th>
            <Table.Th>{t('details.by')}</Table.Th>
            {withReason && <Table.Th>{t('details.reason')}</Table.Th>}
            <Table.Th>{t('details.amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l, i) => (
            <Table.Tr key={`${l.at}-${i}`}>
              <Table.Td>{when(l.at)}</Table.Td>
              <Table.Td>{l.by}</Table.Td>
              {withReason && <Table.Td>{l.reason}</Table.Td>}
              <Table.Td>{price(l.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const PROVIDERS = ['cash', 'stripe', 'simulated'] as const;
const PAYMENT_STATUSES = ['created', 'approved', 'declined', 'expired', 'refunded', 'partially_refunded'] as const;

/**
 * A stored code (a payment's provider or status) as a person reads it, in the chosen language; a code this
 * version does not know (a provider added later) is shown as stored rather than hidden.
 */
function codeText<K extends string>(
  t: (key: `pay.providers.${(typeof PROVIDERS)[number]}` | `pay.statuses.${(typeof PAYMENT_STATUSES)[number]}`) => string,
  group: 'pay.providers' | 'pay.statuses',
  known: readonly K[],
  code: string,
): string {
  return (known as readonly string[]).includes(code) ? t(`${group}.${code}` as Parameters<typeof t>[0]) : code;
}

/** The payment's method as the details show it: a counter method, or online. */
function methodKey(method: string | null | undefined) {
  switch (method) {
    case 'cash':
    case 'card_terminal':
    case 'voucher':
    case 'other':
    case 'credit':
      return `pay.methods.${method}` as const;
    default:
      return 'details.online' as const;
  }
}

function MasterData({ data, company, payFirst }: { data: BookingMasterData; company: AdminCompany; payFirst: boolean }) {
  const { t } = useTranslation('bookings');
  const { t: admin } = useTranslation('admin');
  const format = useAdminFormat(company);
  const [paying, setPaying] = useState(() => payFirst && data.state !== 'cancelada' && (data.due ?? 0) > 0);
  const [cancelling, setCancelling] = useState(false);
  const [resending, setResending] = useState(false);
  const [editing, setEditing] = useState(false);
  const [moving, setMoving] = useState(false);
  const [correcting, setCorrecting] = useState<{ id: number; holds: number }>();
  // Corrections are an admin's (POST /api/admin/correct-payment needs ADMIN); the counter records only.
  const mayCorrect = company.role !== 'DESK';
  // Cancelling with the money is an admin's too (POST /api/admin/cancel-booking, as refunds).
  const mayCancel = atLeast(company.role, 'ADMIN') && data.cancellable && data.state !== 'cancelada';
  // The confirmation goes again to a booking that is confirmed (not cancelled) and has an address.
  const mayResend = data.state !== 'cancelada' && data.contact.email.trim() !== '';
  // A booking moves (DESK and above) while it could be cancelled: it has a session that has not started.
  const sessions = data.lines.flatMap((l) => l.sessions.map((s) => `${s.date} ${s.time.length === 5 ? `${s.time}:00` : s.time}`)).sort();
  const mayMove = data.state !== 'cancelada' && data.cancellable && sessions.length > 0;
  const price = (amount: number) => <bdi>{format.money(amount)}</bdi>;
  const due = data.due ?? 0;
  const reference = data.reference || data.identifier;
  const canPay = data.state !== 'cancelada' && due > 0;
  const when = (instant: string) => format.instant(instant);
  const none = (
    <Text size="sm" c="gray.7">
      {t('details.none')}
    </Text>
  );
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Field label={t('details.status')} value={<BookingStatus state={data.state} />} />
        <Field label={t('columns.created')} value={when(data.createdAt)} />
        <Field label={t('details.paymentMode')} value={t(data.paymentMode === 'online' ? 'details.online' : 'details.circuit')} />
        {data.takenBy && <Field label={t('details.takenBy')} value={<Ltr>{data.takenBy}</Ltr>} />}
        <Field label={t('details.paid')} value={price(data.paid ?? 0)} />
        <Field label={t('details.due')} value={price(due)} />
      </SimpleGrid>
      {data.state !== 'cancelada' && (
        <DetailsArrival idCompany={company.idCompany} booking={{ id: data.id, arrived: data.arrived ?? false, noShow: data.noShow ?? false }} />
      )}
      {(canPay || mayResend || mayCancel || mayMove) && (
        <Group>
          {canPay && <Button onClick={() => setPaying(true)}>{t('pay.action')}</Button>}
          {mayMove && (
            <Button variant="default" onClick={() => setMoving(true)}>
              {t('move.action')}
            </Button>
          )}
          {mayResend && (
            <Button variant="default" onClick={() => setResending(true)}>
              {t('resend.action')}
            </Button>
          )}
          {mayCancel && (
            <Button variant="outline" color="red" onClick={() => setCancelling(true)}>
              {t('cancelMoney.action')}
            </Button>
          )}
        </Group>
      )}
      {moving && (
        <MoveBookingDialog company={company} booking={{ id: data.id, reference, firstSession: sessions[0] }} onClose={() => setMoving(false)} />
      )}
      {cancelling && <CancelBookingDialog company={company} booking={data} onClose={() => setCancelling(false)} />}
      {resending && (
        <ResendConfirmationDialog
          idCompany={company.idCompany}
          booking={{ id: data.id, reference, email: data.contact.email }}
          onClose={() => setResending(false)}
        />
      )}
      {editing && (
        <EditContactDialog
          idCompany={company.idCompany}
          booking={{
            id: data.id,
            reference,
            contact: { name: data.contact.name, surname: data.contact.surname ?? '', email: data.contact.email, phone: data.contact.phone },
          }}
          onClose={() => setEditing(false)}
        />
      )}
      {correcting && (
        <CorrectPaymentDialog company={company} booking={{ id: data.id, reference }} payment={correcting} onClose={() => setCorrecting(undefined)} />
      )}
      {paying && (
        <RecordPaymentDialog company={company} booking={{ id: data.id, reference, due }} onClose={() => setPaying(false)} />
      )}

      <Section title={t('details.contact')}>
        <Group>
          <Button size="compact-sm" variant="subtle" onClick={() => setEditing(true)}>
            {t('contact.action')}
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Field label={t('details.name')} value={[data.contact.name, data.contact.surname].filter(Boolean).join(' ')} />
          <Field label={t('columns.phone')} value={data.contact.phone ? <Ltr>{data.contact.phone}</Ltr> : ''} />
          <Field label={t('columns.email')} value={data.contact.email ? <Ltr>{data.contact.email}</Ltr> : ''} />
          {data.contact.birthDate && (
            <Field label={t('details.birthDate')} value={format.day(data.contact.birthDate)} />
          )}
        </SimpleGrid>
      </Section>

      <Section title={t('details.lines')}>
        {data.lines.length === 0 ? (
          none
        ) : (
          <Table.ScrollContainer minWidth={560} type="native" tabIndex={0}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('details.product')}</Table.Th>
                  <Table.Th>{t('details.quantity')}</Table.Th>
                  <Table.Th>{t('columns.drivers')}</Table.Th>
                  <Table.Th>{t('details.unitPrice')}</Table.Th>
                  <Table.Th>{t('details.total')}</Table.Th>
                  <Table.Th>{t('details.sessions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.lines.map((line) => (
                  <Table.Tr key={line.id}>
                    <Table.Td>{line.name}</Table.Td>
                    <Table.Td>{line.quantity}</Table.Td>
                    <Table.Td>{line.numDrivers}</Table.Td>
                    <Table.Td>{price(line.unitPrice)}</Table.Td>
                    <Table.Td>{price(line.total)}</Table.Td>
                    <Table.Td>
                      {line.sessions.map((s) => (
                        <div key={`${s.date} ${s.time} ${s.track}`}>
                          <bdi>{format.dateTime(`${s.date} ${s.time}`)}</bdi> · <bdi>{s.track}</bdi>
                        </div>
                      ))}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group gap="lg">
          {data.discount > 0 && <Field label={t('details.discount')} value={price(data.discount)} />}
          <Field label={t('details.total')} value={price(data.total)} />
          <Field label={t('details.refundable')} value={price(data.refundable)} />
        </Group>
        {data.refundBlocked && (
          // Why no refund can be made now (the server refuses it with 422 for the same reason).
          <Text size="sm" c="gray.7" data-testid="refund-blocked">
            {admin('refundBlocked.title')}: {admin(`refundBlocked.${data.refundBlocked}`)}
          </Text>
        )}
        {data.creditNote && (
          // The credit note this booking's money became when it was cancelled: its code is read out at the desk.
          <Field
            label={t('details.creditNote')}
            value={t('details.creditNoteLine', {
              code: isolate(data.creditNote.code),
              balance: isolate(format.money(data.creditNote.balance)),
              amount: isolate(format.money(data.creditNote.amount)),
              date: isolate(format.instant(data.creditNote.expiresAt)),
            })}
          />
        )}
      </Section>

      <Section title={t('details.drivers')}>
        {data.drivers.length === 0 ? (
          none
        ) : (
          <Stack gap={2} component="ul" m={0} ps="md">
            {data.drivers.map((d, i) => (
              <Text component="li" size="sm" key={`${d.name}-${i}`}>
                <bdi>{d.name}</bdi>
                {d.email && (
                  <>
                    {' · '}
                    <Ltr>{d.email}</Ltr>
                  </>
                )}
                {d.underage ? ` (${t('details.underage')})` : ''}
              </Text>
            ))}
          </Stack>
        )}
      </Section>

      <Section title={t('details.payments')}>
        {data.payments.length === 0 ? (
          none
        ) : (
          <Table.ScrollContainer minWidth={420} type="native" tabIndex={0}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('details.date')}</Table.Th>
                  <Table.Th>{t('details.provider')}</Table.Th>
                  <Table.Th>{t('details.method')}</Table.Th>
                  <Table.Th>{t('details.by')}</Table.Th>
                  <Table.Th>{t('details.status')}</Table.Th>
                  <Table.Th>{t('details.amount')}</Table.Th>
                  {mayCorrect && <Table.Th aria-label={t('columns.actions')} />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.payments.map((p, i) => (
                  <Table.Tr key={`${p.id ?? p.createdAt}-${i}`}>
                    <Table.Td>{when(p.createdAt)}</Table.Td>
                    <Table.Td>{codeText(t, 'pay.providers', PROVIDERS, p.provider)}</Table.Td>
                    <Table.Td>{t(methodKey(p.method))}</Table.Td>
                    <Table.Td>{p.by ? <Ltr>{p.by}</Ltr> : ''}</Table.Td>
                    <Table.Td>{codeText(t, 'pay.statuses', PAYMENT_STATUSES, p.status)}</Table.Td>
                    <Table.Td>{price(p.amount)}</Table.Td>
                    {mayCorrect && (
                      <Table.Td>
                        {p.provider === 'cash' && p.id !== undefined && (p.holds ?? 0) > 0 && (
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            color="red"
                            onClick={() => setCorrecting({ id: p.id ?? 0, holds: p.holds ?? 0 })}
                          >
                            {t('correct.action', { amount: isolate(format.money(p.holds ?? 0)) })}
                          </Button>
                        )}
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>

      <Section title={t('details.refunds')}>
        {data.refunds.length === 0 ? (
          none
        ) : (
          <MoneyLinesTable
            lines={data.refunds.map((r) => ({ at: r.at, by: r.by ?? t('details.provider_refund'), amount: r.amount }))}
            when={when}
            price={price}
          />
        )}
      </Section>

      {(data.corrections ?? []).length > 0 && (
        <Section title={t('details.corrections')}>
          <MoneyLinesTable
            lines={(data.corrections ?? []).map((c) => ({ at: c.at, by: c.by ?? '', reason: c.reason, amount: -c.amount }))}
            withReason
            when={when}
            price={price}
          />
        </Section>
      )}

      {!data.cancellable && data.cancelReason && data.state !== 'cancelada' && (
        <Text size="sm" c="gray.7">
          {t('details.notCancellable', { reason: cancelReasonText(data.cancelReason, t) })}
        </Text>
      )}

      <Text size="xs" c="gray.7">
        {t('details.identifier')}: <bdi dir="ltr" data-testid="booking-identifier">{data.identifier}</bdi>
      </Text>
    </Stack>
  );
}

/**
 * The server's reasons a booking cannot be cancelled (internal/checkout/staff_cancel.go), which it writes in
 * English, by the key of their translation: Arabic showed "لا يمكن الإلغاء: This booking's session has…".
 */
const CANCEL_REASONS: Record<string, 'details.cancelReasons.datePast' | 'details.cancelReasons.noDate'> = {
  "This booking's session has already started, so it can no longer be cancelled.": 'details.cancelReasons.datePast',
  'This booking has no date (a voucher), so it cannot be cancelled.': 'details.cancelReasons.noDate',
};

/** A reason the server gave for not cancelling, in the page's language (a reason not known here as sent). */
function cancelReasonText(reason: string, t: (key: 'details.cancelReasons.datePast' | 'details.cancelReasons.noDate') => string): string {
  const key = CANCEL_REASONS[reason];
  return key ? t(key) : reason;
}
