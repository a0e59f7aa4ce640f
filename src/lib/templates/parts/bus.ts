import type { BusWindow } from '../types';
import { PARTS_LABELS } from '$lib/i18n/parts';

/** Why core-bus requests cannot be sent from this page, or null when they can. */
export function busReason(bus: BusWindow | undefined): string | null {
	return bus ? bus.unavailable : PARTS_LABELS.noBus;
}
