export * from './descriptor';
