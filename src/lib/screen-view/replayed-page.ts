/**
 * The page on screen while a GUI connection's replay has not spoken yet. Each new connection's
 * model starts empty (ovos-gui replays everything on connect): shown at once, the page went blank
 * and was built again from nothing a frame later, and on a loaded machine that blank frame's work
 * alone held the replay's frames back 20-40 ms (bench:reconnect). So a page is held — the
 * server-rendered first paint, or the page up before a reconnect — until the replay shows a page,
 * or until it is over and showed none.
 */
import { shownNamespace, type ScreenState } from '$lib/screen';

/** Where the connection is, as far as the held page cares. */
export interface ReplayStage {
	/** The GUI socket is open. */
	readonly live: boolean;
	/** Its replay may still be coming. */
	readonly replaying: boolean;
	/** The connection's model. */
	readonly model: ScreenState;
}

export class ReplayedPage {
	#held: ScreenState | null = null;

	/** A new connection starts: `initial` (the server-rendered page) is held, else what `showing` shows, if anything. */
	start(initial: ScreenState | undefined, showing: ScreenState): void {
		this.#held = initial ?? (shownNamespace(showing) !== null ? showing : null);
	}

	/** The connection is about to be replaced (after a sleep): the page up stays until the new replay has spoken. */
	keep(showing: ScreenState): void {
		if (shownNamespace(showing) !== null) this.#held = showing;
	}

	/**
	 * Whether the screen keeps what it shows instead of the connection's model: a GUI connection is
	 * open and the page on screen waits for its replay to speak (show a page, or be over), or a held
	 * page waits for a connection.
	 */
	waiting(stage: ReplayStage, showing: ScreenState): boolean {
		if (!stage.live) return this.#held !== null;
		return stage.replaying && shownNamespace(stage.model) === null && shownNamespace(this.#held ?? showing) !== null;
	}

	/** The model to show: the connection's, or what was on screen while `waiting`. */
	shown(stage: ReplayStage, showing: ScreenState): ScreenState {
		if (!this.waiting(stage, showing)) {
			this.#held = null;
			return stage.model;
		}
		return (this.#held ??= showing);
	}
}
