import { searchPlaybooks, searchSequences } from './listSearch';

/** The dropdown searches of both nodes. */
export const listSearch = { searchSequences, searchPlaybooks };
