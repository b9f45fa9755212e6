import { type User, type UserAccount } from '@sso/shared/contract';
import { appPaths } from '@sso/shared/federation';
import { t } from '@sso/shared/i18n';
import { toApiError } from '@sso/shared/api';
import { Link } from '@sso/shared/navigation';
import { useCan } from '@sso/shared/session';
import { USER_NOT_COVERED_REASON } from '@sso/shared/access';
import { safeHttpUrl } from '@sso/shared/ui';
import {
  ActionButton,
  ColorDot,
  DetailList,
  RecordDrawer,
  type RecordDrawerHandlers,
} from '@sso/shared/ui-data';
import styles from './user-detail-drawer.module.css';
import { texts } from '../texts';
import { AccountSection, StatusChange } from './account/account-section';
import { LastSignIn } from '../shared/last-sign-in';
import { StatusChip } from '../shared/status-chip';
import { useUserAccount } from './account/api/get-user-account';
import { TwoStepSection } from './two-step/two-step-section';

/** The account actions of the drawer, for an administrator with the edit capability of Daftar User. */
export interface DrawerLifecycle {
  /** The signed-in administrator's own account (no status change or session ending from here). */
  isSelf: (user: User) => boolean;
  onStatusChange: (user: User, active: boolean) => void;
  changing: boolean;
}

export interface UserDetailDrawerProps extends RecordDrawerHandlers<User> {
  user: User | null;
  /**
   * Why the signed-in user may not edit, delete or change the status of this user (issue 37): each
   * button is then shown disabled with its reason instead of vanishing. Undefined: allowed.
   */
  whyNot?: { edit?: string | undefined; delete?: string | undefined; status?: string | undefined };
  /** Status, sessions and lock with their actions; left out without the edit capability. */
  lifecycle?: DrawerLifecycle;
}

/**
 * Spec 2: the right-side drawer `Detail User` with Hapus and Edit; then the account (status, last
 * sign-in, lock, sessions) with Nonaktifkan or Aktifkan for an editor of users.
 */
export function UserDetailDrawer({ user, lifecycle, whyNot = {}, ...handlers }: UserDetailDrawerProps) {
  const account = useUserAccount(user?.id ?? 0, user !== null && lifecycle !== undefined);
  const isSelf = user !== null && lifecycle !== undefined && lifecycle.isSelf(user);
  // A user whose role the administrator's does not cover: the api says so (403), no actions offered.
  const refused = account.isError && toApiError(account.error).status === 403;
  const active = account.data?.is_active ?? user?.is_active !== false;
  const statusReason = whyNot.status ?? (refused ? USER_NOT_COVERED_REASON : undefined);
  const statusButton = user ? (
    <ActionButton
      variant="secondary"
      loading={lifecycle?.changing}
      disabledReason={statusReason}
      onClick={() => lifecycle?.onStatusChange(user, !active)}
    >
      {active ? texts.deactivate : texts.activate}
    </ActionButton>
  ) : null;
  return (
    <RecordDrawer
      record={user}
      title={t.users.detailTitle}
      whyNot={whyNot}
      before={statusButton}
      {...handlers}
    >
      {user ? (
        <>
          <UserDetail user={user} account={lifecycle ? account.data : undefined} />
          <ActivityLink userId={user.id} />
          {lifecycle ? <AccountSection user={user} account={account} isSelf={isSelf} /> : null}
          {lifecycle && account.data ? <TwoStepSection user={user} isSelf={isSelf} /> : null}
        </>
      ) : null}
    </RecordDrawer>
  );
}

/** Log Aktivitas filtered on this user, for whoever may read the log. */
function ActivityLink({ userId }: { userId: number }) {
  const can = useCan();
  if (!can('listAudit')) return null;
  return (
    <p className={styles.activity}>
      <Link to={appPaths.audit.ofUser(userId)}>{texts.viewActivity}</Link>
    </p>
  );
}

/** The user's fields; the status and last sign-in from the account when read, else from the row. */
function UserDetail({ user, account }: { user: User; account: UserAccount | undefined }) {
  const withUnits = user.perusahaan.filter((company) => company.cabang.length > 0);
  return (
    <DetailList>
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
      <dt>{texts.fieldStatus}</dt>
      <dd className={styles.status}>
        <StatusChip active={account?.is_active ?? user.is_active} />
        {account ? <StatusChange account={account} /> : null}
      </dd>
      <dt>{texts.lastSignIn}</dt>
      <dd>
        <LastSignIn iso={account ? account.last_login_at : user.last_login_at} />
      </dd>
    </DetailList>
  );
}
