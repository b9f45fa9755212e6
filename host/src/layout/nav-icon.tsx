import type { NavIcon as NavIconName } from '@sso/shared/federation';
import { ActivityIcon, GearIcon, GridIcon, HomeIcon, ShieldIcon, UsersIcon } from '@sso/shared/ui';

const icons = {
  home: HomeIcon,
  users: UsersIcon,
  roles: ShieldIcon,
  apps: GridIcon,
  settings: GearIcon,
  audit: ActivityIcon,
  generic: GridIcon,
} as const;

export function NavIcon({ name }: { name: NavIconName }) {
  const Icon = icons[name];
  return <Icon />;
}
