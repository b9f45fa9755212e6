import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { t } from '@sso/shared/i18n';
import { Button, confirm, safeHexColor } from '@sso/shared/ui';
import { Drawer, Select, runAndToast } from '@sso/shared/ui-data';
import { useCompanies } from '../../reference-data/get-companies';
import { useRoleOptions } from '../../reference-data/get-role-options';
import { useUserPrivilege } from '../../privilege/user-privilege';
import { ApUnitPicker } from '../../shared/ap-unit-picker';
import { reduceApSelection, type ApSelection } from '../../shared/ap-selection';
import { companiesChoiceSchema, roleChoiceSchema } from '../../shared/choice-schemas';
import { useBulkCompanies, useBulkRole } from '../../api/bulk-api';
import { texts } from '../../texts';
import { bulkTexts } from '../../shared/bulk-texts';
import styles from './user-bulk-actions.module.css';

export interface UserBulkActionsProps {
  /** The selected users. */
  ids: number[];
  /** After a change was saved (the selection is cleared). */
  onDone: () => void;
  buttonClassName?: string;
}

type Open = 'role' | 'companies' | null;

/** "Ubah Role": the new role (the user form's rule and message). */
const roleFormSchema = z.object({ roleId: roleChoiceSchema });
type RoleFormValues = z.input<typeof roleFormSchema>;
/** "Tambah AP/Unit": the APs and units added (at least one AP). */
const companiesFormSchema = z.object({ companies: companiesChoiceSchema });
type CompaniesFormValues = { companies: ApSelection };

/**
 * The bulk bar's "Ubah Role" and "Tambah AP/Unit" (issue 33): each opens a panel to choose, then
 * one confirmation naming the count; the api checks every user (the refused are named in its
 * message and nothing is written), which the toast shows.
 */
export function UserBulkActions({ ids, onDone, buttonClassName }: UserBulkActionsProps) {
  const [open, setOpen] = useState<Open>(null);
  const roleForm = useForm<RoleFormValues, unknown, z.output<typeof roleFormSchema>>({
    resolver: zodResolver(roleFormSchema),
    defaultValues: { roleId: null },
  });
  const companiesForm = useForm<CompaniesFormValues, unknown, z.output<typeof companiesFormSchema>>({
    resolver: zodResolver(companiesFormSchema),
    defaultValues: { companies: [] },
  });
  const roles = useRoleOptions();
  const companyList = useCompanies();
  const privilege = useUserPrivilege();
  const bulkRole = useBulkRole();
  const bulkCompanies = useBulkCompanies();
  const count = ids.length;

  const close = () => {
    setOpen(null);
    roleForm.clearErrors();
    companiesForm.clearErrors();
  };
  const finish = (done: boolean) => {
    if (!done) return;
    close();
    roleForm.reset();
    companiesForm.reset();
    onDone();
  };

  const applyRole = roleForm.handleSubmit(async ({ roleId }) => {
    const role = roles.data?.find((r) => r.id === roleId);
    if (!role) return;
    const ok = await confirm({
      variant: 'question',
      title: bulkTexts.changeRoleConfirm(count, role.name),
      body: bulkTexts.changeRoleConfirmBody,
      confirmLabel: bulkTexts.changeRole,
      cancelLabel: t.common.cancel,
    });
    if (!ok) return;
    finish(await runAndToast(() => bulkRole.mutateAsync({ ids, role_id: role.id })));
  });

  const applyCompanies = companiesForm.handleSubmit(async ({ companies }) => {
    const ok = await confirm({
      variant: 'question',
      title: bulkTexts.addCompaniesConfirm(count),
      body: bulkTexts.addCompaniesConfirmBody,
      confirmLabel: bulkTexts.addCompanies,
      cancelLabel: t.common.cancel,
    });
    if (!ok) return;
    const perusahaan = companies.map((c) => ({
      perusahaan_id: c.perusahaanId,
      cabang: c.cabangIds.map((id) => ({ cabang_id: id })),
    }));
    finish(await runAndToast(() => bulkCompanies.mutateAsync({ ids, perusahaan })));
  });

  const busy = bulkRole.isPending || bulkCompanies.isPending;
  const footer = (onApply: () => Promise<void>) => (
    <div className={styles.drawerActions}>
      <Button variant="secondary" onClick={close}>
        {t.common.cancel}
      </Button>
      <Button loading={busy} onClick={() => void onApply()}>
        {bulkTexts.apply}
      </Button>
    </div>
  );

  return (
    <>
      <Button variant="secondary" className={buttonClassName} onClick={() => setOpen('role')}>
        {bulkTexts.changeRole}
      </Button>
      <Button variant="secondary" className={buttonClassName} onClick={() => setOpen('companies')}>
        {bulkTexts.addCompanies}
      </Button>
      <Drawer
        open={open === 'role'}
        onOpenChange={(next) => (next ? setOpen('role') : close())}
        title={bulkTexts.changeRoleTitle}
        description={bulkTexts.changeRoleBody(count)}
        footer={footer(applyRole)}
      >
        <Controller
          control={roleForm.control}
          name="roleId"
          render={({ field, fieldState }) => (
            <Select<number>
              label={bulkTexts.newRole}
              placeholder={texts.rolePlaceholder}
              // Only roles the actor may give (the api refuses the others the same way).
              options={(roles.data ?? [])
                .filter((role) => privilege.mayGive(role.id))
                .map((role) => ({
                  value: role.id,
                  label: role.name,
                  color: safeHexColor(role.color.hex_code),
                }))}
              loading={roles.isPending}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
      </Drawer>
      <Drawer
        open={open === 'companies'}
        onOpenChange={(next) => (next ? setOpen('companies') : close())}
        title={bulkTexts.addCompaniesTitle}
        description={bulkTexts.addCompaniesBody(count)}
        footer={footer(applyCompanies)}
      >
        <Controller
          control={companiesForm.control}
          name="companies"
          render={({ field, fieldState }) => (
            <ApUnitPicker
              companies={companyList.data ?? []}
              loading={companyList.isPending}
              value={field.value}
              onAction={(action) =>
                companiesForm.setValue(
                  'companies',
                  reduceApSelection(field.value, action, companyList.data ?? []),
                  { shouldDirty: true, shouldValidate: true },
                )
              }
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
      </Drawer>
    </>
  );
}
