import { useQuery } from '@tanstack/react-query';
import { fitmentApi } from '../../../api/fitment';
import type { ChoicesReply } from '../../../contracts/fitment/option-lists';
import { logFailure } from '../fitment-store';
import type { SelectOption } from './fitment-select';

/** §8: a failed list is logged only; the select is left empty and enabled again. */
function logged<T>(fn: () => Promise<T>, fallback: T): () => Promise<T> {
  return () =>
    fn().catch((err: unknown) => {
      logFailure(err);
      return fallback;
    });
}

const LIST = { staleTime: 10 * 60_000, retry: false } as const;

export type Picks = Partial<Record<string, SelectOption>>;

export function useYmmLists(picks: Picks, enabled: boolean) {
  const year = picks.Year?.id ?? '';
  const make = picks.MakeID?.id ?? '';
  const model = picks.ModelID?.id ?? '';
  const years = useQuery({
    queryKey: ['fitment', 'years'],
    queryFn: logged(async () => (await fitmentApi.years()).map((y) => ({ id: y, label: y })), []),
    enabled,
    ...LIST,
  });
  const makes = useQuery({
    queryKey: ['fitment', 'makes', year],
    queryFn: logged(
      async () =>
        (await fitmentApi.makes(year)).map((m) => ({ id: String(m.MakeID), label: m.MakeName, popular: m.is_popular })),
      [],
    ),
    enabled: enabled && !!year,
    ...LIST,
  });
  const models = useQuery({
    queryKey: ['fitment', 'models', year, make],
    queryFn: logged(
      async () =>
        (await fitmentApi.models(year, make)).map((m) => ({
          id: String(m.ModelID),
          label: m.ModelName,
          popular: m.is_popular,
        })),
      [],
    ),
    enabled: enabled && !!year && !!make,
    ...LIST,
  });
  // §4: each optional choice refreshes the others, unless the other two are already set.
  const optional = (['SubModelID', 'BodyTypeID', 'BedLengthID'] as const).map((k) => picks[k]?.id ?? '');
  const allSet = optional.every((v) => v !== '');
  const choicesKey = allSet ? 'all' : optional.join('|');
  const choices = useQuery({
    queryKey: ['fitment', 'choices', year, make, model, choicesKey],
    queryFn: logged<ChoicesReply>(
      () =>
        fitmentApi.choices({
          Year: year,
          MakeID: make,
          ModelID: model,
          SubModelID: optional[0] || undefined,
          BodyTypeID: optional[1] || undefined,
          BedLengthID: optional[2] || undefined,
        }),
      {},
    ),
    enabled: enabled && !!year && !!make && !!model,
    placeholderData: (prev) => prev,
    ...LIST,
  });
  return { years, makes, models, choices };
}

export function useEngineLists(picks: Picks, enabled: boolean) {
  const mfr = picks.EngineMfrID?.id ?? '';
  const family = picks.EngineFamilyID?.id ?? '';
  const mfrs = useQuery({
    queryKey: ['fitment', 'engine_mfrs'],
    queryFn: logged(
      async () => (await fitmentApi.engineMfrs()).map((m) => ({ id: String(m.EngineMfrID), label: m.EngineMfrName })),
      [],
    ),
    enabled,
    ...LIST,
  });
  const families = useQuery({
    queryKey: ['fitment', 'families', mfr],
    queryFn: logged(
      async () =>
        (await fitmentApi.engineFamilies(mfr)).map((m) => ({
          id: String(m.EngineFamilyID),
          label: m.EngineFamilyName,
        })),
      [],
    ),
    enabled: enabled && !!mfr,
    ...LIST,
  });
  const sizes = useQuery({
    queryKey: ['fitment', 'sizes', mfr, family],
    queryFn: logged(
      async () =>
        (await fitmentApi.engineSizes(mfr, family)).map((m) => ({
          id: String(m.EngineSizeID),
          label: m.EngineSizeName,
        })),
      [],
    ),
    enabled: enabled && !!mfr && !!family,
    ...LIST,
  });
  return { mfrs, families, sizes };
}
