import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { CategoriesTab } from '@/admin/features/catalog/components/CategoriesTab';
import { PacksTab } from '@/admin/features/catalog/components/PacksTab';
import { ProductsTab } from '@/admin/features/catalog/components/ProductsTab';
import type { VariantOption } from '@/admin/features/catalog/components/ProductDialog';
import { fetchVariantsAndCircuits } from '@/admin/features/settings/api/settings';
import { companyQueryOptions, type AdminCompany } from '@/admin/lib/company';

/**
 * The catalogue's tabs of the settings dialog (6 products, 7 packs, 8 categories): the catalogue feature's
 * components, given the current company and its circuit variants ('circuit - name', the same query the
 * settings tabs load first, so it is usually answered from the cache).
 */
export function CatalogTab({ idCompany, tab }: { idCompany: number; tab: 'products' | 'packs' | 'categories' }) {
  const company = useQuery(companyQueryOptions(idCompany));
  const variants = useQuery({
    queryKey: ['admin', 'settings', idCompany, 'variants'],
    queryFn: ({ signal }) => fetchVariantsAndCircuits(idCompany, signal),
  });
  if (!company.data) return <Waiting />;
  const options: VariantOption[] = (variants.data?.variants ?? []).map((v) => ({ idVariant: v.id, label: `${v.circuit} - ${v.name}` }));
  return render(tab, company.data, options);
}

function render(tab: 'products' | 'packs' | 'categories', company: AdminCompany, variants: VariantOption[]): ReactNode {
  if (tab === 'products') return <ProductsTab company={company} variants={variants} />;
  if (tab === 'packs') return <PacksTab company={company} variants={variants} />;
  return <CategoriesTab company={company} />;
}

function Waiting() {
  return (
    <Center p="xl">
      <Loader size="sm" />
    </Center>
  );
}
