export * from './descriptor';
export { appPaths } from './app-paths';
export { decodeHashId, encodeHashId, type HashIdResult, type HashIdSchema } from './hash-id';
