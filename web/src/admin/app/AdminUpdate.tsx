import { Box, Button, Group, Paper, Text } from '@mantine/core';
import { createContext, use, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { hasUnsavedWork } from '@/admin/hooks/useLeaveGuard';
import { LoadingScreen } from '@/components/LoadingScreen';
import { useAfterLoad } from '@/lib/after-load';
import { useAppUpdate, type RegisterSW } from '@/lib/app-update';

/** What a section switch asks of the release handling (AdminUpdate). */
export interface AdminRelease {
  /**
   * Called when the staff member moves to another section. When a new version is waiting and nothing
   * would be lost, runs `beforeReload` (to remember where the staff member was going), reloads into the
   * new version and returns true: the caller does nothing more. Otherwise asks the server whether a new
   * version was deployed and returns false.
   */
  reloadAtNavigation: (beforeReload?: () => void) => boolean;
}

const AdminReleaseContext = createContext<AdminRelease>({ reloadAtNavigation: () => false });

/** The release handling of the enclosing AdminUpdate (outside one, a section switch only switches). */
export function useAdminRelease(): AdminRelease {
  return use(AdminReleaseContext);
}

interface AdminUpdateProps {
  children: ReactNode;
  /** Tests: the worker's registration and the reload (the built app's by default). */
  enabled?: boolean;
  load?: () => Promise<RegisterSW>;
  reload?: () => void;
}

/**
 * How an open back office learns of a new release (admin spec section 4: activate, clear caches, reload;
 * issue 25). The same service worker and hook as the customer app (lib/app-update.ts): a new release's
 * worker activates at once and drops the old caches; the page is then told the new version is ready. The
 * back office does not reload under a staff member's feet: it shows "A new version is ready — Reload",
 * and reloads by itself only at the next move to another section or page while no guarded dialog holds
 * unsaved input (a section switch starts the section afresh anyway, so the reload loses nothing visible).
 * Each such move also asks the server whether a new version was deployed, besides the hourly check.
 * Mount once, inside the router.
 */
export function AdminUpdate({ children, enabled, load, reload }: AdminUpdateProps) {
  // Registered once the page has loaded and is idle, as the customer app does: not a rival of the first paint.
  const loaded = useAfterLoad();
  const update = useAppUpdate({ enabled: (enabled ?? import.meta.env.PROD) && loaded, load, reload, reloadWhenReady: false });
  const { ready, reloadNow, check } = update;
  const release = useMemo<AdminRelease>(
    () => ({
      reloadAtNavigation: (beforeReload) => {
        if (ready && !hasUnsavedWork()) {
          beforeReload?.();
          reloadNow();
          return true;
        }
        check();
        return false;
      },
    }),
    [ready, reloadNow, check],
  );

  // A move to another page of the back office (e.g. /admin to /admin/check-in) is a navigation too: the
  // address is already the new page's, so the reload lands there.
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    release.reloadAtNavigation();
  }, [pathname, release]);

  return (
    <AdminReleaseContext value={release}>
      {children}
      {ready && !update.updating && <UpdateReadyNotice reload={reload ?? (() => window.location.reload())} />}
      {update.updating && (
        <Box pos="fixed" inset={0} bg="white" style={{ zIndex: 10000 }} data-testid="admin-updating">
          <LoadingScreen />
        </Box>
      )}
    </AdminReleaseContext>
  );
}

/**
 * "A new version is ready — Reload", at the bottom of the window until the page reloads. Reload reloads
 * at once; with unsaved input the browser still asks first (useLeaveGuard's "leave site?").
 */
function UpdateReadyNotice({ reload }: { reload: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Paper
      role="status"
      withBorder
      shadow="md"
      p="sm"
      pos="fixed"
      bottom={16}
      style={{ insetInlineEnd: 16, zIndex: 300, maxWidth: 'calc(100vw - 32px)' }}
      data-testid="admin-update-ready"
    >
      <Group gap="sm" wrap="nowrap">
        <Text size="sm">{t('updated.ready')}</Text>
        <Button size="xs" onClick={reload}>
          {t('updated.reload')}
        </Button>
      </Group>
    </Paper>
  );
}
