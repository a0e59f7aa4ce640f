/** The volume as the bus window reports it, and whether the OSD is up (rules in volume.ts). */
import type { WindowEvent } from '$lib/protocol/bus-window';
import { applyVolume, NO_VOLUME, OSD_MS, type VolumeState } from './volume';
import type { BusWindowClient } from './window-client.svelte';

export class VolumeWatch {
	state = $state.raw<VolumeState>(NO_VOLUME);
	visible = $state(false);
	readonly #off: () => void;
	#timer: ReturnType<typeof setTimeout> | undefined;

	constructor(window: BusWindowClient) {
		this.#off = window.on((ev) => this.apply(ev));
	}

	apply(ev: WindowEvent): void {
		const before = this.state.shownAt;
		this.state = applyVolume(this.state, ev, Date.now());
		if (this.state.shownAt === before) return;
		this.visible = true;
		clearTimeout(this.#timer);
		this.#timer = setTimeout(() => (this.visible = false), OSD_MS);
	}

	destroy(): void {
		this.#off();
		clearTimeout(this.#timer);
	}
}
