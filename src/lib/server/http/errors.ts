/**
 * Typed failures of a request to any of the app's endpoints (the chat, the bus window, pairing);
 * `status` is the HTTP status the answer carries. Named for the chat, whose API made it first; the
 * chat's own refusals are in ../agent/errors.
 */
export type ChatErrorCode =
	| 'bad-input'
	| 'bad-token'
	| 'busy'
	| 'bus-down'
	| 'core-down'
	/** The app's share of core's skill threads is taken and the queue for it full or too slow: retry. */
	| 'core-busy'
	/** The chat's question was ended to make room for other chats before this (its answer) came. */
	| 'question-ended'
	/** The server's turns are all taken, or this turn gave its place to a lighter client (../guards): retry. */
	| 'busy-server'
	| 'timeout'
	| 'deadline'
	| 'unauthorized'
	| 'forbidden'
	| 'too-large'
	/** The client hung up before its request was read (no one sees the answer; not a server failure). */
	| 'aborted';

export class ChatError extends Error {
	constructor(
		readonly code: ChatErrorCode,
		readonly status: number,
		message: string,
		/** When to try again (the Retry-After header), for refusals that know. */
		readonly retryAfterS: number | null = null
	) {
		super(message);
		this.name = 'ChatError';
	}
}

export const badInput = (why: string) => new ChatError('bad-input', 400, why);
