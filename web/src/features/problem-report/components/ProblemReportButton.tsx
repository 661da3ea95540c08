import { Button } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The dialog (and, inside it, the captcha widget) is not part of the page's first download.
const loadDialog = () => import('@/features/problem-report/components/ProblemReportDialog');
const ProblemReportDialog = lazy(async () => ({ default: (await loadDialog()).ProblemReportDialog }));

/**
 * The footer's 'Report a problem' button. The dialog's code is fetched when the pointer or the focus
 * reaches the button, and the dialog stays mounted once opened (its form keeps what was typed until sent).
 */
export function ProblemReportButton({ companyId }: { companyId?: number }) {
  const { t } = useTranslation('problemReport');
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const preload = () => void loadDialog();
  return (
    <>
      <Button
        variant="subtle"
        color="gray"
        c="gray.8"
        size="compact-sm"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setLoaded(true);
          setOpened(true);
        }}
        aria-haspopup="dialog"
      >
        {t('open')}
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <ProblemReportDialog opened={opened} onClose={() => setOpened(false)} companyId={companyId} />
        </Suspense>
      )}
    </>
  );
}
