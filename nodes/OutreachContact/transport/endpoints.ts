/** The paths of the service, exactly as the interface writes them (relative to the Base URL). */
export const endpoints = {
	me: '/me',
	playbooks: '/playbooks/list/',
	sequences: '/sequences/list/',
	contacts: '/contact/',
	contact: (id: number) => `/contact/${id}/`,
	contactSearch: '/contact/search/',
	profile: '/profiles/get/',
} as const;
