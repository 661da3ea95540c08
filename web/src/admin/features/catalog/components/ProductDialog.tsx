import { Button, Checkbox, FileButton, Grid, Group, Image, Modal, ScrollArea, Select, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { saveProduct, uploadPhoto, useCatalogMutation, type CatalogKind, type Category, type StaffProduct } from '@/admin/features/catalog/api/catalog';
import { ConfirmModal } from '@/admin/features/catalog/components/ConfirmModal';
import { PackProductsDialog } from '@/admin/features/catalog/components/PackProductsDialog';
import { useCatalogTexts } from '@/admin/features/catalog/hooks/useCatalogTexts';
import { checkImageFile, photoName, resizeImage } from '@/admin/features/catalog/utils/image';
import { typedPrice } from '@/admin/features/catalog/utils/price';
import { formErrors, lastExpiration, MAX_DURATION_MINUTES, toForm, toWrite, type ProductForm } from '@/admin/features/catalog/utils/product';
import { ApiError } from '@/lib/api/errors';
import { toast } from '@/lib/toast';
import { DateField } from '@/admin/components/DateField';

/** A circuit variant the product may be raced on, shown as 'circuit - name'. */
export interface VariantOption {
  idVariant: number;
  label: string;
}

interface ProductDialogProps {
  kind: CatalogKind;
  idCompany: number;
  /** The product edited; undefined adds one. */
  product?: StaffProduct;
  /** The company's local date, YYYY-MM-DD (expiration from today to 31 December five years ahead). */
  today: string;
  groups: Category[];
  variants: VariantOption[];
  /** Products a pack may include (the company's active products). */
  packable: StaffProduct[];
  onClose: () => void;
}

type FieldKey = keyof ProductForm;

/**
 * The product or pack dialog (800×600, two columns, admin spec sections 2-5): the rules are checked here
 * and again by the server, whose field errors land beside their fields. A changed local id asks for
 * confirmation; the image button waits for the name and local id; the chosen PNG is resized in the
 * browser before upload.
 */
export function ProductDialog({ kind, idCompany, product, today, groups, variants, packable, onClose }: ProductDialogProps) {
  const { t } = useCatalogTexts();
  const [form, setForm] = useState<ProductForm>(() => toForm(product));
  const [errors, setErrors] = useState<Partial<Record<FieldKey, string>>>({});
  const [confirmIdLocal, setConfirmIdLocal] = useState(false);
  const [packOpen, setPackOpen] = useState(false);
  const [uploading, setUploading] = useState(false);
  const set = <K extends FieldKey>(key: K, value: ProductForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const mutation = useCatalogMutation(idCompany, () => saveProduct(kind, toWrite(form, kind, idCompany, product)));

  const message = (problem: string) => {
    if (problem === 'tooLong') return t('form.tooLong', { max: 300 });
    if (problem === 'required') return t('form.required');
    if (problem === 'discountAbove') return t('form.discountAbove');
    if (problem === 'duration') return t('form.durationRange', { max: MAX_DURATION_MINUTES });
    return t('form.min0');
  };

  const send = () => {
    mutation.mutate(undefined, {
      onSuccess: () => {
        toast(product ? t('toast.updated') : t('toast.created'), 'green');
        onClose();
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? error.fields : undefined;
        if (error instanceof ApiError && error.status === 422 && fields) {
          const mapped: Partial<Record<FieldKey, string>> = {};
          for (const [key, problem] of Object.entries(fields)) {
            const field = key.startsWith('productIds') ? 'productIds' : key === 'data.oldPrice' ? 'discounted' : key === 'maxStock' ? 'stock' : key;
            if (field in form) mapped[field as FieldKey] = problem;
          }
          setErrors(mapped);
          if (Object.keys(fields).some((k) => k.startsWith('dynamicPrice'))) toast(t('toast.overlappingHours'));
          else if (Object.keys(mapped).length === 0) toast(t('toast.error'));
          return;
        }
        toast(t('toast.error'));
      },
    });
  };

  const save = () => {
    const problems = formErrors(form, kind);
    if (Object.keys(problems).length > 0) {
      setErrors(Object.fromEntries(Object.entries(problems).map(([k, v]) => [k, message(v)])));
      return;
    }
    if (product && product.idLocal !== form.idLocal.trim()) {
      setConfirmIdLocal(true);
      return;
    }
    send();
  };

  const chooseImage = async (file: File | null) => {
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      toast(problem === 'type' ? t('toast.imageType') : t('toast.imageSize'));
      return;
    }
    setUploading(true);
    try {
      const photo = await resizeImage(file);
      set('image', await uploadPhoto(idCompany, photoName(form.name, file.name), photo));
    } catch (error) {
      toast(error instanceof Error && error.message === 'dimensions' ? t('toast.imageDimensions') : t('toast.error'));
    } finally {
      setUploading(false);
    }
  };

  const title = kind === 'PACK' ? (product ? t('form.editPack') : t('form.newPack')) : product ? t('form.editProduct') : t('form.newProduct');
  const imageReady = form.name.trim() !== '' && form.idLocal.trim() !== '';
  const nameOf = (id: number) => packable.find((p) => p.id === id)?.name ?? `#${id}`;

  return (
    <Modal opened onClose={onClose} title={title} size={800} centered closeOnClickOutside={false}>
      <ScrollArea.Autosize mah={600}>
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Stack gap="xs">
              <TextInput label={t('form.name')} withAsterisk value={form.name} error={errors.name} onChange={(e) => set('name', e.currentTarget.value)} />
              <TextInput label={t('form.idLocal')} description={t('form.idLocalHelp')} withAsterisk value={form.idLocal} error={errors.idLocal} onChange={(e) => set('idLocal', e.currentTarget.value)} />
              <TextInput label={t('form.price')} withAsterisk inputMode="decimal" value={form.price} error={errors.price} onChange={(e) => set('price', typedPrice(e.currentTarget.value))} />
              <TextInput label={t('form.discounted')} inputMode="decimal" value={form.discounted} error={errors.discounted} onChange={(e) => set('discounted', typedPrice(e.currentTarget.value))} />
              <TextInput label={t('form.promotion')} value={form.promotionText} onChange={(e) => set('promotionText', e.currentTarget.value)} />
              {kind === 'PRODUCT' && (
                <TextInput
                  label={t('form.duration')}
                  description={t('form.durationHelp')}
                  inputMode="numeric"
                  value={form.duration}
                  error={errors.duration}
                  onChange={(e) => set('duration', e.currentTarget.value.replace(/\D/g, ''))}
                />
              )}
              <Switch label={t('form.limitedStock')} checked={form.limited} onChange={(e) => set('limited', e.currentTarget.checked)} />
              {form.limited && (
                <TextInput label={t('form.stock')} type="number" min={0} value={form.stock} error={errors.stock} onChange={(e) => set('stock', e.currentTarget.value)} />
              )}
              {kind === 'PACK' && (
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    {t('form.products')}
                  </Text>
                  <Text size="sm" c={errors.productIds ? 'red' : undefined}>
                    {form.productIds.length ? form.productIds.map(nameOf).join(' → ') : t('form.noProducts')}
                  </Text>
                  <Button variant="light" onClick={() => setPackOpen(true)}>
                    {t('form.manageProducts')}
                  </Button>
                </Stack>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Stack gap="xs">
              {variants.length > 0 && (
                <Select
                  label={t('form.variant')}
                  description={t('form.variantHelp')}
                  withAsterisk={variants.length > 1 && kind !== 'PACK'}
                  error={errors.idVariant}
                  data={variants.map((v) => ({ value: String(v.idVariant), label: v.label }))}
                  value={form.idVariant}
                  onChange={(v) => set('idVariant', v)}
                  clearable
                  comboboxProps={{ zIndex: 500 }}
                />
              )}
              <Select
                label={t('form.category')}
                data={groups.map((g) => ({ value: String(g.id), label: g.name }))}
                value={form.idGroup}
                onChange={(v) => set('idGroup', v)}
                placeholder={t('form.none')}
                clearable
                comboboxProps={{ zIndex: 500 }}
              />
              <Textarea label={t('form.description')} rows={3} value={form.description} error={errors.description} onChange={(e) => set('description', e.currentTarget.value)} />
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t('form.image')}
                </Text>
                {form.image && <Image src={form.image} alt={form.name} w={90} h={70} />}
                <Group gap="xs">
                  <FileButton onChange={(f) => void chooseImage(f)} accept="image/png" disabled={!imageReady}>
                    {(props) => (
                      <Button {...props} variant="default" loading={uploading} disabled={!imageReady}>
                        {t('form.chooseImage')}
                      </Button>
                    )}
                  </FileButton>
                  {form.image && (
                    <Button variant="subtle" color="red" onClick={() => set('image', null)}>
                      {t('form.removeImage')}
                    </Button>
                  )}
                </Group>
                {!imageReady && (
                  <Text size="xs" c="dimmed">
                    {t('form.imageHint')}
                  </Text>
                )}
              </Stack>
              <Checkbox label={t('form.disabled')} checked={form.disabled} onChange={(e) => set('disabled', e.currentTarget.checked)} />
              <Switch label={t('form.expires')} checked={form.expires} onChange={(e) => set('expires', e.currentTarget.checked)} />
              {form.expires && (
                <DateField
                  label={t('form.expiration')}
                  minDate={today}
                  maxDate={lastExpiration(today)}
                  value={form.expirationDate}
                  error={errors.expirationDate}
                  onChange={(day) => set('expirationDate', day ?? '')}
                />
              )}
            </Stack>
          </Grid.Col>
        </Grid>
      </ScrollArea.Autosize>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('form.cancel')}
        </Button>
        <Button loading={mutation.isPending} onClick={save}>
          {t('form.save')}
        </Button>
      </Group>
      <ConfirmModal
        opened={confirmIdLocal}
        title={t('confirm.idLocalTitle')}
        message={t('confirm.idLocal', { from: product?.idLocal ?? '', to: form.idLocal.trim() })}
        confirmLabel={t('confirm.accept')}
        cancelLabel={t('confirm.no')}
        onCancel={() => setConfirmIdLocal(false)}
        onConfirm={() => {
          setConfirmIdLocal(false);
          send();
        }}
      />
      {kind === 'PACK' && (
        <PackProductsDialog
          opened={packOpen}
          products={packable}
          value={form.productIds}
          onChange={(ids) => set('productIds', ids)}
          onClose={() => setPackOpen(false)}
        />
      )}
    </Modal>
  );
}
