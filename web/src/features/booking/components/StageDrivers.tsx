import { Alert, Button, Chip, Group, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ParticipantCounter } from '@/features/booking/components/ParticipantCounter';
import { EventProductCard, ProductCard } from '@/features/booking/components/ProductCard';
import { StageHeading } from '@/features/booking/components/StageHeading';
import classes from '@/features/booking/components/Wizard.module.css';
import { useWizard } from '@/features/booking/components/WizardProvider';
import { NextHint, NEXT_HINT_ID } from '@/features/booking/components/NextHint';
import { counterState } from '@/features/booking/utils/participants';
import { groupProducts, tracksOf, visibleProducts, type Product } from '@/features/booking/utils/product';

/** Stage 0: the track filter, the number of drivers and the product or pack. */
export function StageDrivers() {
  const { t } = useTranslation('booking');
  const { config, products, productsStatus, product, state, dispatch, queryDiscount, goTo } = useWizard();
  const all = useMemo(() => visibleProducts(products?.productsBooking ?? []), [products]);
  const tracks = useMemo(() => tracksOf(all), [all]);
  const shown = state.track === null ? all : all.filter((p) => p.variant?.circuit.id === state.track);
  const events = config.showEventsInBooking ? (products?.productsEvent ?? []) : [];
  const selectedVisible = product !== null && shown.some((p) => p.id === product.id);
  const counter = counterState(state.drivers, selectedVisible ? product : null, config.maxParticipants);

  const select = (p: Product) => dispatch({ type: 'selectProduct', productId: p.id });
  const groups = config.enableGroupedProducts ? groupProducts(shown) : [{ id: null, name: null, products: shown }];

  return (
    <Stack gap="lg" component="section" aria-labelledby="stage-heading">
      <StageHeading>{t('drivers.heading')}</StageHeading>
      {queryDiscount && (
        <Alert variant="light" color="green">
          {t('drivers.discountFromLink', { code: queryDiscount })}
        </Alert>
      )}

      <ParticipantCounter
        count={state.drivers}
        counter={counter}
        onChange={(drivers) => dispatch({ type: 'setDrivers', drivers })}
      />

      {tracks.length > 1 && (
        <Stack gap={4}>
          <Text fw={600} id="track-filter-label">
            {t('drivers.trackFilter')}
          </Text>
          <Chip.Group
            multiple={false}
            value={state.track === null ? 'all' : String(state.track)}
            onChange={(value) => dispatch({ type: 'setTrack', track: value === 'all' ? null : Number(value) })}
          >
            <Group gap="xs" role="radiogroup" aria-labelledby="track-filter-label">
              <Chip value="all" type="radio">
                {t('drivers.allTracks')}
              </Chip>
              {tracks.map((track) => (
                <Chip key={track.id} value={String(track.id)} type="radio">
                  {track.name}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Stack>
      )}

      {productsStatus === 'pending' && (
        <div className={classes.productGrid} aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={200} radius="md" />
          ))}
        </div>
      )}
      {productsStatus === 'error' && (
        <Alert color="red" role="alert">
          {t('errors.problemas')}
        </Alert>
      )}
      {productsStatus === 'success' && all.length === 0 && (
        <Alert color="gray">{t('drivers.noProducts')}</Alert>
      )}

      {shown.length > 0 && (
        <Radio.Group
          name="product"
          label={<Title order={3} size="h4">{t('drivers.productsLabel')}</Title>}
          value={selectedVisible ? String(product.id) : null}
          onChange={(value) => {
            const p = shown.find((x) => String(x.id) === value);
            if (p) select(p);
          }}
        >
          <Stack gap="lg" mt="xs">
            {groups.map((group, groupIndex) => (
              <Stack key={group.id ?? 'none'} gap="xs">
                {config.enableGroupedProducts && group.name && (
                  <Title order={4} size="h5" c="gray.8">
                    {group.name}
                  </Title>
                )}
                <div className={classes.productGrid}>
                  {group.products.map((p, index) => (
                    <ProductCard
                      key={p.id}
                      product={p}
                      selected={product?.id === p.id}
                      onSelect={() => select(p)}
                      aboveTheFold={groupIndex === 0 && index < 2}
                    />
                  ))}
                </div>
              </Stack>
            ))}
          </Stack>
        </Radio.Group>
      )}

      {events.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('drivers.eventsLabel')}
          </Title>
          <div className={classes.productGrid}>
            {events.map((p) => (
              <EventProductCard key={p.id} product={p} />
            ))}
          </div>
        </Stack>
      )}

      <Group justify="flex-end">
        <NextHint
          reason={
            counter.problem === 'noProduct' ? t('drivers.chooseProduct') : counter.problem ? t(`nextHint.${counter.problem}`) : null
          }
        />
        <Button
          size="md"
          disabled={counter.problem !== null}
          aria-describedby={counter.problem ? NEXT_HINT_ID : undefined}
          onClick={() => goTo(1)}
        >
          {t('next')}
        </Button>
      </Group>
    </Stack>
  );
}
