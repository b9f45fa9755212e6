/**
 * The administration side's tables as the data layer types them (ADR 0026): users, roles,
 * applications, menus, the audit and what hangs off them. Column types are what both stores give
 * back (times: milliseconds in a 64-bit integer).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled as each store moves
export interface AdminTables {}
