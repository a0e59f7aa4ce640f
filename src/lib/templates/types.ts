/** What every page template receives. Templates are pure views of these props. */
import type { ClientMessage, Json, JsonObject, PageRef } from '$lib/protocol';
import type { GuiEventRecord } from '$lib/screen';

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
	/** The latest data of each GUI event the namespace received (widgets arrive this way), by name. */
	readonly events?: Readonly<Record<string, GuiEventRecord>>;
	/** The app server's window onto the core bus, for what QML sends with `sendRequest`; absent = none. */
	readonly bus?: BusWindow;
}

/** A core-bus message a page asks for (QML `MycroftController.sendRequest`). */
export interface BusRequest {
	readonly type: string;
	readonly data?: JsonObject;
}

export type BusRequestResult = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/**
 * Core-bus requests go through the app server's narrow, allow-listed bus window, never a raw bus
 * socket. A control that needs it is shown disabled with `unavailable` as its tooltip when set.
 */
export interface BusWindow {
	/** Null when requests can be sent; otherwise why not, in words for a tooltip. */
	readonly unavailable: string | null;
	send(request: BusRequest): Promise<BusRequestResult>;
}
