export * from './descriptor';
export { getRuntimeConfig, setRuntimeConfig } from './runtime-config';
