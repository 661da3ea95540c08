import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { clearSession } from '@/admin/lib/session';
import { ApiError } from '@/lib/api/errors';

const expired = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * Sends the user back to /login when any back-office call answers 401 (the session expired or was
 * revoked while the page was open): the stored sign-in is forgotten first. Watches every query and
 * mutation of the query client, so the sections need nothing of their own. Mounted once, by AdminPage.
 */
export function useSessionGuard(): void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    const end = () => {
      clearSession();
      queryClient.removeQueries({ queryKey: ['admin'] });
      void navigate('/login', { replace: true });
    };
    const queries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && expired(event.action.error)) end();
    });
    const mutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && expired(event.action.error)) end();
    });
    return () => {
      queries();
      mutations();
    };
  }, [navigate, queryClient]);
}
