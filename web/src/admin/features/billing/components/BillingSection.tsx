import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { components } from '@/lib/api/schema';

/** Placeholder of the billing section (built on its own branch; the integrator takes that version). */
export function BillingSection({ company }: { company: components['schemas']['AdminCompany'] }) {
  const { t } = useTranslation('billing');
  return (
    <section aria-label={t('heading')} data-company={company.idCompany}>
      <Text>…</Text>
    </section>
  );
}
