/**
 * Core-bus status events ovos-gui ≥ 1.1 relays to GUI clients as `system` events, data unchanged and
 * context dropped.
 */
const ENCLOSURE_EYES = ['on', 'off', 'blink', 'narrow', 'look', 'color', 'level', 'volume', 'spin', 'timedspin', 'reset', 'setpixel', 'fill'];
const ENCLOSURE_MOUTH = [
	'events.activate',
	'events.deactivate',
	'talk',
	'think',
	'listen',
	'smile',
	'viseme',
	'viseme_list',
	'reset',
	'text',
	'display'
];

export const FORWARDED_STATUS_EVENTS: readonly string[] = [
	'ovos.utterance.handled',
	'ovos.utterance.cancelled',
	'mycroft.skill.handler.start',
	'mycroft.skill.handler.complete',
	'complete_intent_failure',
	'speak',
	'recognizer_loop:audio_output_start',
	'recognizer_loop:audio_output_end',
	'recognizer_loop:sleep',
	'recognizer_loop:wake_up',
	'mycroft.awoken',
	'recognizer_loop:utterance',
	'recognizer_loop:wakeword',
	'recognizer_loop:recognition_unknown',
	'recognizer_loop:record_begin',
	'recognizer_loop:record_end',
	...ENCLOSURE_EYES.map((e) => `enclosure.eyes.${e}`),
	...ENCLOSURE_MOUTH.map((e) => `enclosure.mouth.${e}`),
	'enclosure.weather.display'
];
