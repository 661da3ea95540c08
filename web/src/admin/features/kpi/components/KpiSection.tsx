import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { components } from '@/lib/api/schema';

/** Placeholder of the KPI section (built on its own branch; the integrator takes that version). */
export function KpiSection(_props: { company: components['schemas']['AdminCompany'] }) {
  const { t } = useTranslation('kpi');
  return (
    <section aria-label={t('heading')}>
      <Text>…</Text>
    </section>
  );
}
