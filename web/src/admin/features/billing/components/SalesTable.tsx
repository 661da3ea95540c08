import { ActionIcon, Box, Group, NativeSelect, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '@mantine/hooks';
import {
  columnFilteringFeature,
  createColumnHelper,
  createFilteredRowModel,
  filterFn_equalsString,
  filterFn_includesString,
  globalFilteringFeature,
  tableFeatures,
  useTable,
  type ColumnFiltersState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useBillingTexts, type BillingKey } from '@/admin/features/billing/hooks/useBillingTexts';
import { useAdminFormat, type AdminFormat, type FormatCompany as Money } from '@/admin/lib/format';
import { usePhone } from '@/admin/lib/phone';
import { isolate } from '@/lib/format';
import classes from '@/admin/components/CardList.module.css';
import { useCardList } from '@/admin/hooks/useCardList';
import { referenceMatches, refundBlock, saleName, type SaleRow } from '@/admin/features/billing/utils/refund';

/** The sales table's height (admin spec section 9): 680 pixels, 370 on a phone. */
export const TABLE_HEIGHT = { desktop: 680, mobile: 370 } as const;

/** Above this many rows only the visible ones are in the page. */
export const VIRTUAL_FROM = 100;

const ROW_HEIGHT = 44;

const features = tableFeatures({
  columnFilteringFeature,
  globalFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  filterFns: { includesString: filterFn_includesString, equalsString: filterFn_equalsString },
});

const helper = createColumnHelper<typeof features, SaleRow>();

const SOURCES = ['BOOKING', 'EVENT', 'LICENSING', 'EXTERNAL'] as const;
const STATES = ['PAID', 'PARTIALLY_REFUNDED', 'REFUNDED', 'REFUND', 'PAYMENT', 'CORRECTION', 'CREDIT_ISSUED'] as const;
const METHODS = ['cash', 'card_terminal', 'voucher', 'other', 'online', 'credit'] as const;

// The columns the free-text search looks in (the reference also without its dash, and the identifier).
const SEARCHED = new Set(['reference', 'contactName', 'phone', 'email', 'name']);

interface SalesTableProps {
  rows: SaleRow[];
  company: Money & { timeZone: string; isRefundEnabled: boolean };
  onDetails: (row: SaleRow) => void;
  onRefund: (row: SaleRow) => void;
}

/**
 * The sales detail table (admin spec section 2): a column filter by source and by state, a free-text
 * search, a details action per row and, when the company refunds, a refund action that is off for refund
 * rows and sales with nothing left to refund. Long lists render only their visible rows.
 */
export function SalesTable({ rows, company, onDetails, onRefund }: SalesTableProps) {
  const { t } = useBillingTexts();
  const format = useAdminFormat(company);
  const mobile = useMediaQuery('(max-width: 48em)');
  const phone = usePhone();
  const [search, setSearch] = useState('');
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>([]);

  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor((row) => row.reference || '—', {
          id: 'reference',
          header: () => t('table.reference'),
          cell: (info) => (
            <Text span inherit ff="monospace" fw={600} style={{ whiteSpace: 'nowrap' }}>
              <bdi dir="ltr">{info.getValue()}</bdi>
            </Text>
          ),
        }),
        helper.accessor('updatedAt', {
          header: () => t('table.date'),
          cell: (info) => format.instant(info.getValue()),
        }),
        helper.accessor('contactName', { header: () => t('table.customer') }),
        helper.accessor('phone', {
          header: () => t('table.phone'),
          // One line, left to right also in Arabic, as the bookings grid writes it (a wrapped number read in pieces).
          cell: (info) => (
            <Text span inherit style={{ whiteSpace: 'nowrap' }}>
              <bdi dir="ltr">{info.getValue()}</bdi>
            </Text>
          ),
        }),
        helper.accessor('email', { header: () => t('table.email') }),
        helper.accessor('name', { header: () => t('table.products') }),
        helper.accessor((row) => row.shopping_cart.source, {
          id: 'source',
          header: () => t('table.source'),
          filterFn: 'equalsString',
          cell: (info) => t(`sources.${info.getValue()}`),
        }),
        helper.accessor('priceConverted', {
          header: () => t('table.amount'),
          cell: (info) => {
            const amount = info.getValue();
            const row = info.row.original;
            return (
              <>
                <Text span inherit c={amount < 0 ? 'red.9' : undefined} fw={amount < 0 ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
                  {format.money(amount)}
                </Text>
                <CreditLine row={row} format={format} />
              </>
            );
          },
        }),
        helper.accessor((row) => row.shopping_cart.state, {
          id: 'state',
          header: () => t('table.state'),
          filterFn: 'equalsString',
          cell: (info) => stateText(info.getValue(), t),
        }),
        // After the state, so the columns before it keep their places (exports, end-to-end tests).
        helper.accessor((row) => methodsText(row.methods ?? [], t), {
          id: 'methods',
          header: () => t('table.method'),
        }),
        helper.display({
          id: 'actions',
          header: () => t('table.actions'),
          cell: ({ row }) => (
            <RowActions row={row.original} refunds={company.isRefundEnabled} onDetails={onDetails} onRefund={onRefund} />
          ),
        }),
      ]),
    [t, format, company, onDetails, onRefund],
  );

  const table = useTable({
    features,
    columns,
    data: rows,
    state: { globalFilter: search, columnFilters },
    onGlobalFilterChange: (updater) => setSearch((old) => (typeof updater === 'function' ? updater(old) : updater) ?? ''),
    onColumnFiltersChange: setColumnFilters,
    // The text anywhere in a searched column (any case); on the reference column also the reference
    // without its dash, and the booking identifier (no longer a column, still found).
    globalFilterFn: (row, columnId, value: string) =>
      filterFn_includesString(row, columnId, value) ||
      (columnId === 'reference' &&
        (referenceMatches(row.original, value) || row.original.token.toLowerCase().includes(value.trim().toLowerCase()))),
    getColumnCanGlobalFilter: (column) => SEARCHED.has(column.id),
    getRowId: (row) => row.id,
  });

  const shown = table.getRowModel().rows;
  const filterValue = (id: string) => (columnFilters.find((f) => f.id === id)?.value as string | undefined) ?? '';
  const setFilter = (id: string, value: string) =>
    setColumnFilters((old) => [...old.filter((f) => f.id !== id), ...(value ? [{ id, value }] : [])]);

  return (
    <>
      <Group align="end" gap="sm" wrap="wrap">
        <TextInput
          label={t('search')}
          placeholder={t('searchPlaceholder')}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          miw={220}
        />
        <NativeSelect
          label={t('filterSource')}
          value={filterValue('source')}
          onChange={(event) => setFilter('source', event.currentTarget.value)}
          data={[{ value: '', label: t('all') }, ...SOURCES.map((s) => ({ value: s, label: t(`sources.${s}`) }))]}
        />
        <NativeSelect
          label={t('filterState')}
          value={filterValue('state')}
          onChange={(event) => setFilter('state', event.currentTarget.value)}
          data={[{ value: '', label: t('all') }, ...STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))]}
        />
        <Text size="sm" c="gray.7" aria-live="polite">
          {t('table.shown', { shown: shown.length, total: rows.length })}
        </Text>
      </Group>
      {/* A phone (600 pixels or less) gets one card per sale instead of eleven columns (issue 25). */}
      {phone ? (
        <SaleCards
          rows={shown.map((row) => row.original)}
          format={format}
          refunds={company.isRefundEnabled}
          onDetails={onDetails}
          onRefund={onRefund}
          empty={rows.length > 0 ? t('noMatches') : t('noSales')}
        />
      ) : (
        <TableBody table={table} height={mobile ? TABLE_HEIGHT.mobile : TABLE_HEIGHT.desktop} empty={rows.length > 0 ? t('noMatches') : t('noSales')} />
      )}
    </>
  );
}

