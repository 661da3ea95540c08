import { ProductListTab, type CatalogTabProps } from '@/admin/features/catalog/components/ProductListTab';

/** The settings dialog's packs tab (tab 7): the company's packs, their sub-products and dialogs. */
export function PacksTab(props: CatalogTabProps) {
  return <ProductListTab {...props} kind="PACK" />;
}
