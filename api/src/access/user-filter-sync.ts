import type { UserListParams } from '@sso/shared/contract';
import type { ScopeTerm } from './admin-scope';
import { containsPattern } from '../http/reply';

/*
 * The users list's filter as SQLite text, for Peta Akses (access-map.ts), which still reads on the
 * SQLite connection; this file goes when Peta Akses moves onto the data layer (ADR 0026). The users
 * list itself builds the same filter on the data layer (users/user-queries.ts, `userFilter`).
 */

type Args = Array<string | number>;

/** The trigram index answers substrings of at least this many characters. */
const TRIGRAM = 3;

/**
 * `keyword` as a WHERE term: nama, nik or phone contains it, ignoring ASCII case, with %, _ and \
 * taken literally. The LIKE test is the definition; for 3 characters or more the trigram index
 * (`users_search`, case-folded) first narrows the rows to those holding every trigram of the
 * keyword in sequence, a superset of the LIKE matches, so results and totals are those of the
 * plain scan. Shorter keywords have no trigram and scan with LIKE alone, as do keywords holding a
 * NUL character (LIKE reads its pattern only up to there, the index would look for all of it).
 */
function keywordFilter(keyword: string): { sql: string; args: string[] } {
  const pattern = containsPattern(keyword);
  // `+?`: see the note on bound values above.
  const like = `(u.nama LIKE +? ESCAPE '\\' OR u.nik LIKE +? ESCAPE '\\' OR u.phone LIKE +? ESCAPE '\\')`;
  if ([...keyword].length < TRIGRAM || keyword.includes('\0')) {
    return { sql: like, args: [pattern, pattern, pattern] };
  }
  // One FTS5 phrase (a quoted string, quotes doubled): the trigram tokenizer reads it as a substring.
  const phrase = `"${keyword.replace(/"/g, '""')}"`;
  return {
    sql: `u.id IN (SELECT rowid FROM users_search WHERE users_search MATCH ?) AND ${like}`,
    args: [phrase, pattern, pattern, pattern],
  };
}

/**
 * The WHERE terms of the list's search and filters (also the export's, see user-export.ts), within
 * the actor's administration scope (`scope`, admin-scope.ts; null for a group-wide actor).
 */
export function userFilterOf(
  params: Omit<UserListParams, 'page' | 'perPage' | 'sort' | 'sortBy'>,
  scope: ScopeTerm | null = null,
): {
  where: string[];
  args: Args;
} {
  const where: string[] = [];
  const args: Args = [];
  if (scope) {
    where.push(scope.sql);
    args.push(...scope.args);
  }
  if (params.keyword) {
    const keyword = keywordFilter(params.keyword);
    where.push(keyword.sql);
    args.push(...keyword.args);
  }
  if (params.perusahaan_id !== undefined) {
    where.push('EXISTS (SELECT 1 FROM user_companies f WHERE f.user_id = u.id AND f.company_id = ?)');
    args.push(params.perusahaan_id);
  }
  if (params.cabang_id !== undefined) {
    where.push('EXISTS (SELECT 1 FROM user_branches f WHERE f.user_id = u.id AND f.branch_id = ?)');
    args.push(params.cabang_id);
  }
  if (params.role_id !== undefined) {
    where.push('u.role_id = ?');
    args.push(params.role_id);
  }
  if (params.status !== undefined) {
    where.push('u.is_active = ?');
    args.push(params.status === 'active' ? 1 : 0);
  }
  if (params.created_from !== undefined) {
    // ISO times compare as text (users_created index); Home's "added in the last 7 days".
    where.push('u.created_at >= ?');
    args.push(params.created_from);
  }
  return { where, args };
}