type SalesTableInstance = ReturnType<typeof useTable<typeof features, SaleRow>>;

function TableBody({ table, height, empty }: { table: SalesTableInstance; height: number; empty: string }) {
  const { t } = useBillingTexts();
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = table.getRowModel().rows;
  const virtual = rows.length > VIRTUAL_FROM;
  // eslint-disable-next-line react-hooks/incompatible-library -- the app does not use the React Compiler; the virtualiser re-renders this component itself
  const virtualizer = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 8,
    initialRect: { width: 1000, height },
  });
  const columnCount = table.getAllLeafColumns().length;

  let body: ReactNode;
  if (rows.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={columnCount}>
          <Text c="gray.7" ta="center" py="lg">
            {empty}
          </Text>
        </Table.Td>
      </Table.Tr>
    );
  } else if (virtual) {
    const items = virtualizer.getVirtualItems();
    const before = items[0]?.start ?? 0;
    const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
    body = (
      <>
        {before > 0 && <tr aria-hidden style={{ height: before }} />}
        {items.map((item) => (
          <SaleTr key={rows[item.index].id} table={table} row={rows[item.index]} />
        ))}
        {after > 0 && <tr aria-hidden style={{ height: after }} />}
      </>
    );
  } else {
    body = rows.map((row) => <SaleTr key={row.id} table={table} row={row} />);
  }

  return (
    // One element scrolls both ways (the virtualizer measures and listens to it); the header stays on top.
    <Box ref={scrollRef} mah={height} style={{ overflow: 'auto' }} data-testid="sales-scroll" tabIndex={0} aria-label={t('table.label')} role="region">
      <Table stickyHeader striped highlightOnHover aria-label={t('table.label')} verticalSpacing="xs" miw={1100}>
        <Table.Thead>
          {table.getHeaderGroups().map((group) => (
            <Table.Tr key={group.id}>
              {group.headers.map((header) => (
                <Table.Th key={header.id} scope="col">
                  <table.FlexRender header={header} />
                </Table.Th>
              ))}
            </Table.Tr>
          ))}
        </Table.Thead>
        <Table.Tbody>{body}</Table.Tbody>
      </Table>
    </Box>
  );
}

