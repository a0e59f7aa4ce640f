/**
 * Where an image of a skill can be loaded from. `show_image` sends absolute file paths of the
^ * device; a browser can only load them through this app's media route, and only when the
 * app server runs on that device.
 *
 * The rule (documented in the README): the media route is used when the OVOS host this screen
 * talks to is the app server's own machine — either the screen uses the server's own OVOS setting
 * and the server says that setting is local (no OVOS_HOST, or a loopback one), or the host given in
 * the URL is the very host this page was loaded from. Otherwise a local path is shown as "not
 * reachable from this screen" rather than a broken image.
 */
import type { Json } from '$lib/protocol';
import type { MediaContext } from './types';

export { MEDIA_PREFIX, mediaContext } from './media-context';

export type ImageSource =
	| { readonly kind: 'none' }
	| { readonly kind: 'url'; readonly src: string }
	| { readonly kind: 'unreachable'; readonly path: string }
	| { readonly kind: 'refused'; readonly value: string };

/** The media-route URL of an absolute device path; each segment is encoded. */
export function mediaUrl(base: string, path: string): string {
	return base + path.split('/').map(encodeURIComponent).join('/');
}

/** http(s) and base64 data images load as they are; SVG too, since inside an <img> it runs no script. */
export function imageSource(value: Json | undefined, media: MediaContext | undefined): ImageSource {
	if (typeof value !== 'string' || value.trim() === '') return { kind: 'none' };
	const v = value.trim();
	if (/^https?:\/\//i.test(v) || /^data:image\/(png|jpeg|gif|webp|avif|bmp|svg\+xml);base64,/i.test(v)) {
		return { kind: 'url', src: v };
	}
	let path: string | null = null;
	if (v.startsWith('/')) path = v;
	else if (/^file:\/\//i.test(v)) {
		try {
			path = decodeURIComponent(new URL(v).pathname);
		} catch {
			path = null;
		}
	}
	if (path === null) return { kind: 'refused', value: v };
	return media?.mediaBase ? { kind: 'url', src: mediaUrl(media.mediaBase, path) } : { kind: 'unreachable', path };
}

/** The last path segment, for showing which file could not be reached. */
export function fileName(path: string): string {
	return path.split('/').filter(Boolean).pop() ?? path;
}
