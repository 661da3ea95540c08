import { atLeast, defaultSection, mayOpenSettingsTab, sectionsFor } from '@/admin/lib/roles';

describe('the role table', () => {
  it('ranks DESK below ADMIN below SUPERADMIN', () => {
    expect(atLeast('DESK', 'DESK')).toBe(true);
    expect(atLeast('DESK', 'ADMIN')).toBe(false);
    expect(atLeast('ADMIN', 'DESK')).toBe(true);
    expect(atLeast('ADMIN', 'SUPERADMIN')).toBe(false);
    expect(atLeast('SUPERADMIN', 'ADMIN')).toBe(true);
  });

  it('gives the counter Today and the bookings, and opens every role on Today', () => {
    expect(sectionsFor('DESK')).toEqual(['today', 'bookings']);
    expect(defaultSection('DESK')).toBe('today');
    expect(sectionsFor('ADMIN')).toEqual(['today', 'bookings', 'billing', 'kpi', 'events']);
    expect(defaultSection('ADMIN')).toBe('today');
    expect(defaultSection('SUPERADMIN')).toBe('today');
  });

  it('shows the Team tab of the settings to ADMIN and above only', () => {
    expect(mayOpenSettingsTab('DESK', 'team')).toBe(false);
    expect(mayOpenSettingsTab('ADMIN', 'team')).toBe(true);
    expect(mayOpenSettingsTab('SUPERADMIN', 'team')).toBe(true);
    expect(mayOpenSettingsTab('DESK', 'account')).toBe(false);
  });
});
