/**
 * Wires a route to one `ScreenClient`: the address from the server's settings overridden by this
 * browser's (/settings) and then by the URL (`?host=…&guiPort=…`), started as soon as the page's code runs (before the first render, so
 * the GUI socket app.html opened early and its frames are taken at once) and stopped on leave, plus
 * the media rule. A `?host=` the server does not allow starts nothing: `refused` names it.
 */
import { onMount } from 'svelte';
import { browser } from '$app/environment';
import { chooseAddress, type AllowedHosts, type OvosAddress } from '$lib/protocol/address';
import { ScreenClient } from './screen-client.svelte';
import { mediaContext } from '$lib/templates/media-context';
import type { MediaContext } from '$lib/templates/types';
import { withSaved } from '$lib/settings/screen-params';

export interface ScreenRouteData {
	readonly ovos: OvosAddress;
	readonly allowedHosts: AllowedHosts;
	readonly mediaLocal: boolean;
	/** The screen options this browser saved on /settings; the URL's own win over them. */
	readonly saved: string;
}

export function useScreen(
	data: () => ScreenRouteData,
	url: () => URL
): { client: ScreenClient; media: () => MediaContext; refused: string | null; refusedSaved: boolean } {
	const client = new ScreenClient();
	const choice = chooseAddress(withSaved(url().searchParams, data().saved), data().ovos, data().allowedHosts, url().hostname);
	const address = choice.ok ? choice.address : data().ovos;
	if (browser && choice.ok) client.start(address, { serverAddress: data().ovos });
	// For the console and the fault tests (as the dashboard's `__ovosInspector`): `__ovosScreen.state`.
	if (browser) (globalThis as { __ovosScreen?: ScreenClient }).__ovosScreen = client;
	onMount(() => () => client.stop());
	return {
		client,
		media: () => mediaContext(data().mediaLocal, data().ovos, address, url().hostname),
		refused: choice.ok ? null : choice.host,
		// The refused host is this browser's saved one, not the link's: /settings is where to change it.
		refusedSaved: !choice.ok && !url().searchParams.has('host')
	};
}
