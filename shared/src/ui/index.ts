import './tokens.css';

export { Button, buttonClassName, type ButtonProps, type ButtonVariant } from './button';
export { Spinner } from './spinner';
export { Skeleton, FormSkeleton } from './skeleton';
export { TextField, type TextFieldProps } from './text-field';
export { FieldError } from './field-error';
export { PasswordField } from './password-field';
export { Toaster, toast, TOAST_DURATION_MS } from './toast';
export {
  ConfirmDialogHost,
  confirm,
  confirmWithInput,
  type ConfirmInput,
  type ConfirmOptions,
  type ConfirmVariant,
} from './confirm-dialog';
export { useLeaveConfirmation } from './use-leave-confirmation';
export { confirmPageLeave, hasUnsavedInput } from './unsaved-input';
export { StatePanel, type StatePanelProps } from './state-panel';
export {
  EditRecordState,
  RecordRefreshedNotice,
  VersionConflictAlert,
  confirmRecordReload,
  useEditedRecord,
  type EditedRecord,
  type EditRecordStateProps,
  type RecordQueryLike,
  type VersionConflictAlertProps,
} from './edit-record';
export { PageHeader } from './page-header';
export { FormActions, FormCard, FormServerError } from './form-layout';
export { usePageHeading } from './use-page-heading';
export { safeHttpUrl, safeHexColor } from './safe-values';
export * from './icons';
export { OtpInput, emptyOtp, otpCode, fillOtp, type OtpInputProps } from './otp-input';
