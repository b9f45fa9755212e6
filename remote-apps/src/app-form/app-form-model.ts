import { z } from 'zod';
import {
  applicationDescriptionSchema,
  applicationPayloadSchema,
  menuNameSchema,
  menuTreeIssues,
  idSchema,
  type ApplicationDetail,
  type ApplicationPayload,
} from '@sso/shared/contract';
import type { MenuTree } from './menu-tree-model';
import {
  emptySsoFormValues,
  ssoFormSchema,
  toSsoFormValues,
  toSsoPayload,
  type SsoFormValues,
} from './sso-form-model';

/**
 * The application form's model and its explicit mappings (STYLE "Forms"): `toAppFormValues`
 * (application read from the api → form) and `toApplicationPayload` (validated form → payload).
 * The rules and messages are the contract's, so the form and the api agree by construction.
 */
export interface LogoValue {
  /** An upload to use; null: the generated logo; undefined: keep the saved one. */
  id?: number | null | undefined;
  /** What the form shows (the saved or uploaded logo), or null for "generated". */
  url: string | null;
}

export interface AppFormValues {
  name: string;
  descriptions: string;
  url: string;
  logo: LogoValue;
  menus: MenuTree;
  /** "Integrasi SSO" (not offered for app 1, the panel itself). */
  sso: SsoFormValues;
}

const { shape } = applicationPayloadSchema;
const nodeSchema = z.object({ key: z.string(), id: idSchema.optional(), name: z.string() });
const menusSchema = z
  .array(nodeSchema.extend({ children: z.array(nodeSchema) }))
  .superRefine((menus, ctx) => {
    // The payload's per-node rules (blank, length, invisible characters), at the node's path.
    menus.forEach((menu, m) => {
      const issues = [
        ...(menuNameSchema.safeParse(menu.name).error?.issues ?? []).map((issue) => ({
          issue,
          path: [m, 'name'],
        })),
        ...menu.children.flatMap((child, c) =>
          (menuNameSchema.safeParse(child.name).error?.issues ?? []).map((issue) => ({
            issue,
            path: [m, 'children', c, 'name'],
          })),
        ),
      ];
      for (const { issue, path } of issues) ctx.addIssue({ code: 'custom', message: issue.message, path });
    });
    // Unique names per level and the 200-menu limit.
    for (const issue of menuTreeIssues(menus)) ctx.addIssue({ code: 'custom', ...issue });
  });

export const appFormSchema = z.object({
  name: shape.name,
  descriptions: applicationDescriptionSchema,
  url: shape.url,
  logo: z.object({ id: idSchema.nullable().optional(), url: z.string().nullable() }),
  menus: menusSchema,
  sso: ssoFormSchema,
});
export type AppFormOutput = z.output<typeof appFormSchema>;

export const emptyAppFormValues: AppFormValues = {
  name: '',
  descriptions: '',
  url: '',
  logo: { id: null, url: null },
  menus: [],
  sso: emptySsoFormValues,
};

export function toAppFormValues(app: ApplicationDetail): AppFormValues {
  return {
    name: app.name,
    descriptions: app.descriptions ?? '',
    url: app.url,
    logo: { id: undefined, url: app.logo_uploaded ? app.logo_url : null },
    menus: app.menus.map((menu) => ({
      key: `menu-${menu.id}`,
      id: menu.id,
      name: menu.name,
      children: menu.menu.map((child) => ({ key: `menu-${child.id}`, id: child.id, name: child.name })),
    })),
    sso: toSsoFormValues(app.sso),
  };
}

/** `withSso`: false for app 1, which has no client (its payload leaves `sso` out: unchanged). */
export function toApplicationPayload(values: AppFormOutput, withSso = true): ApplicationPayload {
  return {
    name: values.name,
    descriptions: values.descriptions || null,
    url: values.url,
    ...(values.logo.id === undefined ? {} : { logo_id: values.logo.id }),
    menus: values.menus.map((menu) => ({
      ...(menu.id === undefined ? {} : { id: menu.id }),
      name: menu.name.normalize('NFC').trim(),
      children: menu.children.map((child) => ({
        ...(child.id === undefined ? {} : { id: child.id }),
        name: child.name.normalize('NFC').trim(),
      })),
    })),
    ...(withSso ? { sso: toSsoPayload(values.sso) } : {}),
  };
}

/** Save needs a name and a URL (the rest is checked on submit, with messages under the fields). */
export const canSave = (values: Pick<AppFormValues, 'name' | 'url'>) =>
  values.name.trim() !== '' && values.url.trim() !== '';
