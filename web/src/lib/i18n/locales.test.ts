import { english, firstPageNamespaces, loadAllLanguages, loadLanguage, namespaces, pageNamespaces } from '@/lib/i18n';
import { LANGUAGES } from '@/lib/i18n/languages';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

// i18next's plural suffixes (key_one, key_other…): a counted phrase has one text per plural category of its
// language, so languages are compared on the base key and each must have the categories its rules use.
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const baseKey = (key: string) => key.replace(PLURAL_SUFFIX, '');
const baseKeys = (texts: Map<string, string>) => [...new Set([...texts.keys()].map(baseKey))].sort();
const pluralBases = (texts: Map<string, string>) => [...new Set([...texts.keys()].filter((k) => PLURAL_SUFFIX.test(k)).map(baseKey))];
const categories = (code: string) => new Intl.PluralRules(code).resolvedOptions().pluralCategories;

// Texts that are rightly the same as the English one in some languages, as namespace:key.
const SAME_AS_ENGLISH: Record<string, string[]> = {
  da: ['translation:booking.documentTitle'], // "Book online" is Danish too
};

const others = LANGUAGES.filter((l) => l.code !== 'en');

// Every language's texts: English is bundled, the others are the chunks the app fetches on demand.
const resources = await loadAllLanguages();

describe.each(namespaces)('namespace %s', (ns) => {
  const english = flatten(resources.en[ns] as Tree);

  describe.each(LANGUAGES)('plural forms in $code', ({ code }) => {
    const locale = flatten((resources[code][ns] ?? {}) as Tree);

    it('has every plural category the language needs for each counted phrase, and no other', () => {
      const needed = [...categories(code)].sort();
      for (const base of pluralBases(english)) {
        const forms = [...locale.keys()].filter((k) => baseKey(k) === base && k !== base).map((k) => k.slice(base.length + 1));
        expect(forms.sort(), `${ns}:${base}`).toEqual(needed);
      }
    });
  });

  describe.each(others)('locale $code', ({ code }) => {
    const locale = flatten((resources[code][ns] ?? {}) as Tree);

    it('has exactly the keys of English (counted phrases by their base key)', () => {
      expect(baseKeys(locale)).toEqual(baseKeys(english));
    });

    it('has no empty text and the same placeholders as English', () => {
      for (const [key, text] of english) {
        if (PLURAL_SUFFIX.test(key)) continue; // plural forms: below
        const translated = locale.get(key) ?? '';
        expect(translated.trim(), key).not.toBe('');
        expect(placeholders(translated), key).toEqual(placeholders(text));
      }
      // A plural form may leave the number out where the language names it in words (Arabic "دقيقتان",
      // two minutes), but has every other placeholder of English's `other` form and nothing else.
      for (const base of pluralBases(english)) {
        const wanted = placeholders(english.get(`${base}_other`) ?? '');
        for (const [key, translated] of locale) {
          if (baseKey(key) !== base || key === base) continue;
          expect(translated.trim(), key).not.toBe('');
          const used = placeholders(translated);
          expect(used.filter((p) => !wanted.includes(p)), key).toEqual([]);
          expect(wanted.filter((p) => p !== 'count' && !used.includes(p)), key).toEqual([]);
        }
      }
    });

    it('is translated rather than copied from English', () => {
      const allowed = new Set(SAME_AS_ENGLISH[code] ?? []);
      const copied = [...english].filter(([key, text]) => locale.get(key) === text && !allowed.has(`${ns}:${key}`));
      expect(copied.map(([key]) => key)).toEqual([]);
    });
  });
});

it('writes every Arabic count of the hold countdown with its own plural form', async () => {
  const { i18n } = await import('@/lib/i18n');
  i18n.addResourceBundle('ar', 'booking', resources.ar.booking, true, true);
  const t = i18n.getFixedT('ar', 'booking');
  const minutes = (count: number) => t('hold.minutes', { count }).split(': ')[1];
  expect(minutes(0)).toBe('0 دقيقة.');
  expect(minutes(1)).toBe('دقيقة واحدة.');
  expect(minutes(2)).toBe('دقيقتان.');
  expect(minutes(3)).toBe('3 دقائق.');
  expect(minutes(11)).toBe('11 دقيقة.');
  expect(minutes(100)).toBe('100 دقيقة.');
});

it('has every language', () => {
  expect(Object.keys(resources).sort()).toEqual(LANGUAGES.map((l) => l.code).sort());
});

it('loads every other language with exactly the namespaces English has', () => {
  // Catches a feature folder added to one of the two lists in index.ts but not to the other.
  for (const { code } of others) expect(Object.keys(resources[code]).sort(), code).toEqual([...namespaces].sort());
});

it('bundles the booking page\'s English texts and fetches the rest', async () => {
  expect(Object.keys(english).sort()).toEqual(
    ['translation', 'components', 'booking', 'problemReport', 'liveViewers', 'appUpdate'].sort(),
  );
  expect(firstPageNamespaces).toEqual(Object.keys(english));
  expect(resources.en.terms).toBeDefined(); // another page's texts, fetched on demand
  // The wizard's later stages' texts are fetched with those stages, not with the first download nor
  // with every other page's texts.
  expect(resources.en.bookingSteps).toBeDefined();
  expect(pageNamespaces).not.toContain('bookingSteps');
  expect((await loadLanguage('es')).booking).toBe(resources.es.booking); // fetched once, then kept
  await expect(loadLanguage('xx')).rejects.toThrow();
});

it('registers the feature namespaces', () => {
  expect(namespaces).toEqual(expect.arrayContaining(['translation', 'components', 'cancel', 'problemReport']));
});
