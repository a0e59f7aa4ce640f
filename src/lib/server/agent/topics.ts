/**
 * Bus topics a chat turn cares about, in both spellings: cores in the
 * migration window emit legacy and `ovos.*` names side by side.
 */
import type { BusMessage } from '../../protocol/types';

export const UTTERANCE = 'recognizer_loop:utterance';
export const AUDIO_OUTPUT_END = 'recognizer_loop:audio_output_end';
export const SPEECH_STOP = 'mycroft.audio.speech.stop';

export type TopicKind = 'echo' | 'speak' | 'handled' | 'unmatched' | 'cancelled' | 'listening' | 'sync' | 'other';

const KINDS: Record<string, TopicKind> = {
	'recognizer_loop:utterance': 'echo',
	'ovos.utterance.handle': 'echo',
	speak: 'speak',
	'ovos.utterance.speak': 'speak',
	'ovos.utterance.handled': 'handled',
	complete_intent_failure: 'unmatched',
	'ovos.intent.unmatched': 'unmatched',
	'ovos.utterance.cancelled': 'cancelled',
	'mycroft.mic.listen': 'listening',
	'ovos.session.sync': 'sync'
};

export function kindOf(msg: BusMessage): TopicKind {
	const k = Object.hasOwn(KINDS, msg.type) ? KINDS[msg.type] : undefined;
	if (k) return k;
	// `<skill_id>.get_response.waiting`: the skill now waits for the user.
	if (msg.type.endsWith('.get_response.waiting')) return 'listening';
	return 'other';
}

/** The other spelling of a speak topic, for twin detection. */
export function speakTwinOf(type: string): string {
	return type === 'speak' ? 'ovos.utterance.speak' : 'speak';
}
