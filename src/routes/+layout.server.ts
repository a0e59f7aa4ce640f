import { config } from '$lib/server/config';

export function load() {
	return { ovos: config().ovos };
}
