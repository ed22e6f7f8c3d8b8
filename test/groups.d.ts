/** The types of test/groups.js (CommonJS, for jest's configuration files). */
export const GROUPS: Record<string, { folder: string; mocksTransport: boolean }>;
export const RUN_ALONE: string[];
export const TRANSPORT_API: string;
export function membersOf(group: string): string[];
export function nameOf(path: string): string;
export function groupedPattern(): string;
export function cannotJoin(source: string): string | undefined;
