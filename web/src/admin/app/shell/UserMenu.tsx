import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminCompany } from '@/admin/lib/company';
import { atLeast } from '@/admin/lib/roles';

/** Up to two initials of a name ("Ana Ruiz" → "AR"); '?' when there is no name. */
export function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

interface UserMenuProps {
  userName: string;
  company: AdminCompany;
  onLogout: () => void;
  onCreateEvent: () => void;
  onAdvertising: () => void;
  onOpenSettings: () => void;
}

/**
 * The user menu (admin spec sections 2 and 6), opened from the user's initials: settings (My account
 * for the counter's DESK role), create event (SUPERADMIN only), advertising (ADMIN and up, only when the
 * company's advertising is active) and logout; settings opens the settings dialog.
 */
export function UserMenu({ userName, company, onLogout, onCreateEvent, onAdvertising, onOpenSettings }: UserMenuProps) {
  const { t } = useTranslation('admin');
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={240}>
      <Menu.Target>
        {/* The name starts with the initials it shows, so speech users can say what they see (WCAG 2.5.3). */}
        <UnstyledButton aria-label={`${initials(userName)} – ${t('shell.userMenu', { name: userName || '?' })}`}>
          <Avatar color="blue" radius="xl">
            {initials(userName)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {/* The counter (DESK) has My account only: the settings' other tabs are ADMIN's. */}
        <Menu.Item onClick={onOpenSettings}>{atLeast(company.role, 'ADMIN') ? t('shell.settings') : t('shell.myAccount')}</Menu.Item>
        {company.role === 'SUPERADMIN' && <Menu.Item onClick={onCreateEvent}>{t('shell.createEvent')}</Menu.Item>}
        {company.advertisingActive && atLeast(company.role, 'ADMIN') && <Menu.Item onClick={onAdvertising}>{t('shell.advertising')}</Menu.Item>}
        <Menu.Divider />
        <Menu.Item color="red" onClick={onLogout}>
          {t('shell.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
