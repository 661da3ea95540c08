import { LANGUAGES } from '@/lib/i18n/languages';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('/src/admin/features/settings/locales/*.json', { eager: true, import: 'default' });
const byLanguage = new Map(Object.entries(files).map(([path, tree]) => [/([a-z]{2})\.json$/.exec(path)?.[1] ?? path, tree]));

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
const english = flatten(byLanguage.get('en') ?? {});

describe('the settings texts', () => {
  it('exist in the seven interface languages and no other', () => {
    expect([...byLanguage.keys()].sort()).toEqual(LANGUAGES.map((l) => l.code).sort());
    expect(english.size).toBeGreaterThan(20);
  });

  it.each(LANGUAGES.filter((l) => l.code !== 'en').map((l) => l.code))('%s has the keys and placeholders of English, translated', (code) => {
    const texts = flatten(byLanguage.get(code) ?? {});
    expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of english) {
      const translated = texts.get(key) ?? '';
      expect(translated.trim(), key).not.toBe('');
      expect(placeholders(translated), key).toEqual(placeholders(text));
      expect(translated, key).not.toBe(text);
    }
  });
});
