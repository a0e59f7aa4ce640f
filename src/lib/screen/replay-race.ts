/**
 * Whether a replay can be trusted. ovos-gui replays its state to a new connection without the lock
 * its live changes take, so a change can cut into the replay (docs/protocol.md,
 * "Pitfalls"). What the connection can tell from the frames of the replay window:
 *
 * - a stack move or removal: the replay walks ovos-gui's stack by index, so a namespace moved or
 *   removed meanwhile is skipped or sent twice, and nothing says which: not trusted;
 * - a stack insert that cannot apply: not trusted;
 * - a show's insert of a new namespace at 0 goes out before ovos-gui's stack grows; a namespace the
 *   replay read in between comes one place early (before the end of what the screen holds), and
 *   the replay, reading on in the grown stack, sends it again one place further on. The stack
 *   insert moves it there (list-ops.ts `insertMoving`), which is exactly ovos-gui's order when one
 *   namespace came early: then trusted. More than one early, or one never sent again, cannot be
 *   placed: not trusted.
 *
 * A replay that is not trusted is replaced by a clean one (the connection reconnects).
 */
import { PAGE_GAINED_FOCUS, type GuiMessage } from '../protocol';
import type { ScreenState } from './state';

export interface ReplayCheck {
	/**
	 * New namespaces inserted at 0 before something since the last repeat: a show's own insert, or
	 * the replay's first, read early. Only a show focuses a page of its namespace.
	 */
	readonly fronts: readonly string[];
	/** Positions past 0 of the new namespaces that came before the end of the stack since the last repeat. */
	readonly early: readonly number[];
	/** Inserts at 0 the repeats said were shows': each must be followed by its page's focus. */
	readonly shows: readonly string[];
	/** Why the replay cannot be trusted, or null. */
	readonly raced: string | null;
}

export const CLEAN_REPLAY: ReplayCheck = { fronts: [], early: [], shows: [], raced: null };

/** `check` after one frame of the replay window: `before` and `after` are the models around it, `problem` why it did not apply. */
export function checkReplayFrame(check: ReplayCheck, msg: GuiMessage, before: ScreenState, after: ScreenState, problem: string | undefined): ReplayCheck {
	if (check.raced !== null) return check;
	if (msg.kind === 'stack.move' || msg.kind === 'stack.remove') return { ...check, raced: `${msg.kind} during the replay` };
	if (msg.kind !== 'stack.insert') return check;
	if (problem !== undefined) return { ...check, raced: `stack insert during the replay: ${problem}` };
	// ovos-gui inserts one namespace at a time; another server's bulk insert says nothing of its replay.
	if (msg.skills.length !== 1) return check;
	const id = msg.skills[0] as string;
	const held = before.stack.indexOf(id);
	const { fronts, early, shows } = check;
	if (held < 0) {
		if (msg.position >= before.stackTotal) return check;
		return msg.position === 0 ? { ...check, fronts: [...fronts, id] } : { ...check, early: [...early, msg.position] };
	}
	const at = after.stack.indexOf(id);
	// Sent again where it is: the show's insert went out after the replay read on (or there was none).
	if (at === held) return early.length === 0 ? { fronts: [], early, shows: [...shows, ...fronts], raced: null } : { ...check, raced: `${id} sent again where it is, after namespaces sent early at ${early.join(', ')}` };
	// Sent again one place further on: it came early, the only one to, after one insert at 0 — the
	// show's, or, when the screen held nothing yet, itself (read as the replay's first). Two early
	// ones read as the replay's first and second give the same positions; there the one at 0 is
	// never followed by a focus (`replayVerdict`).
	if (at === held + 1 && fronts.length === 1 && held === 0 && early.length === 0) return { ...check, fronts: [] };
	if (at === held + 1 && fronts.length === 1 && sameList(early, [held])) return { fronts: [], early: [], shows: [...shows, ...fronts], raced: null };
	return { ...check, raced: `${id} sent again at ${msg.position}, after ${fronts.length} insert(s) at 0 and namespaces sent early at ${early.join(', ') || 'no other place'}` };
}

/**
 * Why the replay, now over, cannot be trusted, or null. A namespace that came early and was never
 * sent again cannot be placed; an insert at 0 that no focus followed was the replay's first, read
 * before a show's insert grew the stack (a show's own is followed by its page's focus).
 */
export function replayVerdict(check: ReplayCheck, model: ScreenState): string | null {
	if (check.raced !== null) return check.raced;
	if (check.early.length > 0) return `namespaces sent early at ${check.early.join(', ')} and never again`;
	const unshown = [...check.shows, ...check.fronts].find((id) => model.namespaces[id]?.events[PAGE_GAINED_FOCUS] === undefined);
	return unshown === undefined ? null : `${unshown} inserted at 0 during the replay with no page focused`;
}

function sameList(a: readonly number[], b: readonly number[]): boolean {
	return a.length === b.length && a.every((x, i) => x === b[i]);
}
