import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@sso/shared/api';
import { menuWithChildResponseSchema, paths, type Menu } from '@sso/shared/contract';
import { referenceKeys } from '@sso/shared/query';

/** GET menu/with-child?apps_id=: the menu tree (menus with sub-menus) of one application. */
export async function getMenus(appsId: number, signal?: AbortSignal): Promise<Menu[]> {
  const response = await api.get(paths.reference.menuWithChild, menuWithChildResponseSchema, {
    params: { apps_id: appsId },
    signal,
  });
  return response.data;
}

export const menusQueryOptions = (appsId: number) =>
  queryOptions({
    queryKey: referenceKeys.menus(appsId),
    queryFn: ({ signal }) => getMenus(appsId, signal),
    staleTime: 5 * 60 * 1000,
  });

export function useMenus(appsId: number | null) {
  return useQuery({ ...menusQueryOptions(appsId ?? 0), enabled: appsId !== null });
}
