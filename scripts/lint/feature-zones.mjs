// Features do not import each other (issue 29; bulletproof-react's `import/no-restricted-paths`
// zones): inside a remote, every folder of `src/` is a feature (a screen or a part of one) unless
// it is a layer, which any feature may import. A feature imports its own files, the layers and the
// remote's top-level files (texts.ts); a layer imports layers only. What two features need moves
// into a layer (`shared/`, `api/`, …); screens are put together in `exposes.ts`, not in each other.
import fs from 'node:fs';
import path from 'node:path';

/** The folders of a remote's `src/` that are layers, not features. */
export const LAYER_FOLDERS = ['shared', 'api', 'reference-data', 'privilege', 'test-support'];

/** The feature folders and the layer folders of `<root>/<app>/src`. */
export function foldersOf(root, app) {
  const entries = fs.readdirSync(path.join(root, app, 'src'), { withFileTypes: true });
  const folders = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  return {
    features: folders.filter((name) => !LAYER_FOLDERS.includes(name)),
    layers: folders.filter((name) => LAYER_FOLDERS.includes(name)),
  };
}

/** `import-x/no-restricted-paths` zones keeping `app`'s features and layers apart (paths from `root`). */
export function featureZones(root, app) {
  const { features, layers } = foldersOf(root, app);
  const src = `./${app}/src`;
  return [
    ...features.flatMap((feature) =>
      features
        .filter((other) => other !== feature)
        .map((other) => ({
          target: `${src}/${feature}`,
          from: `${src}/${other}`,
          message: `A feature does not import another (${feature} → ${other}): move what both need into a layer of ${app} (src/shared, src/api, …) or put the screens together in exposes.ts.`,
        })),
    ),
    ...layers.flatMap((layer) =>
      features.map((feature) => ({
        target: `${src}/${layer}`,
        from: `${src}/${feature}`,
        message: `A layer does not import a feature (${layer} → ${feature}): move the code it needs into the layer.`,
      })),
    ),
  ];
}
