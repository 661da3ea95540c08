import { Button, Center, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { AdminShell } from '@/admin/app/shell/AdminShell';
import { companyQueryOptions, endsSession } from '@/admin/lib/company';
import { useSessionGuard } from '@/admin/lib/use-session-guard';
import { chooseCompany, clearSession, currentCompanyId, hasStoredSession, storedCompanies } from '@/admin/lib/session';
import { LoadingScreen } from '@/components/LoadingScreen';

/**
 * /admin (admin spec sections 2 and 4): needs a stored sign-in, else /login. Loads the current company;
 * when that fails with 400, 401, 403 or 404 the sign-in is over (stored data cleared, back to /login);
 * another failure shows an error with a retry. A company switch stores the choice and loads the company;
 * the sections start afresh for it (AdminShell keys them by company).
 */
export function AdminPage() {
  if (!hasStoredSession()) return <Navigate to="/login" replace />;
  return <SignedIn />;
}

function SignedIn() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [companyId, setCompanyId] = useState(() => currentCompanyId() ?? 0);
  const company = useQuery(companyQueryOptions(companyId));
  useSessionGuard(); // a 401 from any section's call ends the session too
  const expired = company.isError && endsSession(company.error);

  useEffect(() => {
    if (!expired) return;
    clearSession();
    queryClient.removeQueries({ queryKey: ['admin'] });
    void navigate('/login', { replace: true });
  }, [expired, navigate, queryClient]);

  const switchCompany = (idCompany: number) => {
    chooseCompany(idCompany);
    // The lists of the company left behind are dropped; the new one's are loaded afresh.
    queryClient.removeQueries({ queryKey: ['admin'], predicate: (q) => q.queryKey[1] !== 'company' });
    setCompanyId(idCompany);
  };

  if (company.data) {
    return <AdminShell company={company.data} companies={storedCompanies()} onSwitchCompany={switchCompany} />;
  }
  if (company.isError && !expired) {
    return (
      <Center mih="100vh" component="main">
        <Stack align="center" role="alert">
          <Text>{t('errors.company')}</Text>
          <Button onClick={() => void company.refetch()}>{t('errors.retry')}</Button>
        </Stack>
      </Center>
    );
  }
  return <LoadingScreen />;
}
