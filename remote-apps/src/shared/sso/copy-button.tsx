import { Button, toast } from '@sso/shared/ui';
import { appsText } from '../../texts';

/** "Salin": copies `value` to the clipboard and says so (or how to copy by hand when refused). */
export function CopyButton({ value, what }: { value: string; what: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(appsText.sso.copied(what));
    } catch {
      toast.error(appsText.sso.copyFailed);
    }
  };
  return (
    <Button variant="secondary" aria-label={appsText.sso.copyLabel(what)} onClick={() => void copy()}>
      {appsText.sso.copy}
    </Button>
  );
}
