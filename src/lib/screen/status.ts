/** `system` status events → `VoiceStatus` (the events and the cue's rules: docs/protocol.md). */
import { isObject, type Json } from '../protocol';
import type { VoiceStatus } from './state';

export function nextStatus(s: VoiceStatus, event: string, data: Json): VoiceStatus {
	switch (event) {
		case 'recognizer_loop:wakeword':
		case 'recognizer_loop:record_begin':
		case 'mycroft.mic.listen':
			return patch(s, { listening: true, outcome: s.listening ? s.outcome : 'none' });
		case 'recognizer_loop:record_end':
			return patch(s, { listening: false, thinking: true });
		case 'recognizer_loop:utterance':
			return patch(s, { thinking: true, outcome: 'none' });
		case 'mycroft.skill.handler.start':
			return patch(s, { thinking: true, skill: isObject(data) && typeof data.name === 'string' ? data.name : '' });
		case 'mycroft.skill.handler.complete':
			return patch(s, { skill: '' });
		case 'speak':
			return patch(s, { thinking: false, outcome: 'ok' });
		case 'ovos.utterance.handled':
			return patch(s, { thinking: false, outcome: s.outcome === 'error' ? 'error' : 'ok' });
		case 'ovos.utterance.cancelled':
			return patch(s, { listening: false, thinking: false, outcome: 'none' });
		case 'complete_intent_failure':
		case 'recognizer_loop:recognition_unknown':
		case 'mycroft.speech.recognition.unknown':
			return patch(s, { listening: false, thinking: false, outcome: 'error' });
		case 'recognizer_loop:audio_output_start':
			return patch(s, { speaking: true });
		case 'recognizer_loop:audio_output_end':
			return patch(s, { speaking: false });
		case 'recognizer_loop:sleep':
			return patch(s, { sleeping: true, listening: false });
		case 'recognizer_loop:wake_up':
		case 'mycroft.awoken':
			return patch(s, { sleeping: false });
		default:
			return s;
	}
}

/**
 * `s` with `changes`, or `s` itself when nothing changes (status events repeat a lot). Field by
 * field rather than a loop over `changes`: each call site passes its own shape, and a loop's keyed
 * reads of them all would be megamorphic on the hot path of every status event.
 */
function patch(s: VoiceStatus, changes: Partial<VoiceStatus>): VoiceStatus {
	const listening = changes.listening ?? s.listening;
	const thinking = changes.thinking ?? s.thinking;
	const speaking = changes.speaking ?? s.speaking;
	const sleeping = changes.sleeping ?? s.sleeping;
	const outcome = changes.outcome ?? s.outcome;
	const skill = changes.skill ?? s.skill;
	if (listening === s.listening && thinking === s.thinking && speaking === s.speaking && sleeping === s.sleeping && outcome === s.outcome && skill === s.skill) return s;
	return { listening, thinking, speaking, sleeping, outcome, skill };
}
