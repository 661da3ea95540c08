import { ProductListTab, type CatalogTabProps } from '@/admin/features/catalog/components/ProductListTab';

/** The settings dialog's products tab (tab 6): the company's products with their dialogs. */
export function ProductsTab(props: CatalogTabProps) {
  return <ProductListTab {...props} kind="PRODUCT" />;
}
