import { Text } from '@mantine/core';
import { useState } from 'react';
import classes from '@/features/booking/components/BookingLayout.module.css';

interface CompanyLogoProps {
  /** URL of the logo; empty when the company has none. */
  src: string;
  companyName: string;
}

/** The company logo, replaced by the company name as text when there is no logo or it fails to load. */
export function CompanyLogo({ src, companyName }: CompanyLogoProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
    return (
      <Text component="span" fw={800} fz="xl" lh={1.2} className={classes.companyName}>
        {companyName}
      </Text>
    );
  }
  return <img className={classes.logo} src={src} alt={companyName} onError={() => setFailedSrc(src)} />;
}
