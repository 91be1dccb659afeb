/** The service's notion of now, in milliseconds; tests pass their own to move time without waiting. */
export type Clock = () => number;
export const systemClock: Clock = () => Date.now();
