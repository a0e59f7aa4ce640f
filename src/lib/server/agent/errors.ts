/** The chat's own refusals; the error type they share with every route is in ../http/errors. */
import { ChatError } from '../http/errors';

export const badToken = (why: string) => new ChatError('bad-token', 400, `chat token refused: ${why}`);
export const busy = () => new ChatError('busy', 409, 'a turn is already in progress for this chat; wait for it or stop it');
/** The messagebus is up but nothing reacted to the utterance: ovos-core is stopped or stuck. */
export const coreDown = (ms: number) =>
	new ChatError('core-down', 503, `OVOS core is not responding: the messagebus is up, but nothing reacted within ${(ms / 1000).toFixed(1)} s`);
/**
 * The question a turn would have answered was ended to make room for other chats (410: it is gone;
 * a stock OpenAI client does not resend it).
 */
export const questionEnded = () =>
	new ChatError('question-ended', 410, 'OVOS was busy with other chats and ended its question before this answer came; ask again');
