/**
 * The screen's notification and volume features, loaded the first time the bus window carries one of
 * their events (a kiosk without them never fetches this). Events that came while it loaded are replayed.
 */
import type { WindowEvent } from '$lib/protocol/bus-window';
import { NotificationCenter } from './notification-center.svelte';
import { VolumeWatch } from './volume-watch.svelte';
import type { BusWindowClient } from './window-client.svelte';

export interface Features {
	readonly notices: NotificationCenter;
	readonly volume: VolumeWatch;
	destroy(): void;
}

export function createFeatures(window: BusWindowClient, earlier: readonly WindowEvent[]): Features {
	const notices = new NotificationCenter(window);
	const volume = new VolumeWatch(window);
	for (const ev of earlier) {
		notices.apply(ev);
		volume.apply(ev);
	}
	return {
		notices,
		volume,
		destroy() {
			notices.destroy();
			volume.destroy();
		}
	};
}
