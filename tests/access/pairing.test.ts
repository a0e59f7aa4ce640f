// Pairing like a TV (src/lib/server/guards/pairing.ts): a 6-digit code per request, good for a few
// minutes, a few wrong tries each, and limits per address and for everyone that bound guessing.
import { describe, expect, it } from 'vitest';
import { Access } from '../../src/lib/server/guards';
import { CredentialStore } from '../../src/lib/server/guards/credentials';
import { CODE_TRIES, CODE_TTL_MS, ENTER_GLOBAL, ENTER_PER_ADDRESS, PairingDesk, type PendingCode } from '../../src/lib/server/guards/pairing';

function desk() {
	let t = 1_000_000;
	const clock = { now: () => t, advance: (ms: number) => (t += ms) };
	const access = new Access({ store: new CredentialStore(null), apiToken: null, trusted: [], addressHeader: null, xffDepth: 1 });
	const announced: PendingCode[] = [];
	const d = new PairingDesk({ access, announce: (p) => announced.push(p), now: clock.now });
	return { d, access, announced, clock };
}

const wrongFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('a pairing code', () => {
	it('is 6 random digits, announced to the device, and pairs the browser that asked', () => {
		const { d, access, announced } = desk();
		const asked = d.ask(null, '192.0.2.5', 'Firefox · Android');
		if (!asked.ok) throw new Error('refused');
		expect(announced).toHaveLength(1);
		expect(announced[0]).toMatchObject({ id: asked.request, name: 'Firefox · Android', address: '192.0.2.5' });
		expect(announced[0]!.code).toMatch(/^\d{6}$/);
		expect(d.pending().map((p) => p.code)).toEqual([announced[0]!.code]);
		// Typed with a space, as the device shows it.
		const code = announced[0]!.code;
		const entered = d.enter(asked.request, `${code.slice(0, 3)} ${code.slice(3)}`, '192.0.2.5');
		expect(entered).toMatchObject({ ok: true, name: 'Firefox · Android' });
		expect(access.store.browsers()).toHaveLength(1);
		expect(d.pending()).toEqual([]);
		// Used once: the same code again finds nothing.
		expect(d.enter(asked.request, code, '192.0.2.5')).toEqual({ ok: false, reason: 'no-code' });
	});

	it('pairs only the request it was shown for: another browser typing it gets nothing', () => {
		const { d, announced } = desk();
		const mine = d.ask(null, '192.0.2.5', 'phone');
		const theirs = d.ask(null, '192.0.2.6', 'intruder');
		if (!mine.ok || !theirs.ok) throw new Error('refused');
		const code = announced[0]!.code;
		expect(d.enter(theirs.request, code, '192.0.2.6').ok).toBe(announced[1]!.code === code);
		expect(d.enter(null, code, '192.0.2.6')).toEqual({ ok: false, reason: 'no-code' });
	});

	it(`is void after ${CODE_TRIES} wrong tries, and after ${CODE_TTL_MS / 60_000} minutes`, () => {
		const { d, announced, clock } = desk();
		const a = d.ask(null, '192.0.2.5', 'phone');
		if (!a.ok) throw new Error('refused');
		const code = announced[0]!.code;
		for (let i = 1; i < CODE_TRIES; i++) expect(d.enter(a.request, wrongFor(code), '192.0.2.5')).toEqual({ ok: false, reason: 'wrong', triesLeft: CODE_TRIES - i });
		expect(d.enter(a.request, wrongFor(code), '192.0.2.5')).toEqual({ ok: false, reason: 'wrong', triesLeft: 0 });
		expect(d.enter(a.request, code, '192.0.2.5')).toEqual({ ok: false, reason: 'no-code' });
		const b = d.ask(null, '192.0.2.7', 'tablet');
		if (!b.ok) throw new Error('refused');
		clock.advance(CODE_TTL_MS + 1);
		expect(d.pending()).toEqual([]);
		expect(d.enter(b.request, announced[1]!.code, '192.0.2.7')).toEqual({ ok: false, reason: 'no-code' });
	});

	it('asked again by the same browser while good: the same code shown again, not a new one', () => {
		const { d, announced } = desk();
		const a = d.ask(null, '192.0.2.5', 'phone');
		if (!a.ok) throw new Error('refused');
		const again = d.ask(a.request, '192.0.2.5', 'phone');
		expect(again).toMatchObject({ ok: true, request: a.request });
		expect(announced.map((p) => p.code)).toEqual([announced[0]!.code, announced[0]!.code]);
		expect(d.pending()).toHaveLength(1);
	});
});

