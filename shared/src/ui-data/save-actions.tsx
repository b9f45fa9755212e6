import { useId } from 'react';
import { t } from '@sso/shared/i18n';
import { Button, FormActions } from '@sso/shared/ui';

/**
 * A record form's sticky Batal / Simpan: Batal runs `onCancel` (back to the list), Simpan submits
 * the form. While `hint` is given (what is still missing, why it cannot be saved) it stands beside
 * the buttons and describes Simpan.
 */
export function SaveActions({
  onCancel,
  disabled,
  saving,
  hint,
}: {
  onCancel: () => void;
  disabled: boolean;
  saving: boolean;
  hint: string | undefined;
}) {
  const hintId = useId();
  return (
    <FormActions hintId={hintId} hint={hint}>
      <Button variant="secondary" onClick={onCancel}>
        {t.common.cancel}
      </Button>
      <Button
        type="submit"
        disabled={disabled}
        loading={saving}
        aria-describedby={hint === undefined ? undefined : hintId}
      >
        {t.common.save}
      </Button>
    </FormActions>
  );
}
