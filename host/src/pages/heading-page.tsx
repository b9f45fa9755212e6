import { PageHeader } from '@sso/shared/ui';

/** Home, App Management and Settings: headings only (spec 1, 2). */
export function HeadingPage({ title }: { title: string }) {
  return <PageHeader title={title} />;
}
