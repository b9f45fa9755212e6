export { sessionSchema, bearerOf, isExpired, initialOf, displayNameOf, type Session } from './session-schema';
export {
  SESSION_KEY,
  readSession,
  writeSession,
  clearSession,
  subscribeSession,
  useSession,
} from './session-store';
export { localValue, type StoredValueSchema } from './local-value';
export {
  useAccess,
  useCan,
  allowsAction,
  accessOf,
  sessionGrants,
  hasPanelAccess,
  type Access,
} from './access';
export {
  SESSION_END_NOTICE_KEY,
  noteSessionEnded,
  readSessionEndNotice,
  clearSessionEndNotice,
} from './session-end-notice';
