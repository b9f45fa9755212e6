type Runtime = typeof import('@module-federation/enhanced/runtime');

/**
 * The module federation runtime as the host's federation tests fake it (`jest.mock` factories): the
 * range check is the runtime's own (compatibility.ts relies on it), registrations are recorded, and
 * the test gives what differs (`getInstance`, `registerPlugins`).
 */
export function fakeRuntime(given: Record<string, unknown>) {
  return {
    satisfy: jest.requireActual<Runtime>('@module-federation/enhanced/runtime').satisfy,
    registerPlugins: jest.fn(),
    registerRemotes: jest.fn(),
    ...given,
  };
}

/**
 * `getInstance` of the host: a finder finds the remotes `loaded()` names (read at each call: the mock's
 * factory runs before the test's own variables exist), no finder gives the host itself.
 */
export function hostInstances(loaded: () => Iterable<string>, shared: Record<string, unknown>) {
  return (finder?: (instance: { options: { name: string } }) => boolean) => {
    if (finder) {
      const name = [...loaded()].find((n) => finder({ options: { name: n } }));
      return name ? { options: { name } } : null;
    }
    return { options: { name: 'host', shared } };
  };
}
