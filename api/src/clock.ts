/** Source of the current time in milliseconds; tests pass a controllable one. */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

export const toUnixSeconds = (ms: number) => Math.floor(ms / 1000);
