// CSS Modules: the default import maps local class names to generated ones (rspack.base.ts).
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
declare module '*.css';