describe('guessing', () => {
	it(`one address: ${ENTER_PER_ADDRESS.burst} codes, then one every ${1 / ENTER_PER_ADDRESS.perSecond} s, whatever it types — the right code too`, () => {
		const { d, announced, clock } = desk();
		let a = d.ask(null, '192.0.2.5', 'guesser');
		let tried = 0;
		for (; tried < ENTER_PER_ADDRESS.burst; tried++) {
			if (!a.ok) throw new Error('refused');
			const r = d.enter(a.request, wrongFor(announced.at(-1)!.code), '192.0.2.5');
			expect(r.ok).toBe(false);
			if (!r.ok && r.reason === 'wrong' && r.triesLeft === 0) {
				clock.advance(60_000);
				a = d.ask(null, '192.0.2.5', 'guesser');
			}
		}
		if (!a.ok) throw new Error('refused');
		const limited = d.enter(a.request, announced.at(-1)!.code, '192.0.2.5');
		expect(limited).toMatchObject({ ok: false, reason: 'limit' });
		expect(!limited.ok && limited.reason === 'limit' && limited.retryAfterS).toBeGreaterThan(60);
		// Another address is not held up by it.
		const b = d.ask(null, '192.0.2.6', 'owner');
		if (!b.ok) throw new Error('refused');
		expect(d.enter(b.request, announced.at(-1)!.code, '192.0.2.6').ok).toBe(true);
		// Once its time has passed, the first address may try again.
		clock.advance(1000 / ENTER_PER_ADDRESS.perSecond);
		const later = d.ask(null, '192.0.2.5', 'guesser');
		if (!later.ok) throw new Error('refused');
		expect(d.enter(later.request, announced.at(-1)!.code, '192.0.2.5').ok).toBe(true);
	});

	it(`many addresses: ${ENTER_GLOBAL.burst} codes from all together, then one every ${1 / ENTER_GLOBAL.perSecond / 60} minutes`, () => {
		const { d, announced, clock } = desk();
		const results = [];
		for (let i = 0; i < 40; i++) {
			clock.advance(1000);
			const address = `198.51.100.${i + 1}`;
			const a = d.ask(null, address, 'guesser');
			if (!a.ok) {
				results.push('ask-limited');
				continue;
			}
			const r = d.enter(a.request, wrongFor(announced.at(-1)!.code), address);
			results.push(r.ok ? 'paired' : r.reason);
		}
		expect(results.filter((r) => r === 'wrong')).toHaveLength(ENTER_GLOBAL.burst);
		expect(results.filter((r) => r === 'limit').length + results.filter((r) => r === 'ask-limited').length).toBe(40 - ENTER_GLOBAL.burst);
		expect(results).not.toContain('paired');
	});

	it('an IPv6 client is one "address" per /64: a new address of its network spends the same budget', () => {
		const { d, announced } = desk();
		let a = d.ask(null, '2001:db8:1:2::1', 'x');
		for (let i = 0; i < ENTER_PER_ADDRESS.burst; i++) {
			const address = `2001:db8:1:2::${i + 1}`;
			if (!a.ok) throw new Error('refused');
			const r = d.enter(a.request, wrongFor(announced.at(-1)!.code), address);
			expect(r).toMatchObject({ reason: 'wrong' });
			if (!r.ok && r.reason === 'wrong' && r.triesLeft === 0) a = d.ask(null, `2001:db8:1:2::${i + 50}`, 'x');
		}
		a = d.ask(null, '2001:db8:1:2::99', 'x');
		if (!a.ok) throw new Error('refused');
		expect(d.enter(a.request, announced.at(-1)!.code, '2001:db8:1:2::99')).toMatchObject({ ok: false, reason: 'limit' });
	});

	it('asking for codes is limited too: the device is not made to show and say them without end', () => {
		const { d, announced } = desk();
		const asked = Array.from({ length: 6 }, () => d.ask(null, '192.0.2.5', 'x'));
		expect(asked.map((a) => a.ok)).toEqual([true, true, true, false, false, false]);
		expect(announced).toHaveLength(3);
	});
});
