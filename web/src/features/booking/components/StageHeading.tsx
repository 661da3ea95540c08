import { Title } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import classes from '@/features/booking/components/Wizard.module.css';
import { useWizard } from '@/features/booking/components/WizardProvider';

/**
 * A stage's heading (h2). It takes the focus when the stage is reached by moving through the wizard, so a
 * screen reader announces the new stage and the keyboard continues from there.
 */
export function StageHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const { navigated } = useWizard();
  useEffect(() => {
    if (navigated.current) ref.current?.focus();
  }, [navigated]);
  return (
    <Title order={2} ref={ref} tabIndex={-1} className={classes.heading} id="stage-heading">
      {children}
    </Title>
  );
}
