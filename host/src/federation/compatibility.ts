import { getInstance, satisfy } from '@module-federation/enhanced/runtime';
import type { ManifestShared } from '@sso/shared/federation';

/** Package name → the version the host provides of that shared singleton. */
export type ProvidedVersions = Record<string, string>;

/** A remote whose shared requirements the host cannot meet: never executed. */
export class IncompatibleRemoteError extends Error {
  override name = 'IncompatibleRemoteError';
}

/** The versions of the shared modules the host's federation runtime provides (its own build). */
export function hostProvidedVersions(): ProvidedVersions {
  const provided: ProvidedVersions = {};
  const shared = getInstance()?.options.shared ?? {};
  for (const [name, entries] of Object.entries(shared)) {
    const version =
      entries.find((e) => e.from === getInstance()?.options.name)?.version ?? entries[0]?.version;
    if (version) provided[name] = version;
  }
  return provided;
}

/** The host's version of `name`: the exact entry, else a prefix share such as `react/`. */
function providedVersionOf(name: string, provided: ProvidedVersions): string | undefined {
  if (provided[name]) return provided[name];
  let best: string | undefined;
  for (const key of Object.keys(provided)) {
    if (key.endsWith('/') && name.startsWith(key) && (!best || key.length > best.length)) best = key;
  }
  return best ? provided[best] : undefined;
}

/**
 * What the remote's build requires of each shared module the host provides, checked against what
 * the host provides, by the federation runtime's own range check (`satisfy`, the function with which
 * it chooses a shared version: the host refuses exactly what the runtime would not pick; it reads
 * ranges as npm's `semver` does, and a range it cannot read is not met). It is already in `main.js`:
 * npm's `semver` here cost the first screen ~5 KB (ADR 0016). Returns the Indonesian reason naming
 * every incompatibility, or null when the remote may load. A module the host does not provide is no
 * conflict: the remote brings its own copy.
 */
export function incompatibility(required: ManifestShared[], provided: ProvidedVersions): string | null {
  const problems = new Map<string, string>();
  for (const { name, requiredVersion } of required) {
    if (!requiredVersion) continue;
    const version = providedVersionOf(name, provided);
    if (version === undefined || satisfy(version, requiredVersion)) continue;
    // @sso/shared/ui and @sso/shared/api share one version: name the package once.
    const pkg = name.startsWith('@sso/shared/') ? '@sso/shared' : name;
    const key = `${pkg} ${requiredVersion} ${version}`;
    problems.set(key, `Membutuhkan ${pkg} ${requiredVersion}, host menyediakan ${version}`);
  }
  return problems.size ? [...problems.values()].join('; ') : null;
}
