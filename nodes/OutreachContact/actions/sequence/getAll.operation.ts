import { listSequences } from '../../transport/api';
import { listOperation } from '../listOperation';

export const getAll = listOperation('sequence', 'sequences', listSequences);
