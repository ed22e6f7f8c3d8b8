/**
 * The numbers of the pacing rules (docs/pacing.md numbers the rules; the code points to them as
 * "rule N"). Each constant says what it is for.
 */

/** The service's window: it accepts the limit of requests in any sliding 60 s. */
export const SERVICE_WINDOW_MS = 60_000;

/**
 * Rule 1: a request holds its slot until this long after its answer came. The service counted
 * it on arrival, before we saw the answer, so its window has passed by then whatever the network
 * did on the way; the margin covers the service's clock steps (Retry-After is in whole seconds).
 */
export const SLOT_HOLD_MS = SERVICE_WINDOW_MS + 500;

/**
 * Rules 4 and 5: how far back "the last window" reaches for answer times, cuts and probes: the
 * service's minute and a second for the answers that end it.
 */
export const WINDOW_MS = SERVICE_WINDOW_MS + 1_000;

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

/**
 * Rule 5: an answer that took this many times the lowest answer time has waited about as long as
 * it travelled (in this process's busy event loop, or at a busy service).
 */
export const WAITED_RATIO = 2;

/** Rule 5: below this many times the lowest answer time, answers no longer wait. */
export const UNWAITED_RATIO = 1.5;

/** Rule 5: windows after a cut during which only MIN_IN_FLIGHT requests are in flight. */
export const CALM_WINDOWS = 3;

/** Rule 4: a probe leaves this long after the last send (and only when held back for twice as long). */
export const PROBE_GAP_MS = BURST_MS;
