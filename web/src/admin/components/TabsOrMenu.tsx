import { Box, Button, Menu, Tabs, type TabsPanelProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePhone } from '@/admin/lib/phone';

export interface TabItem<T extends string> {
  value: T;
  label: string;
  disabled?: boolean;
  /** Marks the tab with a dot (a tab holding a refused field, say); its name stays the label. */
  marked?: boolean;
}

/** The dot of a marked tab: seen, not read (the notice that marks tabs names them). */
function Mark({ marked }: { marked?: boolean }) {
  return marked ? (
    <Box component="span" aria-hidden c="var(--mantine-color-error)" data-marked>
      ●
    </Box>
  ) : null;
}

interface TabsOrMenuProps<T extends string> {
  value: T;
  onChange: (value: T) => void;
  items: TabItem<T>[];
  /** What the tabs are, for assistive technology ("Event form sections"); the phone's menu button says it too. */
  label: string;
  /** The open tab's content (only the open one is drawn). */
  children: (value: T) => ReactNode;
  orientation?: 'horizontal' | 'vertical';
  listMb?: string;
  panelProps?: Omit<TabsPanelProps, 'value' | 'children'>;
}

/**
 * Tabs on a wide screen; on a phone (600 pixels or less) one button naming the open tab that opens a menu of
 * them all, as the sections do: a row of tabs took 60 % of a phone's width or scrolled its later names out of
 * sight (issue 25). The open tab's content is a region named after it either way.
 */
export function TabsOrMenu<T extends string>({ value, onChange, items, label, children, orientation, listMb, panelProps }: TabsOrMenuProps<T>) {
  const phone = usePhone();
  const current = items.find((item) => item.value === value) ?? items[0];

  // One tree in both layouts, only the list swapped for the menu: turning a phone past 600 pixels keeps
  // what was typed in the open tab.
  return (
    <Tabs orientation={phone ? 'horizontal' : orientation} value={value} onChange={(v) => v && onChange(v as T)} keepMounted={false}>
      {phone ? (
        <Menu key="menu" position="bottom-start" width="target">
          <Menu.Target>
            <Button variant="default" fullWidth justify="space-between" rightSection={<ChevronDown />} aria-label={`${label}: ${current?.label ?? ''}`}>
              {current?.label}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {items.map((item) => (
              <Menu.Item
                key={item.value}
                disabled={item.disabled}
                onClick={() => onChange(item.value)}
                aria-current={item.value === current?.value ? 'true' : undefined}
                fw={item.value === current?.value ? 700 : undefined}
                rightSection={<Mark marked={item.marked} />}
              >
                {item.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      ) : (
        <Tabs.List key="list" aria-label={label} mb={listMb}>
          {items.map((item) => (
            <Tabs.Tab key={item.value} value={item.value} disabled={item.disabled} rightSection={<Mark marked={item.marked} />}>
              {item.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      )}
      {items.map((item) => (
        <Tabs.Panel
          key={item.value}
          value={item.value}
          {...panelProps}
          // On a phone there is no tab to be labelled by: the open one's content is a region named after it.
          {...(phone ? { role: 'region', 'aria-label': item.label, 'aria-labelledby': undefined, px: 0, pt: 'md' } : {})}
        >
          {item.value === value ? children(item.value) : null}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

/** The down chevron of a button that opens a menu. */
export function ChevronDown() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <path d="M6 9l6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
