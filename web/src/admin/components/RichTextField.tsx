import { Input, Loader } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyOrReload } from '@/admin/lib/chunk-reload';

/** What a rich-text field takes: its HTML value and what a form field takes. */
export interface RichTextFieldProps {
  label: string;
  /** The HTML; '' when empty. */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  error?: ReactNode;
  description?: ReactNode;
  withAsterisk?: boolean;
  /** The language the text is written in (a culture such as es-ES). */
  lang?: string;
  minHeight?: number;
}

// tiptap and ProseMirror come with the first rich-text field shown, not with the back office.
const Editor = lazyOrReload(() => import('@/admin/components/RichTextEditorField'));

/** A rich-text field (bold, italic, headings, lists, links) whose editor is loaded on first use. */
export function RichTextField(props: RichTextFieldProps) {
  const { t } = useTranslation('admin');
  return (
    <Suspense
      fallback={
        <Input.Wrapper label={props.label} withAsterisk={props.withAsterisk}>
          <Loader size="sm" aria-label={t('loading')} />
        </Input.Wrapper>
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}
