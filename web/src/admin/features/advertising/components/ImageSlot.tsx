import { Button, Image, Stack, Text } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { uploadPubliPhoto } from '@/admin/features/advertising/api/advertising';
import { useAdvertisingTexts } from '@/admin/features/advertising/hooks/useAdvertisingTexts';
import { checkAdImage, toBase64 } from '@/admin/features/advertising/utils/png';
import { toast } from '@/lib/toast';

/** One of the four advertising images. */
export type Slot = 'imgLeftDefault' | 'imgRightDefault' | 'imgLeftENG' | 'imgRightENG';

interface ImageSlotProps {
  slot: Slot;
  idCompany: number;
  url: string | null;
  onChange: (url: string | null) => void;
  /** Told when an upload starts and ends (accept waits for it). */
  onBusy: (busy: boolean) => void;
}

/**
 * One advertising image: what is stored now, a button that opens the file chooser, and remove. A chosen file is checked from its
 * bytes (admin spec section 5): not a PNG is ignored silently; larger than 0.5 MB or not 300×700 pixels
 * is refused with a toast; otherwise it is uploaded at once and its stored address replaces the image.
 */
export function ImageSlot({ slot, idCompany, url, onChange, onBusy }: ImageSlotProps) {
  const { t } = useAdvertisingTexts();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const name = t(`slots.${slot}`);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const bytes = new Uint8Array(await file.arrayBuffer());
    const problem = checkAdImage(bytes);
    if (problem === 'notPng') return;
    if (problem) {
      toast(t(problem === 'tooLarge' ? 'tooLarge' : 'wrongSize'), 'orange');
      return;
    }
    setBusy(true);
    onBusy(true);
    try {
      onChange(await uploadPubliPhoto(idCompany, slot, toBase64(bytes)));
    } catch {
      toast(t('uploadFailed'));
    } finally {
      setBusy(false);
      onBusy(false);
    }
  };

  return (
    <Stack gap={6} align="flex-start" data-testid={`slot-${slot}`}>
      <Text component="label" htmlFor={id} fw={500} size="sm">
        {name}
      </Text>
      {url ? (
        <Image src={url} alt={t('current', { slot: name })} w={90} h={210} fit="contain" radius="sm" bg="gray.1" />
      ) : (
        <Text size="sm" c="gray.7" h={210} w={90} style={{ display: 'flex', alignItems: 'center' }}>
          {t('none')}
        </Text>
      )}
      {/* The browser's own file control speaks the browser's language, not the back office's: it is
          hidden, and a translated button opens it (the label still names the input). */}
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/png"
        disabled={busy}
        hidden
        onChange={(event) => {
          const input = event.currentTarget;
          void choose(input.files?.[0]).finally(() => {
            input.value = ''; // the same file can be chosen again
          });
        }}
      />
      <Button size="compact-sm" variant="light" disabled={busy} onClick={() => input.current?.click()} aria-label={t('chooseFor', { slot: name })}>
        {t('choose')}
      </Button>
      {busy && (
        <Text size="xs" c="gray.7" role="status">
          {t('uploading')}
        </Text>
      )}
      {url && !busy && (
        <Button size="compact-sm" variant="subtle" color="red.9" onClick={() => onChange(null)} aria-label={t('remove', { slot: name })}>
          {t('removeShort')}
        </Button>
      )}
    </Stack>
  );
}
