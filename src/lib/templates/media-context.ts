/**
 * Whether a screen may load device files through the media route (the rule: media-src.ts). Its own
 * module: the screen needs it at start, the image readers only once a page shows a picture.
 */
import type { OvosAddress } from '$lib/protocol/address';
import type { MediaContext } from './types';

export const MEDIA_PREFIX = '/media';

/**
 * Whether this page may use the media route. `serverLocal` comes from the server (its configured
 * OVOS host is itself); `configured` is the server's address, `effective` the one after URL options.
 */
export function mediaContext(
	serverLocal: boolean,
	configured: OvosAddress,
	effective: OvosAddress,
	pageHost: string
): MediaContext {
	const sameAsServer = effective.host === configured.host;
	const pointsAtPageHost = effective.host !== null && effective.host.toLowerCase() === pageHost.toLowerCase();
	return { mediaBase: (serverLocal && sameAsServer) || pointsAtPageHost ? MEDIA_PREFIX : null };
}
