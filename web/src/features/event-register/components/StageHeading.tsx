import { Title } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import classes from '@/features/event-register/components/EventRegister.module.css';

/**
 * A stage's heading (h2). It takes the focus when the stage is reached by moving through the
 * registration (not on the first load), so a screen reader announces the new stage and the keyboard
 * continues from there.
 */
export function StageHeading({ children, focus }: { children: ReactNode; focus: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <Title order={2} ref={ref} tabIndex={-1} className={classes.heading} fz={{ base: 22, sm: 26 }}>
      {children}
    </Title>
  );
}
