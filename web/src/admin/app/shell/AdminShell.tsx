import { Anchor, Box, Button, Group, Image, Loader, Menu, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import classes from '@/admin/app/shell/AdminShell.module.css';
import { useAdminRelease } from '@/admin/app/AdminUpdate';
import { AdminLanguageSelect } from '@/admin/components/AdminLanguageSelect';
import { ChevronDown } from '@/admin/components/TabsOrMenu';
import { CompanySwitcher } from '@/admin/app/shell/CompanySwitcher';
import { UserMenu } from '@/admin/app/shell/UserMenu';
import { signOut } from '@/admin/features/auth/api/sign-in';
import { lazyOrReload } from '@/admin/lib/chunk-reload';
import type { AdminCompany } from '@/admin/lib/company';
import { usePhone } from '@/admin/lib/phone';
import { atLeast, defaultSection, sectionsFor, type Section } from '@/admin/lib/roles';
import { clearSession, saveUserName, storedUserName, type StaffCompany } from '@/admin/lib/session';

// Each section is its own chunk: recharts comes with the KPI section only, the grid's libraries with bookings.
const TodaySection = lazyOrReload(async () => ({
  default: (await import('@/admin/features/bookings/components/TodaySection')).TodaySection,
}));
const BookingsSection = lazyOrReload(async () => ({
  default: (await import('@/admin/features/bookings/components/BookingsSection')).BookingsSection,
}));
const BillingSection = lazyOrReload(async () => ({
  default: (await import('@/admin/features/billing/components/BillingSection')).BillingSection,
}));
const SettingsDialog = lazyOrReload(async () => ({ default: (await import('@/admin/app/settings/SettingsDialog')).SettingsDialog }));
const KpiSection = lazyOrReload(async () => ({ default: (await import('@/admin/features/kpi/components/KpiSection')).KpiSection }));
const EventsCalendarSection = lazyOrReload(async () => ({
  default: (await import('@/admin/features/events/components/EventsCalendarSection')).EventsCalendarSection,
}));
// The user menu's dialogs: chunks of their own, loaded when opened.
const CreateEventDialog = lazyOrReload(async () => ({
  default: (await import('@/admin/features/events/components/CreateEventDialog')).CreateEventDialog,
}));
const AdvertisingDialog = lazyOrReload(async () => ({
  default: (await import('@/admin/features/advertising/components/AdvertisingDialog')).AdvertisingDialog,
}));

// The setup checklist above Today for a company not ready for its first booking (ADMIN and above).
const SetupChecklist = lazyOrReload(async () => ({ default: (await import('@/admin/features/settings/components/SetupChecklist')).SetupChecklist }));

// My account alone, for a role that may not open the settings dialog (its other tabs are ADMIN's).
const MyAccountTab = lazyOrReload(async () => ({ default: (await import('@/admin/features/settings/components/MyAccountTab')).MyAccountTab }));

/** Session storage key: the section a reload into a new release opens (AdminUpdate), read once. */
const SECTION_KEY = 'pitlane.admin.sectionAfterUpdate';

function sectionBeforeReload(): Section | null {
  try {
    return sessionStorage.getItem(SECTION_KEY) as Section | null; // checked against the role's sections below
  } catch {
    return null;
  }
}

function rememberSectionBeforeReload(section: Section) {
  try {
    sessionStorage.setItem(SECTION_KEY, section);
  } catch {
    // no session storage: the reload opens the first section
  }
}

function forgetSectionBeforeReload() {
  try {
    sessionStorage.removeItem(SECTION_KEY);
  } catch {
    // nothing kept
  }
}

/**
 * The mutually exclusive sections. Today, the counter's day, comes first and is where every role lands
 * (issue 23; the admin spec had billing first). The events calendar (spec section 2, issue 15) is the
 * last. A role sees only the sections whose calls it may make (admin/lib/roles.ts, the server's role table).
 */
export type { Section } from '@/admin/lib/roles';

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
  const sections = sectionsFor(company.role);
  const phone = usePhone();
  const release = useAdminRelease();
  // After a reload into a new release, the section the staff member was moving to (AdminUpdate).
  const [chosen, setChosen] = useState<Section>(() => sectionBeforeReload() ?? defaultSection(company.role));
  useEffect(forgetSectionBeforeReload, []);
  const section = sections.includes(chosen) ? chosen : defaultSection(company.role);
  const setSection = (value: Section) => {
    if (value === section) return;
    // A new release waiting and nothing unsaved: the switch reloads into it, and opens that section there.
    if (release.reloadAtNavigation(() => rememberSectionBeforeReload(value))) return;
    setChosen(value);
  };
  const [dialog, setDialog] = useState<'createEvent' | 'advertising' | 'account' | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [userName, setUserName] = useState(storedUserName);
  const renamed = (name: string) => {
    saveUserName(name);
    setUserName(name);
  };

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
            userName={userName}
            company={company}
            onLogout={() => void logout()}
            onCreateEvent={() => setDialog('createEvent')}
            onAdvertising={() => setDialog('advertising')}
            onOpenSettings={() => (atLeast(company.role, 'ADMIN') ? setSettingsOpen(true) : setDialog('account'))}
          />
        </Group>
      </header>
      <Stack component="main" className={classes.main} gap="md">
        <nav aria-label={t('shell.sections')} className={classes.sections}>
          {/* On a phone (600 pixels or less) the sections are a menu opened from the current one's name: the
              switch's five names no longer fit and its last one was cut at the screen's edge (issue 25). */}
          {phone ? (
            <Menu position="bottom-start" width={220}>
              <Menu.Target>
                <Button variant="default" rightSection={<ChevronDown />}>
                  {t(`shell.${section}`)}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {sections.map((value) => (
                  <Menu.Item
                    key={value}
                    onClick={() => setSection(value)}
                    aria-current={value === section ? 'true' : undefined}
                    fw={value === section ? 700 : undefined}
                  >
                    {t(`shell.${value}`)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          ) : (
            <SegmentedControl
              value={section}
              onChange={(value) => setSection(value as Section)}
              data={sections.map((value) => ({ value, label: t(`shell.${value}`) }))}
            />
          )}
        </nav>
        <Box key={company.idCompany}>
          <Suspense fallback={<Loader aria-label={t('loading')} />}>
            {section === 'today' && atLeast(company.role, 'ADMIN') && (
              <SetupChecklist idCompany={company.idCompany} publicKey={company.publicKey} onOpenSettings={() => setSettingsOpen(true)} />
            )}
            {section === 'today' && <TodaySection company={company} />}
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
          {dialog === 'account' && (
            <Modal opened onClose={() => setDialog(null)} title={t('shell.myAccount')} size="lg">
              <MyAccountTab onNameChange={renamed} />
            </Modal>
          )}
          {dialog === 'advertising' && company.advertisingActive && atLeast(company.role, 'ADMIN') && (
            <AdvertisingDialog key={company.idCompany} idCompany={company.idCompany} publicKey={company.publicKey} onClose={() => setDialog(null)} />
          )}
        </Suspense>
      </Stack>
      {settingsOpen && (
        <Suspense fallback={null}>
          <SettingsDialog
            key={company.idCompany}
            idCompany={company.idCompany}
            role={company.role}
            onClose={() => {
              setSettingsOpen(false);
              // What the dialog saved may tick a step of the setup checklist.
              void queryClient.invalidateQueries({ queryKey: ['admin', 'setup-checklist'] });
            }}
            onNameChange={renamed}
          />
        </Suspense>
      )}
    </div>
  );
}
