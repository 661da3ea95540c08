import type { AdminCompany } from '@/admin/lib/company';

/** A member's role in a company (docs/architecture.md, "Roles"): DESK < ADMIN < SUPERADMIN. */
export type StaffRole = AdminCompany['role'];

const RANK: Record<StaffRole, number> = { DESK: 1, ADMIN: 2, SUPERADMIN: 3 };

/** Whether the role may do what `min` allows; the server's route table decides, this only hides what would be refused. */
export function atLeast(role: StaffRole, min: StaffRole): boolean {
  return (RANK[role] ?? 0) >= RANK[min];
}

/** The back office's sections, each with the least role whose calls it makes. */
export const SECTION_ROLES = {
  today: 'DESK',
  bookings: 'DESK',
  billing: 'ADMIN',
  kpi: 'ADMIN',
  events: 'ADMIN',
} as const satisfies Record<string, StaffRole>;

export type Section = keyof typeof SECTION_ROLES;

/** The settings dialog's tabs that need more than the dialog itself (ADMIN): the Company tab is the owner's (issue 24);
 * the Team tab is named here so that opening the dialog to DESK one day would not open the team. */
export const SETTINGS_TAB_ROLES = {
  team: 'ADMIN',
  company: 'SUPERADMIN',
} as const satisfies Record<string, StaffRole>;

/** Whether the role may see the settings tab (a tab not listed in SETTINGS_TAB_ROLES needs ADMIN, as the dialog does). */
export function mayOpenSettingsTab(role: StaffRole, tab: string): boolean {
  const min: StaffRole = (SETTINGS_TAB_ROLES as Record<string, StaffRole>)[tab] ?? 'ADMIN';
  return atLeast(role, min);
}

/** The sections the role may open, in the switch's order. */
export function sectionsFor(role: StaffRole): Section[] {
  return (Object.keys(SECTION_ROLES) as Section[]).filter((s) => atLeast(role, SECTION_ROLES[s]));
}

/**
 * The section the back office opens on: Today, the counter's day (issue 23: the staff's landing page, for
 * every role from DESK up; the admin spec's billing-first is superseded), or the first the role may open.
 */
export function defaultSection(role: StaffRole): Section {
  const allowed = sectionsFor(role);
  return allowed.includes('today') ? 'today' : allowed[0];
}
