import { resourceDescription } from '../displayOptions';
import { get } from './get.operation';

export const profileOperations = [get] as const;

export const profileDescription = resourceDescription('profile', profileOperations);
