import type { ReactNode } from 'react';
import { Link } from '@sso/shared/navigation';
import { useListReturn } from './list-return';

/** "Kembali ke daftar …": a link to the list's remembered place (search, filters, sort, page). */
export function BackToListLink({
  listPath,
  className,
  children,
}: {
  listPath: string;
  className?: string;
  children: ReactNode;
}) {
  const { to } = useListReturn(listPath);
  return (
    <Link className={className} to={to}>
      {children}
    </Link>
  );
}
