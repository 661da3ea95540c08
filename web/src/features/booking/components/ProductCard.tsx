import { Anchor, Badge, Group, List, Paper, Radio, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from '@/features/booking/components/Wizard.module.css';
import { useWizard } from '@/features/booking/components/WizardProvider';
import { formatDayHour, formatPrice } from '@/lib/format';
import { isLowStock, isPack, parseProductData, type Product } from '@/features/booking/utils/product';

interface ProductCardProps {
  product: Product;
  selected: boolean;
  onSelect: () => void;
  /**
   * The card is among the first on the screen: its image loads at once (the first one at high priority)
   * instead of lazily, since it is often the largest thing the page paints.
   */
  aboveTheFold?: boolean;
}

/**
 * A product or pack to choose: name (the radio's label), price with the old price struck through and the
 * promotion text, remaining stock with the low-stock notice, and a pack's sessions.
 */
export function ProductCard({ product, selected, onSelect, aboveTheFold = false }: ProductCardProps) {
  const { t, i18n } = useTranslation('booking');
  const { config } = useWizard();
  const data = parseProductData(product.data);
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const price = (amount: number) => formatPrice(amount, config.simbolCoinType, locale, config.currency);
  const descriptionId = `product-${product.id}-description`;
  return (
    <Paper
      withBorder
      p="md"
      className={classes.productCard}
      data-selected={selected}
      data-testid={`product-${product.id}`}
      onClick={onSelect}
    >
      <Stack gap="xs" style={{ flex: 1 }}>
        {product.image && (
          <img
            className={classes.productImage}
            src={product.image}
            alt=""
            // Product pictures are 9:7 (stored 90×70): the box keeps that shape before the picture loads.
            width={90}
            height={70}
            loading={aboveTheFold ? 'eager' : 'lazy'}
            fetchPriority={aboveTheFold ? 'high' : 'auto'}
          />
        )}
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Radio
            value={String(product.id)}
            checked={selected}
            onChange={onSelect}
            label={<Text fw={700}><bdi>{product.name}</bdi></Text>}
            aria-describedby={descriptionId}
          />
          {isPack(product) && (
            <Badge variant="light" style={{ flexShrink: 0 }}>
              {t('drivers.packBadge')}
            </Badge>
          )}
        </Group>
        <div id={descriptionId}>
          <Group gap="xs" align="baseline">
            <Text fw={800} fz="lg">
              <bdi>{price(product.priceConverted)}</bdi>
            </Text>
            {data.oldPrice !== undefined && data.oldPrice > product.priceConverted && (
              <Text c="gray.7" className={classes.strike}>
                <VisuallyHidden component="span">{t('drivers.oldPrice')} </VisuallyHidden>
                <bdi>{price(data.oldPrice)}</bdi>
              </Text>
            )}
            <Text size="xs" c="gray.7">
              {t('drivers.perDriver')}
            </Text>
          </Group>
          {data.promotionText && (
            <Badge color="accent" variant="filled" mt={4} style={{ textTransform: 'none' }} dir="auto">
              {data.promotionText}
            </Badge>
          )}
          {product.description && (
            <Text size="sm" c="gray.7" mt={4} dir="auto">
              {product.description}
            </Text>
          )}
          {isPack(product) && (
            <>
              <Text size="sm" fw={600} mt="xs">
                {t('drivers.packIncludes', { count: product.products?.length ?? 0 })}
              </Text>
              <List size="sm" type="ordered">
                {[...(product.products ?? [])]
                  .sort((a, b) => a.order - b.order)
                  .map((sub) => (
                    <List.Item key={`${sub.order}-${sub.id}`}>{sub.name}</List.Item>
                  ))}
              </List>
            </>
          )}
          {product.stock !== null && (
            <Text size="sm" mt="xs" c={isLowStock(product) ? 'red.8' : 'gray.7'} fw={isLowStock(product) ? 700 : 400}>
              {isLowStock(product)
                ? t('drivers.lowStock', { count: product.stock })
                : t('drivers.stock', { count: product.stock })}
            </Text>
          )}
        </div>
      </Stack>
    </Paper>
  );
}

/** An event product: opens the event's page in a new tab. */
export function EventProductCard({ product }: { product: Product }) {
  const { t, i18n } = useTranslation('booking');
  const { config } = useWizard();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const key = product.event?.key;
  return (
    <Paper withBorder p="md" className={classes.productCard} style={{ cursor: 'default' }}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700}><bdi>{product.name}</bdi></Text>
          <Badge variant="light" color="accent" style={{ flexShrink: 0 }}>
            {t('drivers.eventBadge')}
          </Badge>
        </Group>
        {product.event?.dateStart && (
          <Text size="sm" c="gray.7">
            <bdi>{formatDayHour(product.event.dateStart, locale)}</bdi>
          </Text>
        )}
        <Text fw={800}>
          <bdi>{formatPrice(product.priceConverted, config.simbolCoinType, locale, config.currency)}</bdi>
        </Text>
        {key && (
          <Anchor href={`/event/${encodeURIComponent(key)}`} target="_blank" rel="noopener noreferrer" fw={600}>
            {t('drivers.eventLink')} <VisuallyHidden component="span">({t('opensInNewTab')})</VisuallyHidden>
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}
