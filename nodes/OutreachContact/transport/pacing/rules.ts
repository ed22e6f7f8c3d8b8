/**
 * The numbers of the pacing rules (docs/pacing.md numbers the rules; the code points to them as
 * "rule N"). Each constant says what it is for.
 */

/** Rule 1: the service's minute plus a margin for clock and network jitter between us and it. */
export const WINDOW_MS = 61_000;

/** Rule 3: a cut never leaves a process less than this share of the limit. */
export const MIN_SHARE = 0.05;

/** Rule 3: a 429 cuts the budget to this share of itself. */
export const CUT_FACTOR = 0.7;

/** Rule 5: requests in flight are enough to send a whole budget within this time. */
export const BURST_MS = 5_000;

/** Rule 5: the fewest requests in flight, and all that are allowed while crowding is recent. */
export const MIN_IN_FLIGHT = 1;

/** Rule 5: the most requests in flight, whatever the answer time. */
export const MAX_IN_FLIGHT = 25;

/** Rule 5: windows after a cut during which only MIN_IN_FLIGHT requests are in flight. */
export const CALM_WINDOWS = 3;

/** Rule 4: a probe leaves this long after the last send (and only when held back for twice as long). */
export const PROBE_GAP_MS = BURST_MS;
