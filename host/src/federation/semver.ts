/**
 * The semver ranges our builds emit for shared singletons (`^x.y.z`, `~x.y.z`, an exact `x.y.z`),
 * plus `*` and `>=x.y.z`. Anything else is not understood and so not satisfied: the host refuses
 * a remote it cannot check rather than guess (ADR 0002).
 */
type Triple = [number, number, number];

interface Parsed {
  triple: Triple;
  prerelease: boolean;
}

const VERSION = /^v?(\d+)\.(\d+)\.(\d+)(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;

export function parseVersion(version: string): Parsed | null {
  const match = VERSION.exec(version.trim());
  if (!match) return null;
  return { triple: [Number(match[1]), Number(match[2]), Number(match[3])], prerelease: Boolean(match[4]) };
}

function compare(a: Triple, b: Triple): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** The exclusive upper bound of a caret range: the first non-zero part may not change. */
function caretCeiling([major, minor, patch]: Triple): Triple {
  if (major > 0) return [major + 1, 0, 0];
  if (minor > 0) return [0, minor + 1, 0];
  return [0, 0, patch + 1];
}

/** Whether `version` lies in `range`. A pre-release only matches the exact same string. */
export function satisfies(version: string, range: string): boolean {
  const wanted = range.trim();
  const have = parseVersion(version);
  if (!have) return false;
  if (wanted === '*' || wanted === '') return !have.prerelease;
  const operator = /^(\^|~|>=|=)?/.exec(wanted)?.[1] ?? '';
  const base = parseVersion(wanted.slice(operator.length));
  if (!base) return false;
  if (have.prerelease || base.prerelease) {
    return (
      operator !== '>=' &&
      version.trim().replace(/^v/, '') === wanted.slice(operator.length).replace(/^v/, '')
    );
  }
  const low = compare(have.triple, base.triple);
  switch (operator) {
    case '':
    case '=':
      return low === 0;
    case '>=':
      return low >= 0;
    case '^':
      return low >= 0 && compare(have.triple, caretCeiling(base.triple)) < 0;
    case '~': {
      const [major, minor] = base.triple;
      return low >= 0 && compare(have.triple, [major, minor + 1, 0]) < 0;
    }
    default:
      return false;
  }
}
