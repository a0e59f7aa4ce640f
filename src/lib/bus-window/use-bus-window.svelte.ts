/**
 * Wires a screen route to the app server's bus window: started on mount, stopped on leave, blocked
 * when the URL points the screen at another OVOS.
 * Notifications and the volume OSD are loaded with the first of their events that may show
 * something, or when the route asks (`load`, the kiosk's shade): a replayed baseline waits (early.ts).
 */
import { onMount } from 'svelte';
import { addressFromParams, type OvosAddress } from '$lib/protocol/address';
import type { WindowEvent } from '$lib/protocol/bus-window';
import { withSaved } from '$lib/settings/screen-params';
import { windowBlocked } from './blocked';
import { FEATURE_EVENT, keep, showsSomething } from './early';
import type { Features } from './features';
import { BusWindowClient } from './window-client.svelte';

export interface BusWindowRoute {
	readonly window: BusWindowClient;
	/** Null until a notification or volume event may show something, or `load` was called. */
	readonly features: Features | null;
	/** Loads the features now (a view that shows their state is opening); resolves once they are in. */
	load(): Promise<void>;
}

export function useBusWindow(data: () => { readonly ovos: OvosAddress; readonly saved: string }, url: () => URL): BusWindowRoute {
	const params = withSaved(url().searchParams, data().saved);
	const window = new BusWindowClient({ blocked: windowBlocked(data().ovos, addressFromParams(params, data().ovos)) });
	let features = $state<Features | null>(null);
	let stopped = false;
	let early: WindowEvent[] = [];
	let loading: Promise<void> | null = null;
	const load = () =>
		(loading ??= import('./features').then(
			({ createFeatures }) => {
				offEarly();
				if (!stopped) features = createFeatures(window, early);
			},
			// Not fetched (offline, not cached): the next event or ask tries again.
			() => void (loading = null)
		));
	const offEarly = window.on((ev) => {
		if (!FEATURE_EVENT.test(ev.type)) return;
		if (loading || showsSomething(early, ev)) {
			early = [...early, ev];
			void load();
		} else early = keep(early, ev);
	});
	onMount(() => {
		window.start();
		return () => {
			stopped = true;
			offEarly();
			window.stop();
			features?.destroy();
		};
	});
	return {
		window,
		get features() {
			return features;
		},
		load
	};
}
