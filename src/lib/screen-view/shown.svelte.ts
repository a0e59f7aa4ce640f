/**
 * The parts of the model a screen draws, each its own signal: the shown namespace's id, pages,
 * current page, data and events, and the GUI's voice status. `set` takes each new model and moves
 * only the parts that are new in it (the model shares what a frame left alone, screen/reduce.ts),
 * so a stream of `session.set` frames wakes only what reads `data`. Read whole, the model woke
 * every reader of any part for every batch of frames: marking them and checking them again was
 * about two fifths of the page's work per batch on a 4x slower CPU.
 */
import type { Json, PageRef } from '$lib/protocol';
import { IDLE_STATUS, shownNamespace, type GuiEventRecord, type ScreenState, type VoiceStatus } from '$lib/screen';

const NO_PAGES: readonly PageRef[] = [];
const NO_DATA: Readonly<Record<string, Json>> = {};

export class ShownScreen {
	/** The shown namespace (the first in the stack with pages), or null: the idle clock. */
	id = $state.raw<string | null>(null);
	pages = $state.raw<readonly PageRef[]>(NO_PAGES);
	/** The server's current page, or null. */
	currentPage = $state.raw<number | null>(null);
	data = $state.raw<Readonly<Record<string, Json>>>(NO_DATA);
	events = $state.raw<Readonly<Record<string, GuiEventRecord>> | undefined>(undefined);
	status = $state.raw<VoiceStatus>(IDLE_STATUS);

	/** Takes a new model. A part equal to the one held is not set again (runes skip the same value). */
	set(model: ScreenState): void {
		const id = shownNamespace(model);
		const ns = id === null ? undefined : model.namespaces[id];
		this.id = id;
		this.pages = ns?.pages ?? NO_PAGES;
		this.currentPage = ns?.currentPage ?? null;
		this.data = ns?.data ?? NO_DATA;
		this.events = ns?.events;
		this.status = model.status;
	}
}
