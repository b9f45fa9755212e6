import { screen } from '@testing-library/react';

/**
 * The open row menu's items as text: an available one by its name (`Edit`), one shown disabled with
 * its reason as `Edit (Role user ini memiliki akses di luar akses Anda)` (issue 37).
 */
export function menuItemTexts(): string[] {
  return screen.getAllByRole('menuitem').map((item) => {
    const name = item.getAttribute('aria-label') ?? item.textContent ?? '';
    if (item.getAttribute('aria-disabled') !== 'true') return name;
    const reasonId = item.getAttribute('aria-describedby');
    const reason = reasonId ? document.getElementById(reasonId)?.textContent : undefined;
    return `${name} (${reason ?? ''})`;
  });
}
