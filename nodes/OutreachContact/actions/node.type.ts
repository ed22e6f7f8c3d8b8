import type { AllEntities } from 'n8n-workflow';

import type { contactOperations } from './contact/Contact.resource';
import type { Operation } from './operation';
import type { playbookOperations } from './playbook/Playbook.resource';
import type { profileOperations } from './profile/Profile.resource';
import type { sequenceOperations } from './sequence/Sequence.resource';

/** The operation values of a resource's list, as its operations' options write them. */
type ValuesOf<Operations extends readonly Operation[]> = Operations[number]['option']['value'];

/** Every resource of the node with its operations' values, derived from the resources' lists. */
type NodeMap = {
	contact: ValuesOf<typeof contactOperations>;
	playbook: ValuesOf<typeof playbookOperations>;
	sequence: ValuesOf<typeof sequenceOperations>;
	profile: ValuesOf<typeof profileOperations>;
};

export type OutreachContactType = AllEntities<NodeMap>;
