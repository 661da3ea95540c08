import '@mantine/tiptap/styles.css';
import { Button, Group, Input, Textarea } from '@mantine/core';
import { Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RichTextFieldProps } from '@/admin/components/RichTextField';

/** The editor's HTML, '' when it holds nothing but an empty paragraph. */
function htmlOf(editor: { isEmpty: boolean; getHTML: () => string }): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

/**
 * The rich-text editor (Mantine's tiptap editor with tiptap's starter kit and links), loaded as its own
 * chunk by RichTextField. Every paragraph runs in its own text's direction (`dir="auto"`, tiptap's
 * textDirection), so Arabic and Latin text sit right whatever the interface language. "HTML" switches to the
 * source, written left to right; what is kept is decided by the server, which sanitises every text it stores.
 */
export default function RichTextEditorField({ label, value, onChange, onBlur, error, description, withAsterisk, lang, minHeight = 220 }: RichTextFieldProps) {
  const { t } = useTranslation('admin');
  const labelId = useId();
  const errorId = useId();
  const [source, setSource] = useState(false);
  const labels = useMemo<Partial<RichTextEditorLabels>>(
    () => ({
      boldControlLabel: t('richText.bold'),
      italicControlLabel: t('richText.italic'),
      underlineControlLabel: t('richText.underline'),
      strikeControlLabel: t('richText.strike'),
      clearFormattingControlLabel: t('richText.clearFormatting'),
      h2ControlLabel: t('richText.heading2'),
      h3ControlLabel: t('richText.heading3'),
      bulletListControlLabel: t('richText.bulletList'),
      orderedListControlLabel: t('richText.orderedList'),
      blockquoteControlLabel: t('richText.blockquote'),
      linkControlLabel: t('richText.link'),
      unlinkControlLabel: t('richText.unlink'),
      undoControlLabel: t('richText.undo'),
      redoControlLabel: t('richText.redo'),
      linkEditorInputLabel: t('richText.linkAddress'),
      linkEditorInputPlaceholder: 'https://example.com/',
      linkEditorExternalLink: t('richText.linkNewTab'),
      linkEditorInternalLink: t('richText.linkSameTab'),
      linkEditorSave: t('richText.linkSave'),
    }),
    [t],
  );
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link],
    content: value,
    textDirection: 'auto',
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        dir: 'auto',
        ...(lang ? { lang } : {}),
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(htmlOf(e)),
    onBlur: () => onBlur?.(),
  });

  // A value set from outside (the form cleared, a starting text adopted) replaces what the editor shows.
  useEffect(() => {
    if (!editor || editor.isDestroyed || source) return;
    if (value !== htmlOf(editor)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value, source]);

  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      labelProps={{ id: labelId }}
      description={description}
      withAsterisk={withAsterisk}
      error={error}
      errorProps={{ id: errorId }}
    >
      <Group justify="flex-end" mb={4}>
        <Button size="compact-xs" variant={source ? 'filled' : 'default'} aria-pressed={source} onClick={() => setSource((s) => !s)}>
          {t('richText.source')}
        </Button>
      </Group>
      {source ? (
        <Textarea
          aria-label={t('richText.sourceOf', { field: label })}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          onBlur={onBlur}
          dir="ltr"
          spellCheck={false}
          rows={14}
          resize="vertical"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
        />
      ) : (
        <RichTextEditor editor={editor} labels={labels} style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}>
          <RichTextEditor.Toolbar>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Bold />
              <RichTextEditor.Italic />
              <RichTextEditor.Underline />
              <RichTextEditor.Strikethrough />
              <RichTextEditor.ClearFormatting />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.H2 />
              <RichTextEditor.H3 />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.BulletList />
              <RichTextEditor.OrderedList />
              <RichTextEditor.Blockquote />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Link />
              <RichTextEditor.Unlink />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Undo />
              <RichTextEditor.Redo />
            </RichTextEditor.ControlsGroup>
          </RichTextEditor.Toolbar>
          <RichTextEditor.Content style={{ minHeight }} />
        </RichTextEditor>
      )}
    </Input.Wrapper>
  );
}
