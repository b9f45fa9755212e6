import type { Role } from '@sso/shared/contract';
import { appPaths } from '@sso/shared/federation';
import { t } from '@sso/shared/i18n';
import { Link } from '@sso/shared/navigation';
import { safeHexColor, safeHttpUrl } from '@sso/shared/ui';
import { ColorDot, DetailList, RecordDrawer, type RecordDrawerHandlers } from '@sso/shared/ui-data';
import { rolesText } from '../texts';
import styles from './role-detail-drawer.module.css';

export interface RoleDetailDrawerProps extends RecordDrawerHandlers<Role> {
  role: Role | null;
}

/** The users list filtered on one role (the member count links there). */
export const usersOfRole = (roleId: number) => `${appPaths.users.list}?role_id=${roleId}`;

/**
 * "Detail Role": what a role grants, readable by anyone who may read roles (viewers included):
 * colour, member count (a link to its users), each application with its menu tree and every
 * level in words.
 */
export function RoleDetailDrawer({ role, ...handlers }: RoleDetailDrawerProps) {
  return (
    <RecordDrawer record={role} title={rolesText.detail.title} {...handlers}>
      {role ? <RoleDetail role={role} /> : null}
    </RecordDrawer>
  );
}

function RoleDetail({ role }: { role: Role }) {
  return (
    <DetailList>
      <dt>{rolesText.list.nameColumn}</dt>
      <dd className={styles.role}>
        <ColorDot color={role.color.hex_code} size={12} />
        {role.name}
      </dd>
      <dt>{rolesText.form.color}</dt>
      <dd>{safeHexColor(role.color.hex_code)}</dd>
      <dt>{rolesText.list.membersColumn}</dt>
      <dd>
        <Link to={usersOfRole(role.id)}>{rolesText.detail.seeMembers(role.member_count)}</Link>
      </dd>
      <dt>{rolesText.detail.access}</dt>
      <dd>
        {role.applications.length === 0 ? (
          rolesText.detail.noApplications
        ) : (
          <ul className={styles.apps}>
            {role.applications.map((app) => {
              const logo = safeHttpUrl(app.logo_url);
              return (
                <li key={app.apps_id}>
                  <p className={styles.app}>
                    {logo ? <img src={logo} alt="" width={24} height={24} className={styles.logo} /> : null}
                    {app.apps_name}
                  </p>
                  {app.menus.length === 0 ? (
                    <p className={styles.none}>{rolesText.detail.noMenus}</p>
                  ) : (
                    <ul className={styles.menus} aria-label={rolesText.form.menusOf(app.apps_name)}>
                      {app.menus.map((menu) => (
                        <li key={menu.id}>
                          <MenuLine name={menu.name} level={menu.acces_level} />
                          {menu.children.length > 0 ? (
                            <ul className={styles.children} aria-label={rolesText.form.subMenusOf(menu.name)}>
                              {menu.children.map((child) => (
                                <li key={child.id}>
                                  <MenuLine name={child.name} level={child.acces_level} />
                                </li>
                              ))}
                            </ul>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </dd>
    </DetailList>
  );
}

function MenuLine({ name, level }: { name: string; level: 1 | 2 | 3 }) {
  return (
    <span className={styles.menu}>
      <span className={styles.menuName}>{name}</span>
      <span className={`${styles.level} ${styles[`level${level}`]}`}>{t.roles.accessLevels[level]}</span>
    </span>
  );
}
