/** What the screen routes (`/`, `/kiosk`) need from the server besides the layout's OVOS address. */
import { config } from './config';
import { ovosIsLocal } from './media';

export function screenLoad() {
	const c = config();
	// The media route can only serve device files when this server runs on the device.
	return { mediaLocal: ovosIsLocal(c.ovos.host) && c.mediaRoots.length > 0 };
}
