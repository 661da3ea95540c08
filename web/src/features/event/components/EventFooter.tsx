import { Anchor, Container, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isolate } from '@/lib/format';
import classes from '@/features/event/components/EventPage.module.css';

/** The event pages' footer: the company's name and a link to its website. */
export function EventFooter({ companyName, companyWebUrl }: { companyName: string; companyWebUrl: string }) {
  const { t } = useTranslation('event');
  return (
    <footer className={classes.footer}>
      <Container size="md" py="lg">
        <Text size="sm" c="gray.7" ta="center">
          {t('footer', { year: new Date().getFullYear(), company: isolate(companyName) })}
          {companyWebUrl && (
            <>
              {' · '}
              <Anchor href={companyWebUrl} c="gray.8" underline="always">
                {t('website')}
              </Anchor>
            </>
          )}
        </Text>
      </Container>
    </footer>
  );
}
