// react-router 8 ships ES modules only. Jest runs CommonJS here, so its files go through @swc/jest
// like the sources; `import.meta.hot` (Vite's HMR flag, which CommonJS cannot hold) reads undefined.
const { createTransformer } = require('@swc/jest');

module.exports = {
  createTransformer(options) {
    const swc = createTransformer(options);
    return {
      ...swc,
      process(source, file, config) {
        return swc.process(source.replace(/import\.meta\.hot/g, 'undefined'), file, config);
      },
      getCacheKey(source, file, config) {
        return `esm-${swc.getCacheKey(source, file, config)}`;
      },
    };
  },
};
