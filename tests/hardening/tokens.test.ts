// Chat tokens once had no expiry, and their signature verified in several spellings
// (padding, a sibling last character, the `+/` alphabet) — a token could be re-spelled into another
// "valid" one. Exactly one spelling verifies now, and a token expires a day after it was signed.
import { describe, expect, it } from 'vitest';
import { ChatTokens, newSessionId } from '../../src/lib/server/agent';
import { MAX_TOKEN_LENGTH, TOKEN_TTL_MS } from '../../src/lib/server/agent/token';

const secret = Buffer.alloc(32, 9);
const state = () => {
	const sid = newSessionId();
	return { sessionId: sid, snapshot: { session_id: sid, lang: 'en-US' }, openTurns: [] };
};

/** The same 32 signature bytes, spelled differently. */
function respellings(sig: string): string[] {
	const last = sig.at(-1)!;
	const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
	const i = alphabet.indexOf(last);
	// The last character carries 4 bits and 2 unused ones: the next three characters decode the same.
	const siblings = [1, 2, 3].map((d) => sig.slice(0, -1) + alphabet[(i & ~3) + ((i + d) & 3)]);
	const standard = sig.replaceAll('-', '+').replaceAll('_', '/');
	return [`${sig}=`, `${sig}==`, ...siblings, ...(standard !== sig ? [standard] : []), `${standard}=`];
}

describe('chat token signatures (14.9)', () => {
	it('accept exactly one spelling of a signature', () => {
		const t = new ChatTokens(secret);
		// Find a token whose signature uses - or _, so the +/ spelling differs too.
		let token = t.sign(state());
		while (!/[-_]/.test(token.split('.')[1]!)) token = t.sign(state());
		const [body, sig] = token.split('.') as [string, string];
		expect(t.verify(token).sessionId).toBeTruthy();
		const variants = respellings(sig);
		expect(variants.length).toBeGreaterThanOrEqual(6);
		for (const v of variants) {
			expect(Buffer.from(v, 'base64').equals(Buffer.from(sig, 'base64url'))).toBe(true); // the same bytes…
			expect(() => t.verify(`${body}.${v}`), v).toThrow(/bad signature/); // …refused
		}
	});

	it('refuse non-ASCII and over-long signatures without throwing anything but a bad-token error', () => {
		const t = new ChatTokens(secret);
		const [body, sig] = t.sign(state()).split('.') as [string, string];
		for (const v of [`${sig.slice(0, -1)}é`, `${sig}A`, sig.slice(0, -1), '', '€'.repeat(43)])
			expect(() => t.verify(`${body}.${v}`)).toThrow(/chat token refused/);
	});
});

describe('chat token size', () => {
	it('a snapshot too big for a token is left out, so the token always fits a request and verifies', () => {
		const t = new ChatTokens(secret);
		const s = state();
		const huge = { ...s, snapshot: { session_id: s.sessionId, big: 'y'.repeat(200_000) } };
		const token = t.sign(huge);
		expect(token.length).toBeLessThanOrEqual(MAX_TOKEN_LENGTH);
		expect(t.verify(token)).toEqual({ ...s, snapshot: null });
	});
});

describe('chat token expiry (14.9)', () => {
	it('a token verifies until a day after it was signed, then is refused as expired', () => {
		let now = 1_700_000_000_000;
		const t = new ChatTokens(secret, { now: () => now });
		const s = state();
		const token = t.sign(s);
		now += TOKEN_TTL_MS - 1;
		expect(t.verify(token)).toEqual(s);
		now += 1;
		expect(() => t.verify(token)).toThrow(/expired/);
		// Each reply signs a fresh token: a chat in use never expires.
		expect(t.verify(t.sign(s))).toEqual(s);
	});

	it('a signed token without an expiry (as signed before expiries existed) is refused', async () => {
		const { createHmac } = await import('node:crypto');
		const s = state();
		const body = Buffer.from(JSON.stringify({ v: 1, sid: s.sessionId, snap: s.snapshot, open: [] })).toString('base64url');
		const mac = createHmac('sha256', secret).update('ovos-screen.chat.v1.').update(body).digest('base64url');
		expect(() => new ChatTokens(secret).verify(`${body}.${mac}`)).toThrow(/chat token refused/);
	});
});
