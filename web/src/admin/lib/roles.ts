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
  bookings: 'DESK',
  billing: 'ADMIN',
  kpi: 'ADMIN',
  events: 'ADMIN',
} as const satisfies Record<string, StaffRole>;

export type Section = keyof typeof SECTION_ROLES;

/** The sections the role may open, in the switch's order. */
export function sectionsFor(role: StaffRole): Section[] {
  return (Object.keys(SECTION_ROLES) as Section[]).filter((s) => atLeast(role, SECTION_ROLES[s]));
}

/** The section the back office opens on: billing (admin spec section 2), or the first the role may open. */
export function defaultSection(role: StaffRole): Section {
  const allowed = sectionsFor(role);
  return allowed.includes('billing') ? 'billing' : allowed[0];
}
