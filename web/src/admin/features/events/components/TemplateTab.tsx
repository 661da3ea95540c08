import { Box, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useFormContext, useWatch } from 'react-hook-form';
import { usePreviewTemplate } from '@/admin/features/events/api/preview-template';
import { useEventsTexts } from '@/admin/features/events/hooks/useEventsTexts';
import { useFieldError } from '@/admin/features/events/hooks/useFieldError';
import type { EventFormValues } from '@/admin/features/events/utils/event-form';

interface TemplateTabProps {
  idCompany: number;
}

/**
 * The template tab: the event page's HTML in a plain editor and its live preview. The preview is the
 * server's answer (POST /api/event/previewTemplate): the HTML sanitised exactly as createFullEvent will
 * store it (no scripts, event handlers or javascript: URLs), asked for once typing pauses. It is shown in a
 * sandboxed frame all the same (`sandbox=""`: no scripts, no forms, no navigation of this page), a second
 * defence. When the server cannot answer, a short note says the preview is unavailable.
 */
export function TemplateTab({ idCompany }: TemplateTabProps) {
  const { t } = useEventsTexts();
  const { register, control } = useFormContext<EventFormValues>();
  const error = useFieldError();
  const html = useWatch({ control, name: 'templateHtml' }) ?? '';
  const preview = usePreviewTemplate(idCompany, html);
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
        {preview.unavailable && (
          <Text size="sm" c="red.8" role="status">
            {t('template.previewUnavailable')}
          </Text>
        )}
        <Box
          component="iframe"
          title={t('template.previewTitle')}
          sandbox=""
          srcDoc={preview.html}
          referrerPolicy="no-referrer"
          aria-busy={preview.pending}
          style={{ width: '100%', minHeight: 320, border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4, background: 'white' }}
        />
      </Stack>
    </SimpleGrid>
  );
}
