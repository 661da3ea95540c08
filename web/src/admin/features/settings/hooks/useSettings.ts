import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { fetchConfig, fetchVariantsAndCircuits, saveConfig } from '@/admin/features/settings/api/settings';
import type { AdminConfigSave } from '@/admin/features/settings/api/settings';
import { draftOf, toSave, type Draft } from '@/admin/features/settings/utils/draft';
import { refusals, valueAt, type Refusal } from '@/admin/features/settings/utils/refused';
import { ApiError } from '@/lib/api/errors';

/** Which loading message the dialog shows (admin spec section 2), or that loading is over. */
export type LoadStep = 'variants' | 'config' | 'ready' | 'failed';

/** What a save came to. */
export type SaveOutcome =
  | { kind: 'saved'; weekDayClosed: string[] }
  | { kind: 'conflict' }
  | { kind: 'invalid'; fields: Record<string, string> }
  | { kind: 'failed' };

interface Loaded {
  drafts: Draft[]; // the first is the company's first installation: the General tab edits it
  baselines: Record<number, string>;
  version: number;
}

/** The Draft fields that are the company's, not one installation's: a save writes the first draft's to every installation. */
export const companyFields = [
  'showEmails',
  'emailOptional',
  'maxSlotsBooking',
  'enableGroupedProducts',
  'confirmationEmails',
  'cancellationEmails',
  'contactEmail',
  'contactPhone',
] as const;

/**
 * The settings dialog's state for a company: every installation's settings loaded (variants and
 * circuits first, then the configuration), edited in drafts, saved installation by installation based
 * on the version they were read at. A stale save (409) keeps the drafts as they are.
 */
export function useSettings(idCompany: number) {
  const variants = useQuery({
    queryKey: ['admin', 'settings', idCompany, 'variants'],
    queryFn: ({ signal }) => fetchVariantsAndCircuits(idCompany, signal),
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const configs = useQuery({
    queryKey: ['admin', 'settings', idCompany, 'config'],
    enabled: variants.isSuccess,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    queryFn: async ({ signal }): Promise<Loaded> => {
      const primary = await fetchConfig(idCompany, undefined, signal);
      const others = await Promise.all(
        primary.installations
          .filter((i) => i.idInstallation !== primary.idInstallation)
          .map((i) => fetchConfig(idCompany, i.idInstallation, signal)),
      );
      const drafts = [primary, ...others].map(draftOf);
      return { drafts, baselines: Object.fromEntries(drafts.map((d) => [d.idInstallation, JSON.stringify(d)])), version: primary.version };
    },
  });
  const [edited, setLoaded] = useState<Loaded>();
  const loaded = edited ?? configs.data;
  const step: LoadStep =
    variants.isError || configs.isError ? 'failed' : variants.isPending ? 'variants' : configs.isPending || configs.isFetching ? 'config' : 'ready';

  const update = useCallback((idInstallation: number, change: (d: Draft) => Draft) => {
    setLoaded((l) => {
      const base = l ?? configs.data;
      return base && { ...base, drafts: base.drafts.map((d) => (d.idInstallation === idInstallation ? change(d) : d)) };
    });
  }, [configs.data]);

  // The field errors of the last refused save, with what was sent: each shows until its value is changed.
  const [refused, setRefused] = useState<{ idInstallation: number; sent: AdminConfigSave; list: Refusal[] }>();

  const dirty = useMemo(() => !!loaded && loaded.drafts.some((d) => JSON.stringify(d) !== loaded.baselines[d.idInstallation]), [loaded]);

  const save = useCallback(async (): Promise<SaveOutcome> => {
    if (!loaded) return { kind: 'failed' };
    const [primary] = loaded.drafts;
    let version = loaded.version;
    const baselines = { ...loaded.baselines };
    const saved: Draft[] = [];
    const weekDayClosed: string[] = [];
    let sending: { idInstallation: number; sent: AdminConfigSave } | undefined;
    setRefused(undefined);
    try {
      for (const draft of loaded.drafts) {
        const d = withCompanyFields(draft, primary);
        if (JSON.stringify(draft) === baselines[draft.idInstallation]) {
          saved.push(draft);
          continue;
        }
        sending = { idInstallation: d.idInstallation, sent: toSave(idCompany, version, d) };
        const answer = await saveConfig(sending.sent);
        version = answer.version;
        for (const w of answer.warnings) weekDayClosed.push(...w.dates);
        const next = draftOf(answer);
        baselines[next.idInstallation] = JSON.stringify(next);
        saved.push(next);
      }
    } catch (e) {
      if (saved.length > 0) {
        // Part was saved: keep the rest of the edits on top of what is now stored.
        setLoaded({ drafts: [...saved, ...loaded.drafts.slice(saved.length)], baselines, version });
      }
      if (e instanceof ApiError && e.status === 409) return { kind: 'conflict' };
      if (e instanceof ApiError && e.status === 422) {
        if (sending) setRefused({ ...sending, list: refusals(e.fields ?? {}) });
        return { kind: 'invalid', fields: e.fields ?? {} };
      }
      return { kind: 'failed' };
    }
    setLoaded({ drafts: saved, baselines, version });
    return { kind: 'saved', weekDayClosed };
  }, [idCompany, loaded]);

  /**
   * The refusals of the last save that still stand: each until its field's value differs from what was
   * sent (a special row removed or moved, a number changed), those the dialog cannot place until the
   * next save.
   */
  const refusedNow = useMemo((): (Refusal & { idInstallation: number })[] => {
    if (!refused || !loaded) return [];
    const draft = loaded.drafts.find((d) => d.idInstallation === refused.idInstallation);
    if (!draft) return [];
    const now = toSave(idCompany, refused.sent.version, withCompanyFields(draft, loaded.drafts[0]));
    return refused.list
      .filter((r) => !r.field || JSON.stringify(valueAt(now, r.path)) === JSON.stringify(valueAt(refused.sent, r.path)))
      .map((r) => ({ ...r, idInstallation: refused.idInstallation }));
  }, [idCompany, loaded, refused]);

  /** Throws the drafts away and reads the settings again (after a conflict, to see the other save). */
  const reload = useCallback(() => {
    setLoaded(undefined);
    setRefused(undefined);
    if (variants.isError) void variants.refetch();
    else void configs.refetch();
  }, [variants, configs]);

  return { step, drafts: loaded?.drafts ?? [], update, dirty, save, reload, refused: refusedNow };
}

/** A draft with the company's own fields as the first installation's draft has them (what a save sends). */
function withCompanyFields(draft: Draft, primary: Draft): Draft {
  const d: Draft = { ...draft };
  for (const f of companyFields) Object.assign(d, { [f]: primary[f] });
  return d;
}

/** The dialog's settings state (what the tabs get). */
export type SettingsState = ReturnType<typeof useSettings>;
