import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	ICredentials,
	IDataObject,
	IHttpRequestOptions,
	INode,
	INodeProperties,
	IRequestOptionsSimplified,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { ICredentialsHelper, Workflow } from 'n8n-workflow';
import { OutreachContactApi } from '../../credentials/OutreachContactApi.credentials';

import { CREDENTIAL_TYPE } from '../../nodes/OutreachContact/transport/request';

/** The credential's type name: one definition, the shipped one. */
export { CREDENTIAL_TYPE };
export { CREDENTIAL_REF } from '../workflowJson';

export interface OutreachCredentials {
	baseUrl: string;
	apiKey: string;
	requestsPerMinute?: number;
	maxAttempts?: number;
	maxRetryWaitSeconds?: number;
}

/** What tests pass as credentials: our fields, or any decrypted data (e.g. deliberately broken). */
export type CredentialsInput = OutreachCredentials | ICredentialDataDecryptedObject;

export const credentialType: ICredentialType = new OutreachContactApi();

/** The credential data with the credential's defaults filled in, as n8n does before use. */
export function withCredentialDefaults(
	data: ICredentialDataDecryptedObject,
): ICredentialDataDecryptedObject {
	const out: ICredentialDataDecryptedObject = {};
	for (const property of credentialType.properties) {
		if (property.default !== undefined) out[property.name] = property.default as never;
	}
	for (const [key, value] of Object.entries(data)) {
		if (value !== undefined) out[key] = value;
	}
	return out;
}

/** Resolves `={{$credentials.x}}` without a workflow (only used when n8n passes none). */
function resolveSimply(value: string, credentials: ICredentialDataDecryptedObject): string {
	if (!value.startsWith('=')) return value;
	return value
		.slice(1)
		.replace(/\{\{\s*\$credentials\.(\w+)\s*\}\}/g, (_, key: string) =>
			String(credentials[key] ?? ''),
		);
}

export class TestCredentialsHelper extends ICredentialsHelper {
	/** Every request that went through `authenticate`, after the auth was applied. */
	readonly requests: IHttpRequestOptions[] = [];

	constructor(private readonly credentials: CredentialsInput | undefined) {
		super();
	}

	getParentTypes(): string[] {
		return [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	/** Same steps as packages/cli credentials-helper.ts `authenticate`. */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		incomingRequestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		if (typeName !== CREDENTIAL_TYPE) throw new Error(`Unknown credential type ${typeName}`);
		const requestOptions = incomingRequestOptions as IHttpRequestOptions;
		const { authenticate } = credentialType;
		if (typeof authenticate === 'function') {
			const out = await authenticate(credentials, requestOptions);
			this.requests.push(out);
			return out;
		}
		if (authenticate && authenticate.type === 'generic') {
			requestOptions.headers ??= {};
			const resolve = (value: string): string => {
				if (!workflow || !node) return resolveSimply(value, credentials);
				if (typeof value !== 'string' || value.charAt(0) !== '=') return value;
				const resolved = workflow.expression.getSimpleParameterValue(
					node,
					value,
					'internal',
					{ $credentials: credentials },
					undefined,
					'',
				);
				return resolved ? resolved.toString() : '';
			};
			for (const [outerKey, outerValue] of Object.entries(authenticate.properties)) {
				const target = ((requestOptions as unknown as Record<string, IDataObject>)[outerKey] ??=
					{});
				for (const [key, value] of Object.entries(outerValue as IDataObject)) {
					target[resolve(key)] = resolve(value as string);
				}
			}
		}
		this.requests.push(requestOptions);
		return requestOptions;
	}

	async preAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async runPreAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async getCredentials(): Promise<ICredentials> {
		throw new Error('getCredentials is not available in tests; use getDecrypted');
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		_nodeCredentials: unknown,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		if (type !== CREDENTIAL_TYPE) throw new Error(`No test credentials of type ${type}`);
		if (!this.credentials) throw new Error('The test gave no credentials');
		return withCredentialDefaults(
			structuredClone(this.credentials) as ICredentialDataDecryptedObject,
		);
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties(type: string): INodeProperties[] {
		if (type !== CREDENTIAL_TYPE) throw new Error(`Unknown credential type ${type}`);
		return credentialType.properties;
	}
}