function SaleTr({ table, row }: { table: SalesTableInstance; row: ReturnType<SalesTableInstance['getRowModel']>['rows'][number] }) {
  return (
    <Table.Tr data-testid={`sale-${row.id}`}>
      {row.getAllCells().map((cell) => (
        <Table.Td key={cell.id}>
          <table.FlexRender cell={cell} />
        </Table.Td>
      ))}
    </Table.Tr>
  );
}

/** A sale card's height before it is measured. */
const CARD_ESTIMATE = 150;

interface SaleCardsProps {
  rows: SaleRow[];
  format: AdminFormat;
  refunds: boolean;
  onDetails: (row: SaleRow) => void;
  onRefund: (row: SaleRow) => void;
  empty: string;
}

/** A credit note issued, or a payment that spent one: no money moved, so the note's amount is said apart. */
function CreditLine({ row, format }: { row: SaleRow; format: AdminFormat }) {
  const { t } = useBillingTexts();
  if ((row.credit ?? 0) <= 0) return null;
  return (
    <Text size="xs" c="gray.7">
      {row.creditCode
        ? t('credit', { amount: isolate(format.money(row.credit ?? 0)), code: isolate(row.creditCode) })
        : t('creditSpent', { amount: isolate(format.money(row.credit ?? 0)) })}
    </Text>
  );
}

/**
 * The sales on a phone (issue 25): one card per sale shown (after search and filters) with its reference,
 * customer, date and time, source, method, amount and state, and the row's details and refund actions under
 * the table's names. Only the cards in view are in the page, each measured.
 */
