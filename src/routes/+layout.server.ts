import { config } from '$lib/server/config';

export function load() {
	const c = config();
	return { ovos: c.ovos, allowedHosts: c.allowedHosts };
}
