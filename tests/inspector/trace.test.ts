import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decode } from '../../src/lib/protocol';
import { emptyState, reduce, replayLines, type ScreenState } from '../../src/lib/screen';
import { toCanonical } from '../../src/lib/protocol';
import { WireLog } from '../../src/lib/inspector/wire-log';
import { exportLines, framesForState, parseJsonl, toJsonl, Trace, traceLine } from '../../src/lib/inspector/trace';
import { busIn, event, focus, guiIn, insertNs, insertPages, removeNs, set } from './helpers';

/** A deterministic, varied session: namespaces come and go, pages, data, focus, repeats, junk. */
function session(n: number, seed = 7): string[] {
	let s = seed;
	const rnd = (k: number) => {
		s = (s * 1103515245 + 12345) & 0x7fffffff;
		return (s >>> 8) % k;
	};
	// A persistent homescreen at the bottom, set up once: only the first frames know it.
	const out: string[] = [insertNs('home'), insertPages('home', 0, 'idle'), set('home', { wallpaper: 'w.png' })].map((x) => JSON.stringify(x));
	const stack: string[] = ['home'];
	const pages: Record<string, number> = { home: 1 };
	for (let i = 0; i < n; i++) {
		const r = rnd(20);
		const top = stack[0] as string;
		if (r < 3) {
			const id = `skill-${rnd(6)}`;
			if (!top) continue;
			if (stack.includes(id)) continue;
			stack.unshift(id);
			pages[id] = 0;
			out.push(JSON.stringify(insertNs(id)));
		} else if (r < 5 && stack.length > 1) {
			const p = rnd(stack.length - 1);
			const [gone] = stack.splice(p, 1);
			delete pages[gone!];
			out.push(JSON.stringify(removeNs(p)));
		} else if (r < 8) {
			out.push(JSON.stringify(insertPages(top, pages[top]!, rnd(2) ? 'SYSTEM_TextFrame' : `page${i}`)));
			pages[top]!++;
		} else if (r < 10 && pages[top]! > 0) {
			out.push(JSON.stringify(focus(top, rnd(pages[top]!))));
		} else if (r < 16) {
			const line = JSON.stringify(set(top, { [`k${rnd(4)}`]: rnd(3) ? `v${rnd(5)}` : { deep: [rnd(9)] } }));
			out.push(line);
			if (rnd(4) === 0) out.push(line, line); // repeats, to be coalesced
		} else if (r < 18) {
			out.push(JSON.stringify(event('system', 'recognizer_loop:record_begin')));
		} else if (r === 18) {
			out.push('{"type": "mycroft.session.set", "namespace": "x"'); // truncated frame
		} else {
			out.push(JSON.stringify(focus(top, 99))); // refused by the reducer
		}
	}
	return out;
}

function liveReduce(lines: readonly string[]): ScreenState {
	let st = emptyState();
	for (const l of lines) {
		const d = decode(l);
		if (d.ok) st = reduce(st, d.value);
	}
	return st;
}

describe('export', () => {
	it('writes only server → client GUI frames, one per line, repeats expanded', () => {
		const log = new WireLog(100);
		log.push(guiIn(set('a', { x: 1 })));
		log.push(guiIn(set('a', { x: 1 })));
		log.push(busIn({ type: 'speak', data: {}, context: {} }));
		log.push(guiIn('{\n  "type": "mycroft.session.set",\n  "namespace": "a",\n  "data": {"y": 2}\n}'));
		const lines = exportLines(log);
		expect(lines).toHaveLength(3);
		expect(lines[0]).toBe(lines[1]);
		expect(lines[2]).toBe('{"type":"mycroft.session.set","namespace":"a","data":{"y":2}}');
		expect(traceLine('bad\nframe')).toBe('bad frame');
		expect(toJsonl(lines).split('\n')).toHaveLength(4);
		expect(parseJsonl(toJsonl(lines))).toEqual(lines);
	});

	it('rebuilds the live state even after the ring dropped the first frames', () => {
		const lines = session(3000);
		const log = new WireLog(200);
		for (const l of lines) log.push(guiIn(l));
		expect(log.dropped).toBeGreaterThan(0);
		const exported = exportLines(log, { base: log.base, fromSeq: log.connectionSeq });
		expect(toCanonical(replayLines(exported).state)).toBe(toCanonical(liveReduce(lines)));
		// without the base prefix it would not (the check above is not vacuous)
		expect(toCanonical(replayLines(exportLines(log)).state)).not.toBe(toCanonical(liveReduce(lines)));
	});

	it('frames for a state replay to that state', () => {
		const st = liveReduce(session(500, 3));
		expect(st.stack.length).toBeGreaterThan(0);
		expect(toCanonical(replayLines(framesForState(st)).state)).toBe(toCanonical(st));
	});
});

describe('export → import → scrub', () => {
	const lines = session(1200);
	const log = new WireLog(5000);
	for (const l of lines) log.push(guiIn(l));
	const text = toJsonl(exportLines(log, { base: log.base, fromSeq: log.connectionSeq }));
	const imported = parseJsonl(text);
	const trace = new Trace(imported, 16);

	it('round-trips the frames', () => {
		expect(imported).toEqual(lines);
	});

	it('gives the canonical state of replayLines(lines, N) for N across the whole trace', () => {
		expect(trace.stride).toBeLessThan(imported.length);
		for (let n = 0; n <= imported.length; n += n < 200 || n > imported.length - 20 ? 1 : 7) {
			expect(toCanonical(trace.stateAt(n))).toBe(toCanonical(replayLines(imported, n).state));
		}
	});

	it('matches the replay CLI', () => {
		const dir = mkdtempSync(join(tmpdir(), 'inspect-'));
		const file = join(dir, 'trace.jsonl');
		writeFileSync(file, text);
		expect(parseJsonl(readFileSync(file, 'utf8'))).toEqual(imported);
		for (const n of [0, 1, 317, imported.length]) {
			const out = execFileSync(process.execPath, ['--import', 'tsx', 'src/cli/replay.ts', file, '--at', String(n)], {
				encoding: 'utf8',
				stdio: ['ignore', 'pipe', 'ignore']
			});
			expect(out.trim()).toBe(toCanonical(trace.stateAt(n)));
		}
	});

	it('steps report what line N did', () => {
		const bad = imported.findIndex((l) => !decode(l).ok) + 1;
		expect(bad).toBeGreaterThan(0);
		const s = trace.step(bad);
		expect(s.error).toMatch(/JSON/);
		expect(s.state).toBe(s.before);
		const refused = imported.findIndex((l) => l.includes('"number":99')) + 1;
		expect(trace.step(refused).problem).toMatch(/outside/);
		expect(toCanonical(trace.step(5).state)).toBe(toCanonical(trace.stateAt(5)));
	});
});
