import { APP } from '$lib/i18n/app';
import type { OvosAddress } from '$lib/protocol/address';

/**
 * The window reaches the OVOS the app server is configured for. A screen pointed elsewhere by URL
 * options (`?host=…&guiPort=…&busPort=…`) must not send that device's buttons to another one.
 */
export function windowBlocked(configured: OvosAddress, effective: OvosAddress): string | null {
	if (effective.host === configured.host && effective.guiPort === configured.guiPort && effective.busPort === configured.busPort) return null;
	return APP.busBlocked(`${effective.host ?? APP.thisPageHost}:${effective.guiPort}`);
}
