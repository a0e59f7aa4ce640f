/**
 * The chat token: the chat's session id and core's latest snapshot, signed by the server (HMAC-SHA256)
 * and carried by the panel. The server stays stateless (any instance sharing the secret can serve
 * the next turn) while a browser can neither forge a session id (`default`, another chat's) nor edit
 * the snapshot. Not encrypted: the snapshot is the browser's own chat state, not a secret.
 *
 * A token expires TOKEN_TTL_MS after it was signed (every reply signs a fresh one, so only a chat
 * left that long loses its session: its next message starts a new one). Exactly one encoding of a
 * signature verifies — the unpadded base64url `sign` writes — so a token cannot be re-spelled
 * (`sig==`, a sibling last character, the `+/` alphabet) into "another" valid token.
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
/** How long a token stays valid after it was signed: a day. */
export const TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

const PayloadSchema = v.object({
	v: v.literal(1),
	sid: v.pipe(v.string(), v.check(isChatSessionId, 'not a chat session id')),
	snap: v.nullable(v.custom<JsonObject>(isObject, 'snapshot must be an object')),
	open: v.pipe(v.array(v.pipe(v.string(), v.maxLength(64))), v.maxLength(8)),
	/** Expiry, in ms since the epoch. */
	exp: v.pipe(v.number(), v.integer())
});

export interface ChatTokenOptions {
	readonly ttlMs?: number;
	readonly now?: () => number;
}

export class ChatTokens {
	readonly #key: Buffer;
	readonly #ttlMs: number;
	readonly #now: () => number;

	constructor(secret: Buffer, opts: ChatTokenOptions = {}) {
		if (secret.length < 32) throw new Error('chat token secret must have at least 32 bytes');
		this.#key = secret;
		this.#ttlMs = opts.ttlMs ?? TOKEN_TTL_MS;
		this.#now = opts.now ?? Date.now;
	}

	/**
	 * A token for `state`. A snapshot too big for a token (a core, or a bus client posing as one, sent
	 * a huge session) is left out rather than minting a token no request could carry back: the chat
	 * keeps its session id, and core its defaults.
	 */
	sign(state: ChatState): string {
		const token = this.#sign(state);
		return token.length <= MAX_TOKEN_LENGTH || state.snapshot === null ? token : this.#sign({ ...state, snapshot: null });
	}

	#sign(state: ChatState): string {
		const payload = { v: 1, sid: state.sessionId, snap: state.snapshot, open: state.openTurns, exp: this.#now() + this.#ttlMs };
		const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
		return `${body}.${this.#mac(body)}`;
	}

	/** The chat state inside a token; throws ChatError `bad-token` (400) for anything not signed by us. */
	verify(token: string): ChatState {
		if (token.length > MAX_TOKEN_LENGTH) throw badToken('too long');
		const dot = token.indexOf('.');
		if (dot <= 0 || dot !== token.lastIndexOf('.')) throw badToken('malformed');
		const body = token.slice(0, dot);
		// Compared as text, not as decoded bytes: base64 decoders accept many spellings of one value.
		const given = Buffer.from(token.slice(dot + 1));
		const expected = Buffer.from(this.#mac(body));
		if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw badToken('bad signature');
		let parsed: unknown;
		try {
			parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
		} catch {
			throw badToken('malformed');
		}
		const r = v.safeParse(PayloadSchema, parsed);
		if (!r.success) throw badToken(r.issues[0].message);
		const { sid, snap, open, exp } = r.output;
		if (exp <= this.#now()) throw badToken('expired (the next message starts a new session)');
		if (snap && snap.session_id !== sid) throw badToken('snapshot of another session');
		return { sessionId: sid, snapshot: snap, openTurns: open };
	}

	#mac(body: string): string {
		return createHmac('sha256', this.#key).update(DOMAIN).update(body).digest('base64url');
	}
}
