import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@sso/shared/api';
import {
  accessMapOptionsSchema,
  accessMapPaths,
  accessMapPeopleResponseSchema,
  accessMapPersonResponseSchema,
  accessMapPlaceListSchema,
} from '@sso/shared/contract';
import { accessMapKeys } from '@sso/shared/query';

export interface PlaceParams {
  app: number;
  menu?: number;
  perusahaan_id?: number;
  cabang_id?: number;
  role_id?: number;
  level?: number;
  keyword?: string;
  sortBy?: string;
  sort?: 'asc' | 'desc';
  page: number;
  perPage: number;
}

export interface PersonParams {
  app?: number;
  level?: number;
  sortBy?: string;
  sort?: 'asc' | 'desc';
  page: number;
  perPage: number;
}

/** GET access-map/options: the filters' applications, menus, places, roles and levels. */
export const accessMapOptionsQueryOptions = () =>
  queryOptions({
    queryKey: accessMapKeys.options(),
    queryFn: ({ signal }) => api.get(accessMapPaths.options, accessMapOptionsSchema, { signal }),
    staleTime: 60_000,
  });

/** GET access-map/by-place; a newer request cancels the one in flight. */
export const placeQueryOptions = (params: PlaceParams) =>
  queryOptions({
    queryKey: accessMapKeys.place(params),
    queryFn: ({ signal }) =>
      api.get(accessMapPaths.byPlace, accessMapPlaceListSchema, {
        params: { ...params },
        signal,
        cancelPrevious: true,
      }),
    placeholderData: keepPreviousData,
  });

/** GET access-map/by-person/{id}. */
export const personQueryOptions = (id: number, params: PersonParams) =>
  queryOptions({
    queryKey: accessMapKeys.person(id, params),
    queryFn: ({ signal }) =>
      api.get(accessMapPaths.byPerson(id), accessMapPersonResponseSchema, { params: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });

/** GET access-map/people: the people picker's matches. */
export const peopleQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: accessMapKeys.people(keyword),
    queryFn: ({ signal }) =>
      api.get(accessMapPaths.people, accessMapPeopleResponseSchema, {
        params: { keyword: keyword || undefined },
        signal,
      }),
  });

export function useAccessMapOptions() {
  return useQuery(accessMapOptionsQueryOptions());
}

/** No query until an application is chosen (`null`). */
export function usePlace(params: PlaceParams | null) {
  return useQuery({
    ...placeQueryOptions(params ?? { app: 0, page: 1, perPage: 10 }),
    enabled: params !== null,
  });
}

export function usePerson(id: number | null, params: PersonParams) {
  return useQuery({ ...personQueryOptions(id ?? 0, params), enabled: id !== null });
}

export function usePeople(keyword: string, enabled: boolean) {
  return useQuery({ ...peopleQueryOptions(keyword), enabled });
}
