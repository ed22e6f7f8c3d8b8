import type { IExecuteFunctions, ILoadOptionsFunctions, IPollFunctions } from 'n8n-workflow';

/** The n8n contexts the transport sends requests for: a node's run, a list search, a poll. */
export type RequestContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;
