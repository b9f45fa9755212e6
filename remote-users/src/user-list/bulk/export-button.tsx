import { useState } from 'react';
import { toApiError } from '@sso/shared/api';
import type { UserListQuery } from '@sso/shared/contract';
import { Button, toast } from '@sso/shared/ui';
import { downloadUsersCsv } from '../../api/bulk-api';
import { bulkTexts } from '../../shared/bulk-texts';

/**
 * "Unduh CSV" of the users list: exactly the rows of the current search and filters, all pages
 * (the api streams them; at most USER_EXPORT_MAX_ROWS, else its message).
 */
export function ExportButton({
  query,
  disabled,
  className,
}: {
  query: UserListQuery;
  disabled?: boolean;
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadUsersCsv(query, new Date().toISOString().slice(0, 10));
    } catch (error) {
      toast.error(`${bulkTexts.downloadFailed}: ${toApiError(error).message}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="secondary"
      className={className}
      loading={busy}
      disabled={disabled}
      onClick={() => void download()}
    >
      {busy ? bulkTexts.downloading : bulkTexts.download}
    </Button>
  );
}
