import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Draft } from '@/admin/features/settings/utils/draft';

/** One sub-tab per installation (admin spec section 2); a single installation needs no tab strip. */
export function InstallationTabs({ drafts, children }: { drafts: Draft[]; children: (d: Draft) => ReactNode }) {
  if (drafts.length === 1) return <>{children(drafts[0])}</>;
  return (
    <Tabs defaultValue={String(drafts[0]?.idInstallation)} keepMounted={false}>
      <Tabs.List>
        {drafts.map((d) => (
          <Tabs.Tab key={d.idInstallation} value={String(d.idInstallation)}>
            {d.name}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {drafts.map((d) => (
        <Tabs.Panel key={d.idInstallation} value={String(d.idInstallation)} pt="sm">
          {children(d)}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
