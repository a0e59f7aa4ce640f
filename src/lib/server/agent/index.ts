/** The chat agent and its token signer, shared by the server's chat endpoints. */
import { config } from '../config';
import { sharedBus } from '../bus';
import { ChatAgent } from './agent';
import { loadOrCreateSecret } from './secret';
import { ChatTokens } from './token';

export { ChatAgent, isChatSessionId, lastUserText, newSessionId, type AgentBus, type ChatAgentOptions } from './agent';
export { ManualClock, systemClock, type Clock } from './clock';
export { ChatError, type ChatErrorCode } from './errors';
export { identitySnapshot, snapshotOf, type Snapshot } from './snapshot';
export { ChatTokens, type ChatState } from './token';
export { DEFAULT_TIMING, TURN_MARKER, type TurnTiming } from './turn';
export type * from './types';

let agent: ChatAgent | undefined;
let tokens: ChatTokens | undefined;

export function chatAgent(): ChatAgent {
	const c = config();
	agent ??= new ChatAgent({ bus: sharedBus(), timing: { idleMs: c.chatIdleMs, deadlineMs: c.chatDeadlineMs } });
	return agent;
}

export function chatTokens(): ChatTokens {
	tokens ??= new ChatTokens(loadOrCreateSecret());
	return tokens;
}
