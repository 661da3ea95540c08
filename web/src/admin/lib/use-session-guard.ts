import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { clearSession } from '@/admin/lib/session';
import { ApiError } from '@/lib/api/errors';

/**
 * Sends the user back to /login when a section's call answers 401 (the session expired or was revoked
 * while the page was open): the stored sign-in is forgotten first. Other failures are the section's own.
 */
export function useSessionGuard(error: unknown): void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const expired = error instanceof ApiError && error.status === 401;
  useEffect(() => {
    if (!expired) return;
    clearSession();
    queryClient.removeQueries({ queryKey: ['admin'] });
    void navigate('/login', { replace: true });
  }, [expired, navigate, queryClient]);
}
