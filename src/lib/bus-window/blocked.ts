import type { OvosAddress } from '$lib/protocol/address';

/**
 * The window reaches the OVOS the app server is configured for. A screen pointed elsewhere by URL
 * options (`?host=…&guiPort=…&busPort=…`) must not send that device's buttons to another one.
 */
export function windowBlocked(configured: OvosAddress, effective: OvosAddress): string | null {
	if (effective.host === configured.host && effective.guiPort === configured.guiPort && effective.busPort === configured.busPort) return null;
	const where = `${effective.host ?? 'this page’s host'}:${effective.guiPort}`;
	return `This needs the device’s message bus, which this screen is not connected to: it shows the OVOS at ${where} (set in its address), and the app server reaches only its own.`;
}
