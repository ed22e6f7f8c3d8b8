/**
 * The most bytes one event's state may take in the node's static data, as JSON (n8n rewrites
 * the static data with every emit). Each event's state is cut to fit before it is stored: the
 * oldest remembered ids go first (docs/trigger.md, "The bound on the state").
 */
export const MAX_STATE_BYTES = 512 * 1024;

/** The longest contact id the trigger keeps; a longer one is logged once and not emitted. */
export const MAX_ID_LENGTH = 64;
