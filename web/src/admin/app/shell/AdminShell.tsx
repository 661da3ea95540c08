import { Anchor, Box, Group, Image, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import classes from '@/admin/app/shell/AdminShell.module.css';
import { AdminLanguageSelect } from '@/admin/components/AdminLanguageSelect';
import { CompanySwitcher } from '@/admin/app/shell/CompanySwitcher';
import { UserMenu } from '@/admin/app/shell/UserMenu';
import { signOut } from '@/admin/features/auth/api/sign-in';
import type { AdminCompany } from '@/admin/lib/company';
import { clearSession, storedUserName, type StaffCompany } from '@/admin/lib/session';

// Each section is its own chunk: recharts comes with the KPI section only, the grid's libraries with bookings.
const BookingsSection = lazy(async () => ({
  default: (await import('@/admin/features/bookings/components/BookingsSection')).BookingsSection,
}));
const BillingSection = lazy(async () => ({
  default: (await import('@/admin/features/billing/components/BillingSection')).BillingSection,
}));
const SettingsDialog = lazy(async () => ({ default: (await import('@/admin/app/settings/SettingsDialog')).SettingsDialog }));
const KpiSection = lazy(async () => ({ default: (await import('@/admin/features/kpi/components/KpiSection')).KpiSection }));
const EventsCalendarSection = lazy(async () => ({
  default: (await import('@/admin/features/events/components/EventsCalendarSection')).EventsCalendarSection,
}));
// The user menu's dialogs: chunks of their own, loaded when opened.
const CreateEventDialog = lazy(async () => ({
  default: (await import('@/admin/features/events/components/CreateEventDialog')).CreateEventDialog,
}));
const AdvertisingDialog = lazy(async () => ({
  default: (await import('@/admin/features/advertising/components/AdvertisingDialog')).AdvertisingDialog,
}));

/**
 * The mutually exclusive sections; billing is the default (admin spec section 2). The events calendar
 * (spec section 2, issue 15) is the fourth.
 */
export type Section = 'bookings' | 'billing' | 'kpi' | 'events';

interface AdminShellProps {
  company: AdminCompany;
  companies: StaffCompany[];
  onSwitchCompany: (idCompany: number) => void;
}

/**
 * The back office's frame: the top bar (logo linking to the public booking page, language, company,
 * user menu), the section switch and the chosen section. A section is keyed by the company, so a
 * company switch resets its dates and lists.
 */
export function AdminShell({ company, companies, onSwitchCompany }: AdminShellProps) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [section, setSection] = useState<Section>('billing');
  const [dialog, setDialog] = useState<'createEvent' | 'advertising' | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);

  const logout = async () => {
    await signOut();
    clearSession();
    queryClient.removeQueries({ queryKey: ['admin'] });
    void navigate('/login', { replace: true });
  };

  return (
    <div className={classes.page}>
      <title>{`${company.companyName} – ${t('title')}`}</title>
      <header className={classes.bar}>
        <Group gap="sm" wrap="nowrap" className={classes.brand}>
          <Anchor
            href={`/${encodeURIComponent(company.publicKey)}`}
            className={classes.logo}
            aria-label={t('shell.publicPage', { company: company.companyName })}
          >
            {company.logo ? (
              <Image src={company.logo} alt="" h={40} w="auto" fit="contain" />
            ) : (
              <Text fw={700} c="blue.8">
                Pitlane
              </Text>
            )}
          </Anchor>
          <CompanySwitcher companies={companies} current={company.idCompany} onChange={onSwitchCompany} />
        </Group>
        <Group gap="sm" wrap="nowrap">
          <AdminLanguageSelect />
          <UserMenu
            userName={storedUserName()}
            company={company}
            onLogout={() => void logout()}
            onCreateEvent={() => setDialog('createEvent')}
            onAdvertising={() => setDialog('advertising')}
            onOpenSettings={() => setSettingsOpen(true)}
          />
        </Group>
      </header>
      <Stack component="main" className={classes.main} gap="md">
        <nav aria-label={t('shell.sections')}>
          <SegmentedControl
            value={section}
            onChange={(value) => setSection(value as Section)}
            data={[
              { value: 'bookings', label: t('shell.bookings') },
              { value: 'billing', label: t('shell.billing') },
              { value: 'kpi', label: t('shell.kpi') },
              { value: 'events', label: t('shell.events') },
            ]}
          />
        </nav>
        <Box key={company.idCompany}>
          <Suspense fallback={<Loader aria-label={t('loading')} />}>
            {section === 'bookings' && <BookingsSection company={company} />}
            {section === 'billing' && <BillingSection company={company} />}
            {section === 'kpi' && <KpiSection company={company} />}
            {section === 'events' && <EventsCalendarSection company={company} />}
          </Suspense>
        </Box>
        <Suspense fallback={null}>
          {dialog === 'createEvent' && company.role === 'SUPERADMIN' && (
            <CreateEventDialog key={company.idCompany} idCompany={company.idCompany} onClose={() => setDialog(null)} />
          )}
          {dialog === 'advertising' && company.advertisingActive && (
            <AdvertisingDialog key={company.idCompany} idCompany={company.idCompany} onClose={() => setDialog(null)} />
          )}
        </Suspense>
      </Stack>
      {settingsOpen && (
        <Suspense fallback={null}>
          <SettingsDialog key={company.idCompany} idCompany={company.idCompany} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
