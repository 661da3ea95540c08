import { ActionIcon, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import classes from '@/features/booking/components/Wizard.module.css';
import type { CounterState } from '@/features/booking/utils/participants';

interface ParticipantCounterProps {
  count: number;
  counter: CounterState;
  onChange: (count: number) => void;
}

/** The number of drivers, with minus and plus buttons inside the limits of customer spec section 5. */
export function ParticipantCounter({ count, counter, onChange }: ParticipantCounterProps) {
  const { t } = useTranslation('booking');
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text id={labelId} fw={600}>
        {t('drivers.counterLabel')}
      </Text>
      <div className={classes.counter} role="group" aria-labelledby={labelId}>
        <ActionIcon
          size="xl"
          variant="default"
          radius="xl"
          aria-label={t('drivers.fewer')}
          disabled={!counter.canDecrement}
          onClick={() => onChange(count - 1)}
        >
          <span aria-hidden>−</span>
        </ActionIcon>
        <output className={classes.counterValue} aria-live="polite" data-testid="drivers-count">
          {count}
        </output>
        <ActionIcon
          size="xl"
          variant="default"
          radius="xl"
          aria-label={t('drivers.more')}
          disabled={!counter.canIncrement}
          onClick={() => onChange(count + 1)}
        >
          <span aria-hidden>+</span>
        </ActionIcon>
      </div>
      {counter.min > 1 && (
        <Text size="sm" c="gray.7">
          {t('drivers.minimum', { count: counter.min })}
        </Text>
      )}
      {counter.problem === 'aboveStock' && (
        <Text size="sm" c="red.8" fw={600} role="alert">
          {t('errors.invalidNumberPilots')}
        </Text>
      )}
    </Stack>
  );
}
