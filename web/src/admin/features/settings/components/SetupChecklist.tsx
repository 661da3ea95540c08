import { Anchor, Box, Button, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchSetupChecklist } from '@/admin/features/settings/api/checklist';

interface SetupChecklistProps {
  idCompany: number;
  /** The company's booking page key: the page's address is <origin>/<publicKey>. */
  publicKey: string;
  onOpenSettings: () => void;
}

/**
 * The setup checklist above Today (issue 24; ADMIN and above) while a company is not ready for its first
 * booking: opening hours, a product the booking page can sell, terms and conditions, how customers pay, and
 * the booking page's address to copy or open, until a first booking is made. Each step ticks itself from the
 * company's data (GET /api/admin/setup-checklist, read again when the page regains focus); the list goes
 * away once every step is done.
 */
export function SetupChecklist({ idCompany, publicKey, onOpenSettings }: SetupChecklistProps) {
  const { t } = useTranslation('settings');
  const list = useQuery({
    queryKey: ['admin', 'setup-checklist', idCompany],
    queryFn: ({ signal }) => fetchSetupChecklist(idCompany, signal),
    refetchOnWindowFocus: true,
  });
  if (!list.data || list.data.done) return null;
  const c = list.data;
  const url = `${window.location.origin}/${encodeURIComponent(publicKey)}`;
  const steps: { key: string; done: boolean; text: string }[] = [
    { key: 'hours', done: c.hours, text: t('checklist.hours') },
    { key: 'product', done: c.product, text: t('checklist.product') },
    { key: 'terms', done: c.terms, text: t('checklist.terms') },
  ];

  return (
    <Paper withBorder p="md" radius="md" mb="md" component="section" aria-labelledby="setup-checklist-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="setup-checklist-title">
          {t('checklist.title')}
        </Title>
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} data-testid="setup-steps">
          {steps.map((s) => (
            <Step key={s.key} done={s.done} mark={s.done ? '✔' : '○'}>
              <Text span td={s.done ? 'line-through' : undefined} c={s.done ? 'gray.7' : undefined}>
                {s.text}
              </Text>{' '}
              <Text span size="sm" c={s.done ? 'teal.9' : 'red.9'}>
                {`(${s.done ? t('checklist.done') : t('checklist.todo')})`}
              </Text>
            </Step>
          ))}
          <Step mark="ℹ">
            <Text span>{c.paymentsOnline ? t('checklist.paymentsOnline') : t('checklist.paymentsCircuit')}</Text>
          </Step>
          <Step done={c.firstBooking} mark={c.firstBooking ? '✔' : '○'}>
            <Stack gap={4}>
              <Text span>
                {t('checklist.firstBooking')}{' '}
                <Text span size="sm" c={c.firstBooking ? 'teal.9' : 'red.9'}>
                  {`(${c.firstBooking ? t('checklist.done') : t('checklist.todo')})`}
                </Text>
              </Text>
              <Group gap="xs" wrap="wrap">
                <Text span size="sm" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
                  {url}
                </Text>
                <CopyButton value={url}>
                  {({ copied, copy }) => (
                    <Button size="compact-xs" variant="light" onClick={copy}>
                      {copied ? t('checklist.copied') : t('checklist.copy')}
                    </Button>
                  )}
                </CopyButton>
                <Anchor href={url} target="_blank" rel="noopener" size="sm">
                  {t('checklist.open')}
                </Anchor>
              </Group>
            </Stack>
          </Step>
        </Stack>
        <Group>
          <Button size="xs" onClick={onOpenSettings}>
            {t('checklist.openSettings')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

// "(done)" and "(to do)" in teal.9 and red.9: green.8 and orange.8 on white are under 4.5:1 (axe in the
// owner's walk from an empty company, issue 24); a done step's struck text is gray.7, not the dimmed gray.6.

/** One line of the checklist: its mark (hidden from screen readers, which read "(done)" or "(to do)") and its text. */
function Step({ done, mark, children }: { done?: boolean; mark: string; children: ReactNode }) {
  return (
    <Box component="li" data-done={done} style={{ display: 'flex', gap: 'var(--mantine-spacing-xs)' }}>
      <span aria-hidden="true">{mark}</span>
      <div>{children}</div>
    </Box>
  );
}
