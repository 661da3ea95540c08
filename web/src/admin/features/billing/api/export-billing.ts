import type { BillingRange } from '@/admin/features/billing/api/retrieve-billing';

/** The export formats the server writes. */
export type ExportFormat = 'xlsx' | 'csv';

/** The export's file name (admin spec section 9). */
export const EXPORT_FILE = 'detalles-facturacion';

/**
 * The address of a range's export (GET /api/admin/export-billing): a plain same-origin link, so the
 * browser downloads the streamed file with the session cookie and nothing is held in memory.
 */
export function exportBillingUrl(idCompany: number, range: BillingRange, format: ExportFormat, lang: string): string {
  const query = new URLSearchParams({
    idCompany: String(idCompany),
    dateIni: range.start,
    dateEnd: range.end,
    format,
    lang,
  });
  return `/api/admin/export-billing?${query.toString()}`;
}
