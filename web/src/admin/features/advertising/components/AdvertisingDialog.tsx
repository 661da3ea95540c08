import { Button, Center, Group, Loader, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { publiQueryOptions, useUpdatePubli, type StoredAdvertising } from '@/admin/features/advertising/api/advertising';
import { ImageSlot, type Slot } from '@/admin/features/advertising/components/ImageSlot';
import { KioskAddress } from '@/admin/features/advertising/components/KioskAddress';
import { isIdlePeriod, KioskFields } from '@/admin/features/advertising/components/KioskFields';
import { useAdvertisingTexts } from '@/admin/features/advertising/hooks/useAdvertisingTexts';
import { serverFieldErrors } from '@/lib/api/field-errors';
import { toast } from '@/lib/toast';
import classes from '@/admin/features/advertising/components/AdvertisingDialog.module.css';

const SLOTS: Slot[] = ['imgLeftDefault', 'imgRightDefault', 'imgLeftENG', 'imgRightENG'];

/** An http(s) address, or empty (none): what the server accepts as a hyperlink. */
export function isLink(text: string): boolean {
  if (text.trim() === '') return true;
  try {
    const url = new URL(text.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
  } catch {
    return false;
  }
}

interface AdvertisingDialogProps {
  idCompany: number;
  /** The company's public key: the kiosk's address is /kiosk/{publicKey}. */
  publicKey: string;
  onClose: () => void;
}

/**
 * The advertising dialog (admin spec sections 2, 5 and 8): the kiosk's left and right images for the
 * default language and the English variant (each a 300×700 PNG of at most 0.5 MB, uploaded when chosen),
 * the left and right hyperlinks, cancel and accept. Accept saves; success toasts 'updated ok' and closes,
 * a failure toasts 'Ad update failed' and leaves the dialog open (the server's field errors on their fields).
 * It also holds the kiosk's settings (language and idle period, KioskFields): the kiosk page is where these
 * images are shown, and the same call (POST /api/company/updatePubli) saves them.
 */
export function AdvertisingDialog({ idCompany, publicKey, onClose }: AdvertisingDialogProps) {
  const { t } = useAdvertisingTexts();
  const stored = useQuery(publiQueryOptions(idCompany));
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('title')}
      size="xl"
      closeButtonProps={{ 'aria-label': t('cancel') }}
      classNames={{ content: classes.content }}
    >
      {stored.data ? (
        <AdvertisingForm idCompany={idCompany} publicKey={publicKey} stored={stored.data} onClose={onClose} />
      ) : stored.isError ? (
        <Stack align="center" role="alert">
          <Text>{t('loadFailed')}</Text>
          <Button onClick={() => void stored.refetch()}>{t('retry')}</Button>
        </Stack>
      ) : (
        <Center mih={200}>
          <Loader aria-label={t('loading')} />
        </Center>
      )}
    </Modal>
  );
}

function AdvertisingForm({
  idCompany,
  publicKey,
  stored: all,
  onClose,
}: {
  idCompany: number;
  publicKey: string;
  stored: StoredAdvertising;
  onClose: () => void;
}) {
  const { t } = useAdvertisingTexts();
  const stored = all.publi;
  const [images, setImages] = useState<Record<Slot, string | null>>(() => ({
    imgLeftDefault: stored.imgLeftDefault ?? null,
    imgRightDefault: stored.imgRightDefault ?? null,
    imgLeftENG: stored.imgLeftENG ?? null,
    imgRightENG: stored.imgRightENG ?? null,
  }));
  const [left, setLeft] = useState(stored.hyperlinkLeft ?? '');
  const [right, setRight] = useState(stored.hyperlinkRight ?? '');
  const [language, setLanguage] = useState(all.kiosk.defaultLanguage);
  const [idle, setIdle] = useState<number | string>(all.kiosk.idleSeconds);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState(0);
  const update = useUpdatePubli();
  const valid = isLink(left) && isLink(right) && isIdlePeriod(idle);

  const accept = () => {
    if (!valid) return;
    setServerErrors({});
    update.mutate(
      {
        idCompany,
        ...images,
        hyperlinkLeft: left.trim() || null,
        hyperlinkRight: right.trim() || null,
        defaultKioskLanguage: language,
        kioskIdleSeconds: Number(idle),
      },
      {
        onSuccess: () => {
          toast(t('updated'), 'green');
          onClose();
        },
        onError: (error) => {
          setServerErrors(serverFieldErrors(error) ?? {});
          toast(t('failed'));
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        accept();
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          {t('intro')}
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          {SLOTS.map((slot) => (
            <ImageSlot
              key={slot}
              slot={slot}
              idCompany={idCompany}
              url={images[slot]}
              onChange={(url) => setImages((current) => ({ ...current, [slot]: url }))}
              onBusy={(busy) => setUploading((n) => n + (busy ? 1 : -1))}
            />
          ))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            type="url"
            dir="ltr"
            label={t('hyperlinkLeft')}
            placeholder="https://"
            value={left}
            onChange={(event) => setLeft(event.currentTarget.value)}
            error={isLink(left) ? undefined : t('invalidLink')}
          />
          <TextInput
            type="url"
            dir="ltr"
            label={t('hyperlinkRight')}
            placeholder="https://"
            value={right}
            onChange={(event) => setRight(event.currentTarget.value)}
            error={isLink(right) ? undefined : t('invalidLink')}
          />
        </SimpleGrid>
        <KioskFields language={language} idle={idle} onLanguage={setLanguage} onIdle={setIdle} serverErrors={serverErrors} />
        <KioskAddress publicKey={publicKey} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={update.isPending} disabled={!valid || uploading > 0}>
            {t('accept')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
