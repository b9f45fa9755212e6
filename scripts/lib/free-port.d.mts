/** A port nothing listens on now on the loopback, for a server a script or test starts. */
export declare function freePort(): Promise<number>;
