/** Typed failures of a chat request; `status` is the HTTP status the API answers with. */
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
export const badToken = (why: string) => new ChatError('bad-token', 400, `chat token refused: ${why}`);
export const busy = () => new ChatError('busy', 409, 'a turn is already in progress for this chat; wait for it or stop it');
/** The messagebus is up but nothing reacted to the utterance: ovos-core is stopped or stuck (spec §8.3). */
export const coreDown = (ms: number) =>
	new ChatError('core-down', 503, `OVOS core is not responding: the messagebus is up, but nothing reacted within ${(ms / 1000).toFixed(1)} s`);
/**
 * The question a turn would have answered was ended to make room for other chats (410: it is gone;
 * a stock OpenAI client does not resend it).
 */
export const questionEnded = () =>
	new ChatError('question-ended', 410, 'OVOS was busy with other chats and ended its question before this answer came; ask again');
