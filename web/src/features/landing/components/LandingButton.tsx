import { Badge, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import classes from '@/features/landing/components/Landing.module.css';
import { safeLink } from '@/lib/safe-link';

interface LandingButtonProps {
  title: string;
  /** A second line under the title, such as an event's date. */
  subtitle?: string;
  link: string;
  isNew: boolean;
  isDisabled: boolean;
}

/**
 * One button of a landing page: opens its link in a new tab (without giving the new page a handle on
 * this one). A new button shows a badge; a disabled one, or one whose link is not an http(s) address or
 * a path on this site, is announced as unavailable and does nothing.
 */
export function LandingButton({ title, subtitle, link, isNew, isDisabled }: LandingButtonProps) {
  const { t } = useTranslation('landing');
  const { t: tc } = useTranslation();
  // Only http(s) addresses and paths on this site reach the href; any other link is a disabled button.
  const href = safeLink(link);
  const content = (
    <Group className={classes.buttonInner} wrap="nowrap" gap="sm" w="100%">
      <Stack gap={0} className={classes.buttonLabel}>
        <Text component="span" fw={700} fz="md" inherit>
          <bdi>{title}</bdi>
        </Text>
        {subtitle && (
          <Text component="span" inherit opacity={0.95} style={{ fontWeight: 400, fontSize: 'var(--mantine-font-size-sm)' }}>
            <bdi>{subtitle}</bdi>
          </Text>
        )}
      </Stack>
      {isNew && (
        <Badge color="yellow" c="dark.9" variant="filled" radius="sm" data-testid="badge-new" style={{ flexShrink: 0, overflow: 'visible' }}>
          {t('new')}
        </Badge>
      )}
    </Group>
  );
  if (isDisabled || !href) {
    return (
      <Button
        component="a"
        role="link"
        aria-disabled="true"
        tabIndex={0}
        size="lg"
        fullWidth
        variant="default"
        className={`${classes.button} ${classes.disabled}`}
        classNames={{ inner: classes.buttonRootInner, label: classes.buttonLabel }}
        onClick={(event: MouseEvent) => event.preventDefault()}
        data-testid="landing-button"
      >
        {content}
        <VisuallyHidden>{` (${t('unavailable')})`}</VisuallyHidden>
      </Button>
    );
  }
  return (
    <Button
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      size="lg"
      fullWidth
      className={classes.button}
      classNames={{ inner: classes.buttonRootInner, label: classes.buttonLabel }}
      data-testid="landing-button"
    >
      {content}
      <VisuallyHidden>{` (${tc('common.opensInNewTab')})`}</VisuallyHidden>
    </Button>
  );
}
