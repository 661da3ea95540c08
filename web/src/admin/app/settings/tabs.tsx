import type { ReactNode } from 'react';
import { CatalogTab } from '@/admin/app/settings/CatalogTabs';
import { CompanyTab } from '@/admin/features/settings/components/CompanyTab';
import { GeneralScheduleTab } from '@/admin/features/settings/components/GeneralScheduleTab';
import { GeneralTab } from '@/admin/features/settings/components/GeneralTab';
import { InstallationsTab } from '@/admin/features/settings/components/InstallationsTab';
import { MyAccountTab } from '@/admin/features/settings/components/MyAccountTab';
import { SpecialScheduleTab } from '@/admin/features/settings/components/SpecialScheduleTab';
import { TermsTab } from '@/admin/features/settings/components/TermsTab';
import { WaitlistTab } from '@/admin/features/settings/components/WaitlistTab';
import { WeeklyScheduleTab } from '@/admin/features/settings/components/WeeklyScheduleTab';
import type { SettingsState } from '@/admin/features/settings/hooks/useSettings';
import { TeamTab } from '@/admin/features/team/components/TeamTab';
import type { StaffRole } from '@/admin/lib/roles';

/** What a tab gets: the company and the dialog's settings state (tabs 2–5 edit its drafts). */
export interface SettingsTabContext {
  idCompany: number;
  /** The user's role in the company (the Team tab hides what it would refuse). */
  role: StaffRole;
  state: SettingsState;
  /** Called with the user's new name after My account saved it (the top bar's initials follow). */
  onNameChange?: (name: string) => void;
}

/** One entry of the settings dialog's vertical tabs (admin spec section 2), by its spec id. */
export interface SettingsTabEntry {
  id: number;
  /** Its label's key in the settings namespace (tabs.*). */
  label: 'account' | 'general' | 'weekly' | 'special' | 'generalSchedule' | 'products' | 'packs' | 'categories' | 'confirmation' | 'team' | 'terms' | 'waitlist' | 'company' | 'installations';
  render: (ctx: SettingsTabContext) => ReactNode;
  /** Tabs that save on their own (products, packs) hide the Cancel/Save bar. */
  hideSaveBar?: boolean;
  disabled?: boolean;
}

// The catalogue's tabs: the catalogue feature's components with the company and its variants.
const ProductsTabEntry = ({ idCompany }: SettingsTabContext) => <CatalogTab idCompany={idCompany} tab="products" />;
const PacksTabEntry = ({ idCompany }: SettingsTabContext) => <CatalogTab idCompany={idCompany} tab="packs" />;
const CategoriesTabEntry = ({ idCompany }: SettingsTabContext) => <CatalogTab idCompany={idCompany} tab="categories" />;

/** The dialog's tabs 1–12 in order; 2 (General) opens first, 9 is disabled; 10 (Team) and 11 (Terms, both issue 24) show to the roles of roles.ts; 12 is the waiting list (issue 27); 13 (Installations) and 14 (Company, SUPERADMIN only) are issue 24's. */
export const SETTINGS_TABS: SettingsTabEntry[] = [
  { id: 1, label: 'account', render: ({ onNameChange }) => <MyAccountTab onNameChange={onNameChange} /> },
  { id: 2, label: 'general', render: ({ state }) => <GeneralTab state={state} /> },
  { id: 3, label: 'weekly', render: ({ state }) => <WeeklyScheduleTab state={state} /> },
  { id: 4, label: 'special', render: ({ state }) => <SpecialScheduleTab state={state} /> },
  { id: 5, label: 'generalSchedule', render: ({ state }) => <GeneralScheduleTab state={state} /> },
  { id: 6, label: 'products', render: ProductsTabEntry, hideSaveBar: true },
  { id: 7, label: 'packs', render: PacksTabEntry, hideSaveBar: true },
  { id: 8, label: 'categories', render: CategoriesTabEntry },
  { id: 9, label: 'confirmation', render: () => null, disabled: true },
  { id: 10, label: 'team', render: ({ idCompany, role }) => <TeamTab idCompany={idCompany} role={role} />, hideSaveBar: true },
  { id: 11, label: 'terms', render: ({ idCompany }) => <TermsTab idCompany={idCompany} />, hideSaveBar: true },
  { id: 12, label: 'waitlist', render: ({ idCompany }) => <WaitlistTab idCompany={idCompany} />, hideSaveBar: true },
  { id: 13, label: 'installations', render: ({ idCompany, state }) => <InstallationsTab idCompany={idCompany} state={state} />, hideSaveBar: true },
  { id: 14, label: 'company', render: ({ idCompany }) => <CompanyTab idCompany={idCompany} />, hideSaveBar: true },
];

/** The tab the dialog opens on (admin spec section 9). */
export const DEFAULT_TAB = 2;
