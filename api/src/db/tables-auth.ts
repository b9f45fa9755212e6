/**
 * The sign-in side's tables as the data layer types them (ADR 0026): sessions, codes, devices,
 * two-step factors, the provider's storage and the reference data. Column types are what both
 * stores give back (times: milliseconds in a 64-bit integer).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled as each store moves
export interface AuthTables {}
