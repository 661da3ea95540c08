import { Box, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useFormContext, useWatch } from 'react-hook-form';
import { useEventsTexts } from '@/admin/features/events/hooks/useEventsTexts';
import { useFieldError } from '@/admin/features/events/hooks/useFieldError';
import type { EventFormValues } from '@/admin/features/events/utils/event-form';

/**
 * The template tab: the event page's HTML in a plain editor and its live preview. The server stores the
 * HTML sanitised (no scripts, event handlers or javascript: URLs) and the contract has no preview call,
 * so the preview is a sandboxed frame (`sandbox=""`: no scripts, no forms, no navigation of this page):
 * what would be removed cannot run here either.
 */
export function TemplateTab() {
  const { t } = useEventsTexts();
  const { register, control } = useFormContext<EventFormValues>();
  const error = useFieldError();
  const html = useWatch({ control, name: 'templateHtml' });
  const [preview] = useDebouncedValue(html, 300);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Textarea
        label={t('template.html')}
        withAsterisk
        rows={16}
        spellCheck={false}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
        {...register('templateHtml')}
        error={error('templateHtml')}
      />
      <Stack gap={4}>
        <Text fw={500} size="sm" id="event-template-preview">
          {t('template.preview')}
        </Text>
        <Text size="xs" c="gray.7">
          {t('template.previewHint')}
        </Text>
        <Box
          component="iframe"
          title={t('template.previewTitle')}
          sandbox=""
          srcDoc={preview}
          referrerPolicy="no-referrer"
          style={{ width: '100%', minHeight: 320, border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4, background: 'white' }}
        />
      </Stack>
    </SimpleGrid>
  );
}
