import { resourceDescription } from '../displayOptions';
import { add } from './add/add.operation';
import { get } from './get.operation';
import { search } from './search.operation';

/** In the order of the Operation dropdown; the first is its default. */
export const contactOperations = [add, get, search] as const;

export const contactDescription = resourceDescription('contact', contactOperations);
