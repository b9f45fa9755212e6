import { PageHeader } from '@sso/shared/ui';

/** Early version of this page; its issue completes it. */
export default function Page() {
  return <PageHeader title="Verifikasi OTP" />;
}
