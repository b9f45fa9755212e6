import { PANEL_MENU, type User } from '@sso/shared/contract';
import { appPaths } from '@sso/shared/federation';
import { t } from '@sso/shared/i18n';
import { Link } from '@sso/shared/navigation';
import { useAccess } from '@sso/shared/session';
import { Button, safeHttpUrl } from '@sso/shared/ui';
import { ColorDot, Drawer } from '@sso/shared/ui-data';
import styles from './user-detail-drawer.module.css';
import { texts } from '../texts';

export interface UserDetailDrawerProps {
  user: User | null;
  onClose: () => void;
  /** Left out when the user may not delete (the Hapus button is not rendered). */
  onDelete?: (user: User) => void;
  /** Left out when the user may not edit. */
  onEdit?: (user: User) => void;
  deleting?: boolean;
}

/** Spec 2: the right-side drawer `Detail User` with Hapus and Edit. */
export function UserDetailDrawer({
  user,
  onClose,
  onDelete,
  onEdit,
  deleting = false,
}: UserDetailDrawerProps) {
  return (
    <Drawer
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t.users.detailTitle}
      footer={
        user && (onDelete || onEdit) ? (
          <>
            {onDelete ? (
              <Button
                variant="secondary"
                className={styles.delete}
                loading={deleting}
                onClick={() => onDelete(user)}
              >
                {t.common.delete}
              </Button>
            ) : null}
            {onEdit ? <Button onClick={() => onEdit(user)}>{t.common.edit}</Button> : null}
          </>
        ) : null
      }
    >
      {user ? <UserDetail user={user} /> : null}
      {user ? <ActivityLink userId={user.id} /> : null}
    </Drawer>
  );
}

/** Log Aktivitas filtered on this user, for whoever may read the log. */
function ActivityLink({ userId }: { userId: number }) {
  const { canView } = useAccess(PANEL_MENU.audit);
  if (!canView) return null;
  return (
    <p className={styles.activity}>
      <Link to={appPaths.audit.ofUser(userId)}>{texts.viewActivity}</Link>
    </p>
  );
}

function UserDetail({ user }: { user: User }) {
  const withUnits = user.perusahaan.filter((company) => company.cabang.length > 0);
  return (
    <dl className={styles.list}>
      <dt>{t.users.fieldName}</dt>
      <dd>{user.nama}</dd>
      <dt>{t.users.fieldNik}</dt>
      <dd>{user.nik}</dd>
      <dt>{t.users.fieldPhone}</dt>
      <dd>{user.phone || '-'}</dd>
      <dt>{t.users.fieldRole}</dt>
      <dd className={styles.role}>
        <ColorDot color={user.color_hex_code} size={12} />
        {user.role_name}
      </dd>
      <dt>{t.users.apList}</dt>
      <dd>
        {user.perusahaan.length === 0 ? (
          '-'
        ) : (
          <ul className={styles.companies}>
            {user.perusahaan.map((company) => {
              const logo = safeHttpUrl(company.perusahaan_logo_url);
              return (
                <li key={company.perusahaan_id} className={styles.company}>
                  {logo ? <img src={logo} alt="" width={28} height={28} className={styles.logo} /> : null}
                  <span>{company.perusahaan_name}</span>
                </li>
              );
            })}
          </ul>
        )}
      </dd>
      <dt>{t.users.unitList}</dt>
      <dd>
        {withUnits.length === 0 ? (
          texts.noUnits
        ) : (
          <div className={styles.unitGroups}>
            {withUnits.map((company) => (
              <section key={company.perusahaan_id} aria-label={texts.unitsOf(company.perusahaan_name)}>
                <p className={styles.unitCompany}>{company.perusahaan_name}</p>
                <ul className={styles.units}>
                  {company.cabang.map((unit) => (
                    <li key={unit.cabang_id}>
                      <span className={styles.unitCode}>{unit.cabang_kode}</span> {unit.cabang_name}
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </dd>
    </dl>
  );
}
