import { Box, Group } from '@mantine/core';
import { ProblemReportButton } from '@/features/problem-report/components/ProblemReportButton';

/**
 * The footer of a public page that has no footer of its own (event, landing, calendar, cancel,
 * unsubscribe): the 'Report a problem' button, so that a visitor can report from every public page.
 * With the page's company the report also reaches the company's problem addresses.
 */
export function ProblemReportFooter({ companyId }: { companyId?: number }) {
  return (
    <Box component="footer" py="lg" px="md" mt="xl">
      <Group justify="center">
        <ProblemReportButton companyId={companyId} />
      </Group>
    </Box>
  );
}
