/**
 * Query-key factories, namespaced per domain: remotes share one QueryClient, so keys must not
 * collide (STYLE "Data"). Mutations invalidate through these.
 */
export const userKeys = {
  all: () => ['users'] as const,
  lists: () => [...userKeys.all(), 'list'] as const,
  list: (params: Record<string, unknown>) => [...userKeys.lists(), params] as const,
  detail: (id: number) => [...userKeys.all(), 'detail', id] as const,
  employees: (keyword: string) => [...userKeys.all(), 'employees', keyword] as const,
};

export const roleKeys = {
  all: () => ['roles'] as const,
  lists: () => [...roleKeys.all(), 'list'] as const,
  list: (params: Record<string, unknown>) => [...roleKeys.lists(), params] as const,
  detail: (id: number) => [...roleKeys.all(), 'detail', id] as const,
  options: () => [...roleKeys.all(), 'options'] as const,
};

export const applicationKeys = {
  all: () => ['applications'] as const,
  lists: () => [...applicationKeys.all(), 'list'] as const,
  list: (params: Record<string, unknown>) => [...applicationKeys.lists(), params] as const,
  detail: (id: number) => [...applicationKeys.all(), 'detail', id] as const,
};

export const referenceKeys = {
  all: () => ['reference'] as const,
  colors: () => [...referenceKeys.all(), 'colors'] as const,
  applications: () => [...referenceKeys.all(), 'applications'] as const,
  menus: (appsId: number) => [...referenceKeys.all(), 'menus', appsId] as const,
  companies: () => [...referenceKeys.all(), 'companies'] as const,
};

/** Peta Akses (issue 32): its filters, both directions and the people picker. */
export const accessMapKeys = {
  all: () => ['accessMap'] as const,
  options: () => [...accessMapKeys.all(), 'options'] as const,
  place: (params: Record<string, unknown>) => [...accessMapKeys.all(), 'place', params] as const,
  person: (id: number, params: Record<string, unknown>) =>
    [...accessMapKeys.all(), 'person', id, params] as const,
  people: (keyword: string) => [...accessMapKeys.all(), 'people', keyword] as const,
};
