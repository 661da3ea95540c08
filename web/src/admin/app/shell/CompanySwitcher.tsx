import { Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StaffCompany } from '@/admin/lib/session';

interface CompanySwitcherProps {
  companies: StaffCompany[];
  current: number;
  onChange: (idCompany: number) => void;
}

/**
 * The company switcher (admin spec section 2): a select sorted by name when the user has several
 * companies, otherwise the company's name.
 */
export function CompanySwitcher({ companies, current, onChange }: CompanySwitcherProps) {
  const { t, i18n } = useTranslation('admin');
  if (companies.length <= 1) {
    return (
      <Text fw={600} truncate="end">
        {companies[0]?.companyName}
      </Text>
    );
  }
  const sorted = [...companies].sort((a, b) =>
    a.companyName.localeCompare(b.companyName, i18n.resolvedLanguage ?? i18n.language, { sensitivity: 'base' }),
  );
  return (
    <Select
      aria-label={t('shell.company')}
      data={sorted.map((c) => ({ value: String(c.idCompany), label: c.companyName }))}
      value={String(current)}
      onChange={(value) => {
        if (value && Number(value) !== current) onChange(Number(value));
      }}
      allowDeselect={false}
      searchable={companies.length > 8}
      comboboxProps={{ withinPortal: true }}
      w={{ base: 160, sm: 240 }}
    />
  );
}
