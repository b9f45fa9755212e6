import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@sso/shared/api';
import { colorsResponseSchema, paths, type Color } from '@sso/shared/contract';
import { referenceKeys } from '@sso/shared/query';

/** GET colors: the colours a role may take. */
export async function getColors(): Promise<Color[]> {
  const response = await api.get(paths.reference.colors, colorsResponseSchema);
  return response.data;
}

export const colorsQueryOptions = () =>
  queryOptions({ queryKey: referenceKeys.colors(), queryFn: getColors, staleTime: 5 * 60 * 1000 });

export function useColors() {
  return useQuery(colorsQueryOptions());
}
