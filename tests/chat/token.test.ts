import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChatTokens, newSessionId } from '../../src/lib/server/agent';
import { loadOrCreateSecret } from '../../src/lib/server/http/secret';

describe('chat tokens', () => {
	it('round-trip the session id, snapshot and open turns', () => {
		const t = new ChatTokens(Buffer.alloc(32, 7));
		const sid = newSessionId();
		const state = { sessionId: sid, snapshot: { session_id: sid, lang: 'en-US', x: { y: [1] } }, openTurns: ['abc'] };
		expect(t.verify(t.sign(state))).toEqual(state);
	});

	it('refuse a snapshot that belongs to another session even when signed', () => {
		const t = new ChatTokens(Buffer.alloc(32, 7));
		const token = t.sign({ sessionId: newSessionId(), snapshot: { session_id: newSessionId() }, openTurns: [] });
		expect(() => t.verify(token)).toThrow(/another session/);
	});

	it('refuse a signed token naming a session id the server never mints', () => {
		const t = new ChatTokens(Buffer.alloc(32, 7));
		expect(() => t.verify(t.sign({ sessionId: 'default', snapshot: null, openTurns: [] }))).toThrow(/chat token refused/);
	});

	it('the secret is created once, kept private in the data dir, and reused', () => {
		const dir = mkdtempSync(join(tmpdir(), 'chat-secret-'));
		const env = { OVOS_SCREEN_DATA_DIR: dir };
		const a = loadOrCreateSecret(env);
		const b = loadOrCreateSecret(env);
		expect(a.length).toBe(32);
		expect(b.equals(a)).toBe(true);
		expect(statSync(join(dir, 'chat-secret')).mode & 0o777).toBe(0o600);
		expect(readFileSync(join(dir, 'chat-secret'), 'utf8').trim()).toBe(a.toString('hex'));
		// A token signed before a "restart" still verifies after it.
		const sid = newSessionId();
		const token = new ChatTokens(a).sign({ sessionId: sid, snapshot: null, openTurns: [] });
		expect(new ChatTokens(loadOrCreateSecret(env)).verify(token).sessionId).toBe(sid);
		expect(() => loadOrCreateSecret({ OVOS_CHAT_SECRET: 'short' })).toThrow();
	});
});
