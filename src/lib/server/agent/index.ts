/** The chat agent, its token signer and the chat endpoints, shared by the server's routes. */
import { config } from '../config';
import { sharedBus } from '../bus';
import { ChatAgent } from './agent';
import type { ChatApiDeps } from './chat-api';
import { ConversationMap } from './conversations';
import { ChatLimits } from '../guards/chat-limits';
import { loadOrCreateSecret } from '../http/secret';
import { ChatTokens } from './token';

export { ChatAgent, isChatSessionId, lastUserText, newSessionId, type AgentBus, type ChatAgentOptions } from './agent';
export { postChat, postChatEnd, type ChatApiDeps } from './chat-api';
export { clientGone } from './client-gone';
export { ConversationMap } from './conversations';
export { ManualClock, realClock, type Clock } from '../../node/clock';
export { ChatError, type ChatErrorCode } from '../http/errors';
export { ChatLimits, DEFAULT_CHAT_LIMITS, type ChatLimitsOptions } from '../guards/chat-limits';
export type { Admission } from '../guards';
export { CHAT_TOKEN_HEADER, DEVICE_MODEL, getModel, getModels, postCompletions, PRIVATE_MODEL, unknownPath } from './openai-api';
export { identitySnapshot, snapshotOf, type Snapshot } from './snapshot';
export { ChatTokens, type ChatState } from './token';
export { DEFAULT_TIMING, TURN_MARKER, type TurnTiming } from './turn';
export type * from './types';

let agent: ChatAgent | undefined;
let tokens: ChatTokens | undefined;
let conversations: ConversationMap | undefined;
let limits: ChatLimits | undefined;

export function chatAgent(): ChatAgent {
	const c = config();
	if (!agent) {
		const a = new ChatAgent({
			bus: sharedBus(),
			timing: { idleMs: c.chatIdleMs, deadlineMs: c.chatDeadlineMs },
			coreShare: c.chatCoreShare,
			queueWaitMs: c.chatQueueMs,
			questionIdleMs: c.chatQuestionIdleMs
		});
		// Emitted by the server entry on SIGINT/SIGTERM (server/index.js): a question's expiry timer must not hold it.
		process.once('sveltekit:shutdown', () => a.close());
		agent = a;
	}
	return agent;
}

export function chatTokens(): ChatTokens {
	tokens ??= new ChatTokens(loadOrCreateSecret());
	return tokens;
}

/** What the chat endpoints run with in this server. */
export function chatApiDeps(): ChatApiDeps {
	conversations ??= new ConversationMap();
	limits ??= ChatLimits.forCore(chatAgent().admission);
	return { agent: chatAgent(), tokens: chatTokens(), conversations, limits };
}
