import { decodeCompany, encodeCompany, hasStoredSession, saveSignIn } from '@/admin/lib/session';

describe('the stored sign-in', () => {
  it('keeps a counter (DESK) member signed in like the other roles', () => {
    for (const role of ['DESK', 'ADMIN', 'SUPERADMIN'] as const) {
      const c = { idCompany: 3, companyName: 'Fjord: Karting', role };
      expect(decodeCompany(encodeCompany(c))).toEqual(c);
    }
    expect(decodeCompany('3:Fjord:OWNER')).toBeUndefined();
    saveSignIn([{ idCompany: 3, companyName: 'Fjord Karting', role: 'DESK' }], 'Desk Person');
    expect(hasStoredSession()).toBe(true);
  });
});
