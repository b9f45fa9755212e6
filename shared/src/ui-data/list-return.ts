import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from '@sso/shared/navigation';

/**
 * Return to where you were (issue 37): a list remembers its place (search, filters, sort, page:
 * its whole query) for the tab's session; its edit, create and detail pages go back to that place
 * on Batal, after Simpan and on "Kembali ke daftar …", instead of the list's first page.
 */
const KEY_PREFIX = 'sso.list-place.';

/** The list's remembered address, only when it is that list's own (anything else: the bare list). */
export function listReturnPath(listPath: string, remembered: string | null | undefined): string {
  if (!remembered) return listPath;
  if (remembered === listPath) return listPath;
  if (!remembered.startsWith(`${listPath}?`)) return listPath;
  // One address of this panel: no scheme, no protocol-relative or backslash tricks, no fragment.
  if (/[\s#\\]/.test(remembered)) return listPath;
  return remembered;
}

function read(listPath: string): string | null {
  try {
    return window.sessionStorage.getItem(KEY_PREFIX + listPath);
  } catch {
    return null;
  }
}

function write(listPath: string, place: string): void {
  try {
    window.sessionStorage.setItem(KEY_PREFIX + listPath, place);
  } catch {
    // Storage refused (private mode, quota): the way back is the bare list.
  }
}

/** Called by a list page: remembers its current address whenever it changes. */
export function useRememberListPlace(listPath: string): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (pathname === listPath) write(listPath, `${pathname}${search}`);
  }, [listPath, pathname, search]);
}

/**
 * Called by an edit, create or detail page: `to` is the list's remembered place (a Link's `to`),
 * `go()` navigates there (Batal, after Simpan).
 */
export function useListReturn(listPath: string): { to: string; go: () => void } {
  const navigate = useNavigate();
  const to = listReturnPath(listPath, read(listPath));
  const go = useCallback(() => void navigate(listReturnPath(listPath, read(listPath))), [navigate, listPath]);
  return { to, go };
}
