export * from './descriptor';
export { getRuntimeConfig, setRuntimeConfig } from './runtime-config';
export { appPaths } from './app-paths';
export { decodeHashId, encodeHashId, type HashIdResult, type HashIdSchema } from './hash-id';
