import { listPlaybooks } from '../../transport/api';
import { listOperation } from '../listOperation';

export const getAll = listOperation('playbooks', listPlaybooks);
