export {
  createQueryClient,
  shouldRetry,
  retryDelay,
  GC_TIME_MS,
  MAX_RETRIES,
  MAX_RETRY_DELAY_MS,
} from './query-client';
export {
  userKeys,
  roleKeys,
  referenceKeys,
  applicationKeys,
  auditKeys,
  accountKeys,
  accessMapKeys,
} from './keys';
export {
  EDIT_RECORD_QUERY,
  editRecordQueryOptions,
  listPageQuery,
  listPageQueryOptions,
  type ListPageParams,
} from './edit-record';
export { type RecordUpdate, useWriteMutation } from './write-mutation';
export { getRoleOptions, roleOptionsQueryOptions } from './role-options';
