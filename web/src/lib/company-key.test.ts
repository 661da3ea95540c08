import { COMPANY_KEY_STORAGE_KEY, isCompanyKey, lastCompanyKey, rememberCompanyKey, resolveCompanyKey } from '@/lib/company-key';

describe('company key', () => {
  beforeEach(() => sessionStorage.clear());

  it('remembers the company for the session under pitlane.companyKey', () => {
    expect(lastCompanyKey()).toBeNull();
    rememberCompanyKey('demo-norte');
    expect(sessionStorage.getItem(COMPANY_KEY_STORAGE_KEY)).toBe('demo-norte');
    expect(COMPANY_KEY_STORAGE_KEY).toBe('pitlane.companyKey');
    expect(lastCompanyKey()).toBe('demo-norte');
  });

  it('ignores what cannot be a key, stored or given', () => {
    rememberCompanyKey('');
    expect(sessionStorage.getItem(COMPANY_KEY_STORAGE_KEY)).toBeNull();
    sessionStorage.setItem(COMPANY_KEY_STORAGE_KEY, 'x'.repeat(201));
    expect(lastCompanyKey()).toBeNull();
    expect(isCompanyKey('x'.repeat(200))).toBe(true);
    expect(isCompanyKey(42)).toBe(false);
  });

  it('takes the first valid candidate, else the remembered company', () => {
    rememberCompanyKey('remembered');
    expect(resolveCompanyKey('from-server', 'from-query')).toBe('from-server');
    expect(resolveCompanyKey(undefined, 'from-query')).toBe('from-query');
    expect(resolveCompanyKey(null, '')).toBe('remembered');
  });

  it('degrades quietly when storage is disabled', () => {
    const get = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const set = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => rememberCompanyKey('demo')).not.toThrow();
    expect(lastCompanyKey()).toBeNull();
    get.mockRestore();
    set.mockRestore();
  });
});
