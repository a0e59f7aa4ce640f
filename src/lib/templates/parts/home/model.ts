/**
 * What the home screen shows, whoever feeds it: the homescreen skill's `idle` page (from its data and
 * widget events) or OVOS-GUI-1 `SYSTEM_idle` (from the device's own clock).
 */
import type { JsonObject } from '$lib/protocol';
import type { ClockParts } from '../clock';
import type { ImageSource } from '../../media-src';
import type { Rows } from '../rows';

export type { Rows } from '../rows';

export type Connectivity = 'online' | 'network' | 'offline';
export type MediaState = 'playing' | 'paused' | 'stopped';
/** What the media bar's buttons ask of the player. */
export type MediaControl = 'pause' | 'resume' | 'stop';

export interface NotificationView {
	readonly key: string;
	readonly sender: string;
	readonly text: string;
	/** Bus message type to send when the notification is acted on; '' = none. */
	readonly action: string;
	readonly callbackData: JsonObject;
	/** The notification as stored: `storage.clear.item` sends it back. */
	readonly raw: JsonObject;
}

export interface AppView {
	readonly key: string;
	readonly name: string;
	readonly thumbnail: ImageSource;
	/** Bus message type the app's entry sends. */
	readonly action: string;
}

export interface HomeModel {
	/** null = the clock of the device this screen runs on. */
	readonly time: ClockParts | null;
	readonly date: string;
	/** The date with a short month, for portrait screens (as the homescreen does). */
	readonly dateShort: string;
	readonly wallpaper: ImageSource;
	/** null = no weather shown. `code` is the homescreen's 0–7 code, null when unknown. */
	readonly weather: { readonly code: number | null; readonly temp: string } | null;
	readonly connectivity: Connectivity | null;
	readonly examples: readonly string[];
	readonly examplePrefix: boolean;
	readonly notifications: { readonly count: number; readonly items: Rows<NotificationView> };
	readonly timers: number;
	readonly alarms: number;
	readonly media: { readonly state: MediaState; readonly title: string; readonly artist: string } | null;
	readonly apps: Rows<AppView>;
	readonly rtl: boolean;
}

export const EMPTY_HOME: HomeModel = {
	time: null,
	date: '',
	dateShort: '',
	wallpaper: { kind: 'none' },
	weather: null,
	connectivity: null,
	examples: [],
	examplePrefix: false,
	notifications: { count: 0, items: [] },
	timers: 0,
	alarms: 0,
	media: null,
	apps: [],
	rtl: false
};
