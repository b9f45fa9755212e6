// Rspack's file-system import, as far as the apps use it: lazy loaders keyed by path relative to the
// importing file (`import.meta.glob('./**/*-page.tsx')`).
interface ImportMeta {
  glob<T = unknown>(pattern: string): Record<string, () => Promise<T>>;
}
