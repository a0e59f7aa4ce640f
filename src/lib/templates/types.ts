/** What every page template receives. Templates are pure views of these props. */
import type { ClientMessage, Json, PageRef } from '$lib/protocol';

/** `remote`: a screen elsewhere on the network (`/`); `kiosk`: the device's own screen (`/kiosk`). */
export type ScreenMode = 'remote' | 'kiosk';

/**
 * How this screen reaches files on the OVOS device. `mediaBase` is the URL prefix of the media
 * route when the app server runs on the device (see `media-src.ts`), else null.
 */
export interface MediaContext {
	readonly mediaBase: string | null;
}

export interface TemplateProps {
	/** The namespace's session data (shared by all its pages). */
	readonly data: Readonly<Record<string, Json>>;
	readonly namespace: string;
	readonly page: PageRef;
	/** Sends a message on the GUI socket; returns false when it could not be sent. */
	readonly send: (msg: ClientMessage) => boolean | void;
	readonly media?: MediaContext;
	readonly mode?: ScreenMode;
}
