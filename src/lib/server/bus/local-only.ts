/**
 * OVOS binds its messagebus to 127.0.0.1 unless its mycroft.conf says otherwise (`websocket.host`,
 * read by ovos-messagebus; ovos-gui's socket is bound to every interface), so an app on another
 * machine reaches the screen but is refused on the bus the chat needs. Said where people meet it, with
 * the fix (docs/install.md, "Pointing it at a device").
 */
import { isLoopback } from '../../protocol/address';

/** Whether a failed bus connection to `host` is that refusal: refused, by another machine. */
export function busLocalOnly(host: string, reason: string): boolean {
	return /ECONNREFUSED/.test(reason) && !isLoopback(host);
}

/** The same, from the bus's URL (`ws://host:port/core`). */
export function busUrlLocalOnly(url: string, reason: string): boolean {
	try {
		return busLocalOnly(new URL(url).hostname, reason);
	} catch {
		return false;
	}
}

/** The fix, for the server's log. */
export const BUS_LOCAL_ONLY_FIX =
	'OVOS lets only programs on the device itself onto its messagebus unless its mycroft.conf says otherwise, and the chat needs that bus: run this app on the device (scripts/install.sh does), or set "websocket": {"host": "0.0.0.0"} in the device\'s mycroft.conf and restart ovos-messagebus (docs/install.md says what that opens)';
