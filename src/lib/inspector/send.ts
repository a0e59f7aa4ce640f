/**
 * The send form's logic: a JSON draft for one channel, validated with the protocol's own schemas
 * before anything goes on the wire (a malformed client frame makes ovos-gui drop the socket),
 * presets for the common messages, and a draft made from a log row ("edit and resend").
 */
import type { BusMessage, ClientMessage, ProtocolError } from '../protocol';
import { validateBus, validateClient } from '../protocol/schemas';
import { INSPECT } from '$lib/i18n/inspect';
import { frameText, type LogEntry } from './entry';

export type Channel = 'gui' | 'bus';

export type Checked =
	| { readonly ok: true; readonly channel: 'gui'; readonly message: ClientMessage }
	| { readonly ok: true; readonly channel: 'bus'; readonly message: BusMessage }
	| { readonly ok: false; readonly error: string };

export function checkDraft(channel: Channel, text: string): Checked {
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch (e) {
		return { ok: false, error: INSPECT.notJson((e as Error).message) };
	}
	if (channel === 'gui') {
		const r = validateClient(value);
		return r.ok ? { ok: true, channel, message: r.value } : { ok: false, error: explain(r.error) };
	}
	const r = validateBus(value);
	return r.ok ? { ok: true, channel, message: r.value } : { ok: false, error: explain(r.error) };
}

function explain(e: ProtocolError): string {
	return e.message;
}

export interface Preset {
	/** Also the key of its name in the inspector's texts. */
	readonly id: 'event' | 'focus' | 'interaction' | 'set' | 'utterance' | 'close' | 'show-text';
	readonly channel: Channel;
	readonly make: (namespace: string) => object;
}

export const SEND_PRESETS: readonly Preset[] = [
	{
		id: 'event',
		channel: 'gui',
		make: (ns) => ({ type: 'mycroft.events.triggered', namespace: ns, event_name: 'refresh', parameters: {} })
	},
	{
		id: 'focus',
		channel: 'gui',
		make: (ns) => ({ type: 'mycroft.events.triggered', namespace: ns, event_name: 'page_gained_focus', parameters: { number: 0, skillId: ns } })
	},
	{
		id: 'interaction',
		channel: 'gui',
		make: (ns) => ({ type: 'mycroft.events.triggered', namespace: 'system', event_name: 'system.gui.user.interaction', parameters: { skillId: ns } })
	},
	{
		id: 'set',
		channel: 'gui',
		make: (ns) => ({ type: 'mycroft.session.set', namespace: ns, data: { key: 'value' } })
	},
	{
		id: 'utterance',
		channel: 'bus',
		make: () => ({
			type: 'recognizer_loop:utterance',
			data: { utterances: ['what time is it'], lang: 'en-US' },
			context: { source: 'ovos-screen', destination: ['skills'], session: { session_id: 'default' } }
		})
	},
	{
		id: 'close',
		channel: 'bus',
		make: () => ({ type: 'mycroft.gui.screen.close', data: {}, context: { session: { session_id: 'default' } } })
	},
	{
		id: 'show-text',
		channel: 'bus',
		make: (ns) => ({
			type: 'gui.page.show',
			data: { page_names: ['SYSTEM_TextFrame'], index: 0, __from: ns || 'inspector.test', __idle: 30 },
			context: {}
		})
	}
];

export function presetDraft(p: Preset, namespace: string): { channel: Channel; text: string } {
	return { channel: p.channel, text: JSON.stringify(p.make(namespace), null, 2) };
}

/** A draft from a log row: its own socket, pretty-printed; undecodable text is kept as it was. */
export function draftFromEntry(e: LogEntry): { channel: Channel; text: string } {
	let text = frameText(e);
	try {
		text = JSON.stringify(JSON.parse(text), null, 2);
	} catch {
		/* keep raw */
	}
	return { channel: e.socket, text };
}
