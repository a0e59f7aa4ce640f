/** `system` status events → `VoiceStatus` (spec §2.1.9, §2.4; cue rules of spec §7). */
import { isObject, type Json } from '../protocol';
import type { VoiceStatus } from './state';

export function nextStatus(s: VoiceStatus, event: string, data: Json): VoiceStatus {
	switch (event) {
		case 'recognizer_loop:wakeword':
		case 'recognizer_loop:record_begin':
		case 'mycroft.mic.listen':
			return s.listening ? s : { ...s, listening: true, outcome: 'none' };
		case 'recognizer_loop:record_end':
			return { ...s, listening: false, thinking: true };
		case 'recognizer_loop:utterance':
			return { ...s, thinking: true, outcome: 'none' };
		case 'mycroft.skill.handler.start':
			return { ...s, thinking: true, skill: isObject(data) && typeof data.name === 'string' ? data.name : '' };
		case 'mycroft.skill.handler.complete':
			return { ...s, skill: '' };
		case 'speak':
			return { ...s, thinking: false, outcome: 'ok' };
		case 'ovos.utterance.handled':
			return { ...s, thinking: false, outcome: s.outcome === 'error' ? 'error' : 'ok' };
		case 'ovos.utterance.cancelled':
			return { ...s, listening: false, thinking: false, outcome: 'none' };
		case 'complete_intent_failure':
		case 'recognizer_loop:recognition_unknown':
		case 'mycroft.speech.recognition.unknown':
			return { ...s, listening: false, thinking: false, outcome: 'error' };
		case 'recognizer_loop:audio_output_start':
			return s.speaking ? s : { ...s, speaking: true };
		case 'recognizer_loop:audio_output_end':
			return s.speaking ? { ...s, speaking: false } : s;
		case 'recognizer_loop:sleep':
			return { ...s, sleeping: true, listening: false };
		case 'recognizer_loop:wake_up':
		case 'mycroft.awoken':
			return { ...s, sleeping: false };
		default:
			return s;
	}
}
