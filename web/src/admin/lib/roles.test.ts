import { atLeast, defaultSection, mayOpenSettingsTab, sectionsFor } from '@/admin/lib/roles';

describe('the role table', () => {
  it('ranks DESK below ADMIN below SUPERADMIN', () => {
    expect(atLeast('DESK', 'DESK')).toBe(true);
    expect(atLeast('DESK', 'ADMIN')).toBe(false);
    expect(atLeast('ADMIN', 'DESK')).toBe(true);
    expect(atLeast('ADMIN', 'SUPERADMIN')).toBe(false);
    expect(atLeast('SUPERADMIN', 'ADMIN')).toBe(true);
  });

  it('gives the counter the bookings only, and opens the others on billing', () => {
    expect(sectionsFor('DESK')).toEqual(['bookings']);
    expect(defaultSection('DESK')).toBe('bookings');
    expect(sectionsFor('ADMIN')).toEqual(['bookings', 'billing', 'kpi', 'events']);
    expect(defaultSection('ADMIN')).toBe('billing');
    expect(defaultSection('SUPERADMIN')).toBe('billing');
  });

  it('shows the Team tab of the settings to ADMIN and above only', () => {
    expect(mayOpenSettingsTab('DESK', 'team')).toBe(false);
    expect(mayOpenSettingsTab('ADMIN', 'team')).toBe(true);
    expect(mayOpenSettingsTab('SUPERADMIN', 'team')).toBe(true);
    expect(mayOpenSettingsTab('DESK', 'account')).toBe(false);
  });
});
