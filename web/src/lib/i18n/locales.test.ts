import { english, firstPageNamespaces, loadAllLanguages, loadLanguage, namespaces } from '@/lib/i18n';
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

// Texts that are rightly the same as the English one in some languages, as namespace:key.
const SAME_AS_ENGLISH: Record<string, string[]> = {
  da: ['translation:booking.documentTitle'], // "Book online" is Danish too
};

const others = LANGUAGES.filter((l) => l.code !== 'en');

// Every language's texts: English is bundled, the others are the chunks the app fetches on demand.
const resources = await loadAllLanguages();

describe.each(namespaces)('namespace %s', (ns) => {
  const english = flatten(resources.en[ns] as Tree);

  describe.each(others)('locale $code', ({ code }) => {
    const locale = flatten((resources[code][ns] ?? {}) as Tree);

    it('has exactly the keys of English', () => {
      expect([...locale.keys()].sort()).toEqual([...english.keys()].sort());
    });

    it('has no empty text and the same placeholders as English', () => {
      for (const [key, text] of english) {
        const translated = locale.get(key) ?? '';
        expect(translated.trim(), key).not.toBe('');
        expect(placeholders(translated), key).toEqual(placeholders(text));
      }
    });

    it('is translated rather than copied from English', () => {
      const allowed = new Set(SAME_AS_ENGLISH[code] ?? []);
      const copied = [...english].filter(([key, text]) => locale.get(key) === text && !allowed.has(`${ns}:${key}`));
      expect(copied.map(([key]) => key)).toEqual([]);
    });
  });
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
  expect((await loadLanguage('es')).booking).toBe(resources.es.booking); // fetched once, then kept
  await expect(loadLanguage('xx')).rejects.toThrow();
});

it('registers the feature namespaces', () => {
  expect(namespaces).toEqual(expect.arrayContaining(['translation', 'components', 'cancel', 'problemReport']));
});
