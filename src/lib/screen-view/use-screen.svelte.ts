/**
 * Wires a route to one `ScreenClient`: the address from the server's settings overridden by this
 * browser's (/settings) and then by the URL (`?host=…&guiPort=…`), started as soon as the page's code runs (before the first render, so
 * the GUI socket app.html opened early and its frames are taken at once) and stopped on leave, plus
 * the media rule. A `?host=` the server does not allow starts nothing: `refused` names it.
 */
import { onMount } from 'svelte';
import { browser } from '$app/environment';
import { chooseAddress, type AddressChoice, type AllowedHosts, type AllowedPorts, type OvosAddress } from '$lib/protocol/address';
import type { ScreenState } from '$lib/screen';
import { ScreenClient } from './screen-client.svelte';
import { mediaContext } from '$lib/templates/media-context';
import type { MediaContext } from '$lib/templates/types';
import { withSaved } from '$lib/settings/screen-params';

export interface ScreenRouteData {
	readonly ovos: OvosAddress;
	readonly allowedHosts: AllowedHosts;
	readonly allowedPorts: AllowedPorts;
	readonly mediaLocal: boolean;
	/** The screen options this browser saved on /settings; the URL's own win over them. */
	readonly saved: string;
	/** The page up on the device, as the server rendered it into the first HTML. */
	readonly first?: ScreenState | null;
}

export function useScreen(
	data: () => ScreenRouteData,
	url: () => URL
): { client: ScreenClient; media: () => MediaContext; refused: Extract<AddressChoice, { ok: false }> | null; refusedSaved: boolean } {
	const client = new ScreenClient();
	const choice = chooseAddress(withSaved(url().searchParams, data().saved), data().ovos, data().allowedHosts, url().hostname, data().allowedPorts);
	const address = choice.ok ? choice.address : data().ovos;
	// The server drew the page that is up; the browser hydrates that very page and holds it until its own socket has spoken.
	const first = choice.ok ? (data().first ?? undefined) : undefined;
	if (first) client.state = first;
	if (browser && choice.ok) client.start(address, { serverAddress: data().ovos, initial: first });
	// For the console and the fault tests (as the dashboard's `__ovosInspector`): `__ovosScreen.state`.
	if (browser) (globalThis as { __ovosScreen?: ScreenClient }).__ovosScreen = client;
	onMount(() => () => client.stop());
	return {
		client,
		media: () => mediaContext(data().mediaLocal, data().ovos, address, url().hostname),
		refused: choice.ok ? null : choice,
		// The refused host is this browser's saved one, not the link's: /settings is where to change it.
		refusedSaved: !choice.ok && !['host', 'guiPort', 'busPort'].some((k) => url().searchParams.has(k))
	};
}
