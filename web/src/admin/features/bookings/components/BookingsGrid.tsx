import { ActionIcon, Group } from '@mantine/core';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { createContext, useContext, useMemo, useRef, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingRow } from '@/admin/features/bookings/api/bookings';
import classes from '@/admin/features/bookings/components/BookingsGrid.module.css';
import { BookingStatus } from '@/admin/features/bookings/components/BookingStatus';
import { bookingName, shownReference } from '@/admin/lib/reference';
import { CancelBookingButton } from '@/admin/features/bookings/components/CancelBookingButton';
import { atLeast } from '@/admin/lib/roles';
import type { AdminCompany } from '@/admin/lib/company';
import { useAdminFormat, type AdminFormat } from '@/admin/lib/format';

/** The height of one grid row in pixels (fixed, so the virtualiser needs no measuring). */
export const ROW_HEIGHT = 40;

const features = tableFeatures({});
const helper = createColumnHelper<typeof features, BookingRow>();

/**
 * Column widths: [least pixels, share of the room left]. Every column is shown whole, the status and the
 * actions included, on a 1440-pixel screen (issue 25: fixed widths adding up to 1,466 pixels put the status
 * behind a sideways scroll there); the room left goes to the customer's name and the e-mail, the texts of
 * no fixed length. A narrower grid drops the columns a manager at the desk needs least, which the booking's
 * details still show: first the e-mail, then the sale date (NARROW below); it scrolls sideways only when even
 * the shortest set does not fit.
 */
const WIDTHS: Record<string, [number, number]> = {
  reference: [110, 0],
  actions: [90, 0],
  created: [180, 0],
  session: [180, 0],
  customer: [150, 1],
  phone: [140, 0],
  email: [140, 1],
  price: [90, 0],
  drivers: [90, 0],
  status: [160, 0],
};
/** The columns dropped, in this order, when the grid is narrower than its least widths (the e-mail, then the sale date). */
const DROPPED = ['email', 'created'];

function template(without: string[]): { template: string; least: number } {
  const shown = Object.entries(WIDTHS).filter(([id]) => !without.includes(id));
  return {
    template: shown.map(([, [least, share]]) => (share ? `minmax(${least}px, ${share}fr)` : `${least}px`)).join(' '),
    least: shown.reduce((sum, [, [least]]) => sum + least, 0),
  };
}
/**
 * Columns whose texts take their own direction in the cell itself, so that a text too long for its column is
 * cut at its own end: in Arabic a Latin name or an e-mail lost its beginning ("…a Domínguez Muñoz").
 */
const OWN_DIRECTION = new Set(['customer', 'email']);

const ALL = template([]);
const WITHOUT_EMAIL = template(DROPPED.slice(0, 1));
const SHORTEST = template(DROPPED);
const MIN_WIDTH = ALL.least;
const FALLBACK_RECT = { width: MIN_WIDTH, height: 680 };

interface BookingsGridProps {
  rows: BookingRow[];
  company: AdminCompany;
  /** The grid's accessible name (the range it shows). */
  label: string;
  onDetails: (row: BookingRow) => void;
}

/**
 * The bookings grid (admin spec sections 2 and 9): columns reference, actions, created, session date,
 * customer, phone, e-mail, price, drivers, status (the e-mail, then the sale date, left out of a grid too narrow
 * for them). Only the rows in view are in the page (TanStack
 * Virtual), so ten thousand bookings scroll smoothly; 680 pixels high on a desktop, 370 on a phone,
 * scrolling sideways on a narrow screen. The header row stays in view.
 */
