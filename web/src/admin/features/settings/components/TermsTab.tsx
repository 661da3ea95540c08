import { Alert, Badge, Button, Group, Loader, NativeSelect, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchStarterTerms, fetchTerms, saveTerms } from '@/admin/features/settings/api/terms';
import { settingsToast } from '@/admin/features/settings/utils/toasts';
import { RichTextField } from '@/admin/components/RichTextField';
import { ApiError } from '@/lib/api/errors';
import { findLanguage, LANGUAGES } from '@/lib/i18n/languages';

/**
 * The settings dialog's Terms tab (issue 24; ADMIN and above): the terms and conditions customers accept
 * when they book, one text per language, in a rich-text editor (headings, bold, lists, links; the server
 * sanitises what it stores and serves). A language without a text shows the neutral starting text to adopt and adapt; the
 * booking page falls back to English, then to the company's default language, when the visitor's has none.
 */
export function TermsTab({ idCompany }: { idCompany: number }) {
  const { t, i18n } = useTranslation('settings');
  const list = useQuery({ queryKey: ['terms', idCompany], queryFn: ({ signal }) => fetchTerms(idCompany, signal) });
  const [culture, setCulture] = useState(() => findLanguage(i18n.resolvedLanguage ?? i18n.language)?.culture ?? 'en-GB');
  const name = languageNames(i18n.resolvedLanguage ?? i18n.language);

  if (list.isPending) return <Loader aria-label={t('terms.loading')} />;
  if (list.isError) return <Alert color="red">{t('failed')}</Alert>;

  const written = new Set(list.data.terms.map((x) => x.culture));
  const saved = list.data.terms.find((x) => x.culture === culture)?.text;

  return (
    <Stack gap="md">
      <Text size="sm">{t('terms.intro')}</Text>
      <Group gap="xs" aria-label={t('terms.written')} role="list">
        {LANGUAGES.map((l) => (
          <Badge
            key={l.culture}
            role="listitem"
            // Filled and dark enough for white text to read (WCAG AA); the light variants' green was not.
            color={written.has(l.culture) ? 'teal.9' : 'gray.7'}
            variant="filled"
          >
            {`${name(l.code, l.label)}: ${written.has(l.culture) ? t('terms.has') : t('terms.none')}`}
          </Badge>
        ))}
      </Group>
      <NativeSelect
        label={t('terms.language')}
        value={culture}
        onChange={(e) => setCulture(e.currentTarget.value)}
        data={LANGUAGES.map((l) => ({ value: l.culture, label: name(l.code, l.label) }))}
        maw={280}
      />
      {/* A fresh editor for each language and each saved text: it starts from what is saved. */}
      <TermsEditor key={`${culture}\n${saved ?? ''}`} idCompany={idCompany} culture={culture} saved={saved} />
    </Stack>
  );
}

/** One language's text: the neutral text to adopt when there is none, the editor, save and remove. */
function TermsEditor({ idCompany, culture, saved }: { idCompany: number; culture: string; saved?: string }) {
  const { t, i18n } = useTranslation('settings');
  const queryClient = useQueryClient();
  const [text, setText] = useState(saved ?? '');
  const [starting, setStarting] = useState(false);
  const language = findLanguage(culture);

  const save = useMutation({
    mutationFn: (value: string) => saveTerms(idCompany, { culture, text: value }),
    onSuccess: (data, value) => {
      queryClient.setQueryData(['terms', idCompany], data);
      settingsToast(value.trim() ? t('terms.saved') : t('terms.removed'), 'success');
    },
    onError: (e) => settingsToast(e instanceof ApiError && e.status === 422 ? t('terms.invalid') : t('failed'), 'error'),
  });

  const adopt = async () => {
    setStarting(true);
    try {
      const starter = await fetchStarterTerms(idCompany, culture);
      setText(starter.text);
    } catch {
      settingsToast(t('failed'), 'error');
    } finally {
      setStarting(false);
    }
  };

  const dirty = text.trim() !== (saved ?? '');

  return (
    <>
      {saved === undefined && (
        <Alert color="blue" variant="light">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('terms.noneYet')}</Text>
            <Button size="xs" variant="light" loading={starting} onClick={() => void adopt()}>
              {t('terms.adopt')}
            </Button>
            <Text size="xs" c="dimmed">
              {t('terms.notAdvice')}
            </Text>
          </Stack>
        </Alert>
      )}
      <RichTextField
        label={t('terms.text', { language: language ? languageNames(i18n.resolvedLanguage ?? i18n.language)(language.code, language.label) : culture })}
        value={text}
        onChange={setText}
        lang={culture}
        minHeight={320}
      />
      <Group justify="flex-end">
        {saved !== undefined && (
          <Button variant="default" color="red" onClick={() => save.mutate('')} loading={save.isPending && save.variables === ''}>
            {t('terms.remove')}
          </Button>
        )}
        <Button onClick={() => save.mutate(text)} disabled={!dirty || !text.trim()} loading={save.isPending && save.variables !== ''}>
          {t('terms.save')}
        </Button>
      </Group>
    </>
  );
}

/** The languages' names in the interface language ("Spanish", "الإسبانية"): the terms are chosen by
 * language in the admin's own words; the endonym when the browser cannot name it. */
function languageNames(uiLanguage: string): (code: string, fallback: string) => string {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([uiLanguage], { type: 'language' });
  } catch {
    names = undefined;
  }
  return (code, fallback) => names?.of(code) ?? fallback;
}
