import { adminNamespaceOf, adminNamespaces, loadAllAdminTexts } from '@/admin/lib/i18n';
import type { LocaleTree } from '@/lib/i18n';
import { LANGUAGES } from '@/lib/i18n/languages';

function flatten(tree: LocaleTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

// Every back-office locale file (src/admin/locales and src/admin/features/*/locales), as the app loads them.
const texts = await loadAllAdminTexts();

describe('back-office locale files', () => {
  it('are named after their folder', () => {
    expect(adminNamespaceOf('/src/admin/locales/en.json')).toBe('admin');
    expect(adminNamespaceOf('/src/admin/features/bookings/locales/es.json')).toBe('bookings');
    expect(adminNamespaceOf('/src/admin/features/audit-log/locales/es.json')).toBe('auditLog');
    expect(adminNamespaces).toEqual(expect.arrayContaining(['admin', 'bookings', 'billing', 'kpi']));
  });

  it('exist in all seven languages for every namespace', () => {
    expect(Object.keys(texts).sort()).toEqual(LANGUAGES.map((l) => l.code).sort());
    for (const { code } of LANGUAGES) expect(Object.keys(texts[code]).sort()).toEqual([...adminNamespaces].sort());
  });
});

describe.each(adminNamespaces)('namespace %s', (ns) => {
  const english = flatten(texts.en[ns]);

  describe.each(LANGUAGES.filter((l) => l.code !== 'en'))('locale $code', ({ code }) => {
    const locale = flatten(texts[code]?.[ns] ?? {});

    it('has exactly the keys of English', () => {
      expect([...locale.keys()].sort()).toEqual([...english.keys()].sort());
    });

    it('has no empty text and the same placeholders as English', () => {
      for (const [key, text] of english) {
        const translated = locale.get(key) ?? '';
        expect(translated.trim(), `${code} ${ns}:${key}`).not.toBe('');
        expect(placeholders(translated), `${code} ${ns}:${key}`).toEqual(placeholders(text));
      }
    });

    it('is translated: at most a few texts equal the English (shared words like Status, Online, Total)', () => {
      const copied = [...english].filter(([key, text]) => locale.get(key) === text).map(([key]) => key);
      expect(copied.length, `${code} ${ns}: texts equal to English: ${copied.join(', ')}`).toBeLessThanOrEqual(Math.max(2, english.size / 5));
    });
  });
});
