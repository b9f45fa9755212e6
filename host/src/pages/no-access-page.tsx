import { Link } from '@sso/shared/navigation';
import { t } from '@sso/shared/i18n';
import { StatePanel } from '@sso/shared/ui';

/** A route above the user's level (DESIGN "Access control"): never the form, always a way back. */
export function NoAccessPage() {
  return (
    <StatePanel
      page
      title={t.access.noAccessTitle}
      body={t.access.noAccessBody}
      action={<Link to="/home">{t.access.backHome}</Link>}
    />
  );
}