function SaleCards({ rows, format, refunds, onDetails, onRefund, empty }: SaleCardsProps) {
  const { t } = useBillingTexts();
  const { scrollRef, virtualizer } = useCardList(rows.length, (index) => rows[index].id, CARD_ESTIMATE);
  if (rows.length === 0) {
    return (
      <Text c="gray.7" ta="center" py="lg">
        {empty}
      </Text>
    );
  }
  return (
    <div ref={scrollRef} className={classes.scroller} tabIndex={0} data-testid="sales-scroll">
      <div role="list" aria-label={t('table.label')} className={classes.body} style={{ blockSize: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          const amount = row.priceConverted;
          return (
            <div
              role="listitem"
              key={item.key}
              data-index={item.index}
              data-testid={`sale-${row.id}`}
              ref={virtualizer.measureElement}
              aria-setsize={rows.length}
              aria-posinset={item.index + 1}
              className={classes.item}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <div className={classes.card}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <bdi dir="ltr" className={classes.reference}>
                    {row.reference || '—'}
                  </bdi>
                  <Text span inherit c={amount < 0 ? 'red.9' : undefined} fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="sale-amount">
                    <bdi>{format.money(amount)}</bdi>
                  </Text>
                </Group>
                <CreditLine row={row} format={format} />
                <Text fw={600} truncate>
                  <bdi>{row.contactName}</bdi>
                </Text>
                <dl className={classes.facts}>
                  <div>
                    <dt>{t('table.date')}</dt>
                    <dd>
                      <bdi dir="ltr">{format.instant(row.updatedAt)}</bdi>
                    </dd>
                  </div>
                  <div>
                    <dt>{t('table.source')}</dt>
                    <dd>{t(`sources.${row.shopping_cart.source as (typeof SOURCES)[number]}`)}</dd>
                  </div>
                  {(row.methods?.length ?? 0) > 0 && (
                    <div>
                      <dt>{t('table.method')}</dt>
                      <dd>{methodsText(row.methods ?? [], t)}</dd>
                    </div>
                  )}
                  <div>
                    <dt>{t('table.state')}</dt>
                    <dd>{stateText(row.shopping_cart.state, t)}</dd>
                  </div>
                </dl>
                <RowActions row={row} refunds={refunds} onDetails={onDetails} onRefund={onRefund} />
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}

interface RowActionsProps {
  row: SaleRow;
  refunds: boolean;
  onDetails: (row: SaleRow) => void;
  onRefund: (row: SaleRow) => void;
}

function RowActions({ row, refunds, onDetails, onRefund }: RowActionsProps) {
  const { t } = useBillingTexts();
  const { t: admin } = useTranslation('admin');
  const block = refundBlock(row);
  const reason = block && block !== 'refundRow' && block !== 'nothingLeft' ? admin(`refundBlocked.${block}`) : undefined;
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="subtle" aria-label={t('details', { token: saleName(row) })} onClick={() => onDetails(row)}>
        <DetailsIcon />
      </ActionIcon>
      {refunds && reason !== undefined && (
        // Disabled with its reason: it stays focusable (aria-disabled) so the reason is read and shown on
        // focus as well as on hover.
        <Tooltip label={reason} withArrow events={{ hover: true, focus: true, touch: true }}>
          <ActionIcon
            variant="subtle"
            color="red"
            data-disabled
            aria-disabled
            aria-label={admin('refundBlocked.label', { token: saleName(row), reason })}
            onClick={(e) => e.preventDefault()}
          >
            <RefundIcon />
          </ActionIcon>
        </Tooltip>
      )}
      {refunds && reason === undefined && (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('refund', { token: saleName(row) })}
          disabled={block !== undefined}
          onClick={() => onRefund(row)}
        >
          <RefundIcon />
        </ActionIcon>
      )}
    </Group>
  );
}

/** A row's payment methods in words: "Cash", "Online, Card terminal". */
function methodsText(methods: readonly string[], t: (key: BillingKey) => string): string {
  return methods.map((m) => ((METHODS as readonly string[]).includes(m) ? t(`methods.${m as (typeof METHODS)[number]}`) : m)).join(', ');
}

function stateText(state: string, t: (key: BillingKey) => string): string {
  return (STATES as readonly string[]).includes(state) ? t(`states.${state as (typeof STATES)[number]}`) : state;
}

function DetailsIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5M12 8h.01" strokeLinecap="round" />
    </svg>
  );
}

function RefundIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <path d="M9 14 4 9l5-5" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" strokeLinecap="round" />
    </svg>
  );
}
