import { Box, SimpleGrid, Stack, Text } from '@mantine/core';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { RichTextField } from '@/admin/components/RichTextField';
import { usePreviewTemplate } from '@/admin/features/events/api/preview-template';
import { useEventsTexts } from '@/admin/features/events/hooks/useEventsTexts';
import { useFieldError } from '@/admin/features/events/hooks/useFieldError';
import type { EventFormValues } from '@/admin/features/events/utils/event-form';

interface TemplateTabProps {
  idCompany: number;
}

/**
 * The template tab: the event page's text in a rich-text editor (with its HTML a click away) and its live
 * preview. The preview is the
 * server's answer (POST /api/event/previewTemplate): the HTML sanitised exactly as createFullEvent will
 * store it (no scripts, event handlers or javascript: URLs), asked for once typing pauses. It is shown in a
 * sandboxed frame all the same (`sandbox=""`: no scripts, no forms, no navigation of this page), a second
 * defence. When the server cannot answer, a short note says the preview is unavailable.
 */
export function TemplateTab({ idCompany }: TemplateTabProps) {
  const { t } = useEventsTexts();
  const { control } = useFormContext<EventFormValues>();
  const error = useFieldError();
  const html = useWatch({ control, name: 'templateHtml' }) ?? '';
  const preview = usePreviewTemplate(idCompany, html);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Controller
        control={control}
        name="templateHtml"
        render={({ field }) => (
          <RichTextField
            label={t('template.html')}
            description={t('template.hint')}
            withAsterisk
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={error('templateHtml')}
            minHeight={280}
          />
        )}
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
