/**
 * What each player control sends. Previous / play-pause / stop / next are the GUI events of OCP's
 * `OVOSSyncPlayer.qml` (`triggerGuiEvent(name, {})`, which ovos-gui puts on the bus as
 * `ovos.common_play.<name>`). The QML's repeat and shuffle buttons send nothing and it has no seek
 * bar; ours use OCP's own bus handlers for them through the same namespace: `repeat.set` /
 * `repeat.unset`, `shuffle.set` / `shuffle.unset`, and `seek {seekValue: ms}` (player.py).
 */
import type { JsonObject } from '$lib/protocol';
import type { NowPlaying, PlayState } from './now-playing';

export type MediaAction = 'previous' | 'playpause' | 'stop' | 'next' | 'repeat' | 'shuffle' | { readonly seekMs: number };

export interface MediaEvent {
	readonly name: string;
	readonly params: JsonObject;
}

/** The event for a control given what is shown (`state` may be ahead of the data after a tap); null = not available. */
export function eventFor(action: MediaAction, np: NowPlaying, state: PlayState): MediaEvent | null {
	if (typeof action === 'object') {
		// OCP ignores a falsy seekValue, so the very start is asked for as 1 ms.
		return np.has.seek ? { name: 'seek', params: { seekValue: Math.max(1, Math.round(action.seekMs)) } } : null;
	}
	switch (action) {
		case 'previous':
			return np.can.prev ? { name: 'previous', params: {} } : null;
		case 'next':
			return np.can.next ? { name: 'next', params: {} } : null;
		case 'playpause':
			// The QML sends `resume` only from Paused and `pause` otherwise, even when stopped; from
			// Stopped we ask to play on.
			if (state === 'playing') return { name: 'pause', params: {} };
			return np.can.resume ? { name: 'resume', params: {} } : null;
		case 'stop':
			return np.has.stop && state !== 'stopped' ? { name: 'stop', params: {} } : null;
		case 'repeat':
			if (!np.has.repeat || !np.can.repeat) return null;
			return { name: np.loop === 'none' ? 'repeat.set' : 'repeat.unset', params: {} };
		case 'shuffle':
			if (!np.has.shuffle || !np.can.shuffle) return null;
			return { name: np.shuffle ? 'shuffle.unset' : 'shuffle.set', params: {} };
	}
}

/** The state to show right after a control was used, before the player confirms it. */
export function expectedState(action: MediaAction, state: PlayState): PlayState | null {
	if (action === 'playpause') return state === 'playing' ? 'paused' : 'playing';
	if (action === 'stop') return 'stopped';
	return null;
}