export function BookingsGrid({ rows, company, label, onDetails }: BookingsGridProps) {
  const { t } = useTranslation('bookings');
  const format = useAdminFormat(company);

  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor((r) => shownReference(r), {
          id: 'reference',
          header: t('columns.reference'),
          cell: ({ getValue }) => (
            <bdi dir="ltr" className={classes.reference}>
              {getValue()}
            </bdi>
          ),
        }),
        helper.display({
          id: 'actions',
          header: t('columns.actions'),
          // A component of its own, not an arrow made with the columns: the table renders a cell function as a
          // component type, so a new function (new columns when the company or the format is read again, as a
          // live update does) would mount the cell afresh and close a cancel dialog opened from it.
          cell: ActionsCell,
        }),
        helper.accessor((r) => format.instant(r.createdAt), {
          id: 'created',
          header: t('columns.created'),
          // Isolated in its own direction, not forced left to right: a date with the month's name reads in its
          // language's order ("28 نوفمبر 2026، 18:05" from the right in Arabic; left to right, its year came first).
          cell: ({ getValue }) => <bdi>{getValue()}</bdi>,
        }),
        helper.accessor((r) => sessionText(r, format, t), {
          id: 'session',
          header: t('columns.session'),
          // A date and time isolated in its own direction, as the sale date; "No date" is a sentence of the
          // page's language and keeps its direction.
          cell: ({ getValue, row }) => (row.original.bookingDate ? <bdi>{getValue()}</bdi> : getValue()),
        }),
        helper.accessor('contactName', {
          id: 'customer',
          header: t('columns.customer'),
          // A Latin name inside an Arabic row: isolated, its direction its own.
          cell: ({ getValue }) => <bdi>{getValue()}</bdi>,
        }),
        helper.accessor('phone', {
          id: 'phone',
          header: t('columns.phone'),
          cell: ({ getValue }) => <bdi dir="ltr">{getValue()}</bdi>,
        }),
        helper.accessor('email', {
          id: 'email',
          header: t('columns.email'),
          cell: ({ getValue }) => <bdi dir="ltr">{getValue()}</bdi>,
        }),
        helper.accessor((r) => format.money(r.price), {
          id: 'price',
          header: t('columns.price'),
          cell: ({ getValue }) => <bdi>{getValue()}</bdi>,
        }),
        helper.accessor('numParticipants', { id: 'drivers', header: t('columns.drivers') }),
        helper.accessor('state', {
          id: 'status',
          header: t('columns.status'),
          cell: ({ getValue }) => <BookingStatus state={getValue()} />,
        }),
      ]),
    [t, format],
  );

  // The cells' texts are the accessors' values, which the table keeps per row while its data is the same
  // array: a new array when the language (the format) changes, or a switch in place kept the old dates and
  // amounts until the bookings were read again.
  const actions = useMemo(() => ({ company, onDetails }), [company, onDetails]);
  const language = format.language;
  const data = useMemo(() => (language ? [...rows] : rows), [rows, language]);
  const table = useTable({ features, columns, data, getRowId: (r) => String(r.id) });
  const tableRows = table.getRowModel().rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the app does not use the React Compiler; the virtualiser re-renders this component itself
  const virtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => tableRows[index].id,
    overscan: 8,
    // Before the first measure, and where nothing is laid out (a hidden grid, jsdom): the desktop height.
    initialRect: FALLBACK_RECT,
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : FALLBACK_RECT)),
  });

  // The three sets of columns; the style sheet picks one by the grid's own width (a container query, whose
  // thresholds are these least widths: BookingsGrid.module.css).
  const gridStyle = {
    '--grid-template': ALL.template,
    '--grid-min-width': `${ALL.least}px`,
    '--grid-template-m': WITHOUT_EMAIL.template,
    '--grid-min-width-m': `${WITHOUT_EMAIL.least}px`,
    '--grid-template-s': SHORTEST.template,
    '--grid-min-width-s': `${SHORTEST.least}px`,
  } as CSSProperties;

  return (
    <div
      ref={scrollRef}
      className={classes.scroller}
      style={gridStyle}
      role="table"
      aria-label={label}
      aria-rowcount={tableRows.length + 1}
      tabIndex={0}
    >
      <div role="rowgroup" className={classes.head}>
        {table.getHeaderGroups().map((group) => (
          <div role="row" aria-rowindex={1} key={group.id} className={classes.row}>
            {group.headers.map((header) => (
              <div role="columnheader" key={header.id} className={classes.cell} data-column={header.column.id}>
                {header.isPlaceholder ? null : <table.FlexRender header={header} />}
              </div>
            ))}
          </div>
        ))}
      </div>
      <RowActionsContext.Provider value={actions}>
      <div role="rowgroup" className={classes.body} style={{ blockSize: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = tableRows[item.index];
          return (
            <div
              role="row"
              aria-rowindex={item.index + 2}
              key={row.id}
              className={classes.row}
              data-state={row.original.state}
              style={{ transform: `translateY(${item.start}px)`, blockSize: ROW_HEIGHT }}
            >
              {row.getAllCells().map((cell) => (
                <div
                  role="cell"
                  key={cell.id}
                  className={classes.cell}
                  data-column={cell.column.id}
                  dir={OWN_DIRECTION.has(cell.column.id) ? 'auto' : undefined}
                >
                  <table.FlexRender cell={cell} />
                </div>
              ))}
            </div>
          );
        })}
      </div>
      </RowActionsContext.Provider>
    </div>
  );
}

/** The session column's text: the first session's date and time; an event's registration shows the event's
 * date (the server sends it as bookingDate); a voucher, without either, "No date". */
export function sessionText(row: BookingRow, format: AdminFormat, t: (key: 'noDate') => string): string {
  return row.bookingDate ? format.dateTime(row.bookingDate) : t('noDate');
}

/** What the grid's action cells need from the grid: the company (its role) and the details opener. */
const RowActionsContext = createContext<{ company: AdminCompany; onDetails: (row: BookingRow) => void } | null>(null);

/** A row's actions: details, and cancel where the server allows it and the role is ADMIN or above. */
function ActionsCell({ row }: { row: { original: BookingRow } }) {
  const { t } = useTranslation('bookings');
  const actions = useContext(RowActionsContext);
  if (!actions) return null;
  const { company, onDetails } = actions;
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="subtle" aria-label={t('actions.details', { id: bookingName(row.original) })} onClick={() => onDetails(row.original)}>
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="12" cy="12" r="9" />
          <path d="M12 11v6M12 7.5v.5" />
        </svg>
      </ActionIcon>
      {/* Cancelling (and the refund it may bring) is ADMIN's (docs/architecture.md, "Roles"). */}
      {row.original.cancellable && atLeast(company.role, 'ADMIN') && <CancelBookingButton company={company} row={row.original} />}
    </Group>
  );
}
