/**
 * Wires a screen route to the app server's bus window: started on mount, stopped on leave, blocked
 * when the URL points the screen at another OVOS. `?token=…` is kept for later and dropped from the URL.
 */
import { onMount, tick } from 'svelte';
import { replaceState } from '$app/navigation';
import { page } from '$app/state';
import { storedApiToken, takeApiToken } from '$lib/api-token';
import { addressFromParams, type OvosAddress } from '$lib/protocol/address';
import { NotificationCenter } from './notification-center.svelte';
import { BusWindowClient } from './window-client.svelte';
import { windowBlocked } from './blocked';

export function useBusWindow(data: () => { readonly ovos: OvosAddress }, url: () => URL): { window: BusWindowClient; notices: NotificationCenter } {
	const u = url();
	const window = new BusWindowClient({ token: () => storedApiToken(), blocked: windowBlocked(data().ovos, addressFromParams(u.searchParams, data().ovos)) });
	const notices = new NotificationCenter(window);
	onMount(() => {
		const rest = takeApiToken(url());
		window.start();
		// The router is ready only after mount; the token then leaves the address bar.
		if (rest) void tick().then(() => replaceState(rest, page.state));
		return () => {
			window.stop();
			notices.destroy();
		};
	});
	return { window, notices };
}
