import { Switch } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchSecondFactorSwitch, saveSecondFactorSwitch } from '@/admin/features/team/api/team';
import { toast } from '@/lib/toast';

/**
 * The Team tab's switch "require a second factor for all staff" (issue 24): every member of the Team tab
 * sees it, only a SUPERADMIN can change it (the server refuses anyone else).
 */
export function SecondFactorSwitch({ idCompany, canChange }: { idCompany: number; canChange: boolean }) {
  const { t } = useTranslation('team');
  const queryClient = useQueryClient();
  const key = ['team', idCompany, 'second-factor'];
  const state = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchSecondFactorSwitch(idCompany, signal) });
  const save = useMutation({
    mutationFn: (required: boolean) => saveSecondFactorSwitch(idCompany, required),
    onSuccess: (data) => {
      queryClient.setQueryData(key, data);
      toast(t('saved'), 'green');
    },
    onError: () => toast(t('failed'), 'red'),
  });
  if (!state.data) return null;
  return (
    <Switch
      label={t('secondFactor.label')}
      description={t('secondFactor.help')}
      checked={save.isPending ? (save.variables ?? state.data.required) : state.data.required}
      disabled={!canChange || save.isPending}
      onChange={(e) => save.mutate(e.currentTarget.checked)}
    />
  );
}
