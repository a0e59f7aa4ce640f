/**
 * The chat token: the chat's session id and core's latest snapshot, signed by the server (HMAC-SHA256)
 * and carried by the panel. The server stays stateless (any instance sharing the secret can serve
 * the next turn) while a browser can neither forge a session id (`default`, another chat's) nor edit
 * the snapshot. Not encrypted: the snapshot is the browser's own chat state, not a secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import * as v from 'valibot';
import { isObject, type JsonObject } from '../../protocol/json';
import { isChatSessionId } from './agent';
import { badToken } from './errors';
import type { Snapshot } from './snapshot';

export interface ChatState {
	readonly sessionId: string;
	readonly snapshot: Snapshot | null;
	readonly openTurns: readonly string[];
}

/** Tokens larger than this are refused before any crypto (a snapshot is a few KiB). */
export const MAX_TOKEN_LENGTH = 48 * 1024;
const DOMAIN = 'ovos-screen.chat.v1.';

const PayloadSchema = v.object({
	v: v.literal(1),
	sid: v.pipe(v.string(), v.check(isChatSessionId, 'not a chat session id')),
	snap: v.nullable(v.custom<JsonObject>(isObject, 'snapshot must be an object')),
	open: v.pipe(v.array(v.pipe(v.string(), v.maxLength(64))), v.maxLength(8))
});

export class ChatTokens {
	readonly #key: Buffer;

	constructor(secret: Buffer) {
		if (secret.length < 32) throw new Error('chat token secret must have at least 32 bytes');
		this.#key = secret;
	}

	sign(state: ChatState): string {
		const body = Buffer.from(JSON.stringify({ v: 1, sid: state.sessionId, snap: state.snapshot, open: state.openTurns })).toString(
			'base64url'
		);
		return `${body}.${this.#mac(body)}`;
	}

	/** The chat state inside a token; throws ChatError `bad-token` (400) for anything not signed by us. */
	verify(token: string): ChatState {
		if (token.length > MAX_TOKEN_LENGTH) throw badToken('too long');
		const dot = token.indexOf('.');
		if (dot <= 0 || dot !== token.lastIndexOf('.')) throw badToken('malformed');
		const body = token.slice(0, dot);
		const given = Buffer.from(token.slice(dot + 1), 'base64url');
		const expected = Buffer.from(this.#mac(body), 'base64url');
		if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw badToken('bad signature');
		let parsed: unknown;
		try {
			parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
		} catch {
			throw badToken('malformed');
		}
		const r = v.safeParse(PayloadSchema, parsed);
		if (!r.success) throw badToken(r.issues[0].message);
		const { sid, snap, open } = r.output;
		if (snap && snap.session_id !== sid) throw badToken('snapshot of another session');
		return { sessionId: sid, snapshot: snap, openTurns: open };
	}

	#mac(body: string): string {
		return createHmac('sha256', this.#key).update(DOMAIN).update(body).digest('base64url');
	}
}
