import { VERSION_CONFLICT_MESSAGE } from '@sso/shared/contract';
import { conflict } from './errors';

/**
 * An update that names the version it read must find the record still at that version (inside the
 * write's transaction, so no other write slips in between); one without a version is accepted.
 */
export function assertVersion(sent: number | undefined, stored: number): void {
  if (sent !== undefined && sent !== stored) throw conflict(VERSION_CONFLICT_MESSAGE);
}
