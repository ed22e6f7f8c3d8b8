import { listSequences } from '../../transport/api';
import { listOperation } from '../listOperation';

export const getAll = listOperation('sequences', listSequences);
