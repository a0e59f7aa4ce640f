/** Chromium's processes as /proc sees them, for the benchmarks that measure what a screen costs. */
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';

export interface ChromiumProc {
	readonly pid: number;
	readonly kind: 'browser' | 'renderer' | 'gpu' | 'other';
	/** CPU seconds so far, user + system. */
	readonly cpu: number;
	readonly rssKb: number;
	readonly pssKb: number;
	/** Pages no other process shares (PSS also depends on how many other Chromiums run on the machine). */
	readonly privateKb: number;
}

const HZ = 100; // USER_HZ: /proc's clock ticks per second on Linux

function stat(pid: number): { ppid: number; cpu: number } | null {
	try {
		const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
		// After the command: state ppid … utime (field 14 of stat) stime (15).
		const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
		return { ppid: Number(f[1]), cpu: (Number(f[11]) + Number(f[12])) / HZ };
	} catch {
		return null;
	}
}

const kb = (text: string, key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0);

/**
 * The Chromium processes descending from `root` (default: this process), with CPU time and memory.
 * `memory: false` skips smaps_rollup, which costs the kernel a walk of every mapping.
 */
export function chromiumProcs(root = process.pid, memory = true): ChromiumProc[] {
	const all = new Map<number, { ppid: number; cpu: number }>();
	for (const d of readdirSync('/proc')) {
		if (!/^\d+$/.test(d)) continue;
		const s = stat(Number(d));
		if (s) all.set(Number(d), s);
	}
	const under = (pid: number): boolean => pid === root || (pid > 1 && all.has(pid) && under(all.get(pid)!.ppid));
	return [...all].flatMap(([pid, s]) => {
		if (!under(pid)) return [];
		try {
			const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
			if (!cmd.includes('chrom')) return [];
			const kind = cmd.includes('--type=renderer') ? 'renderer' : cmd.includes('--type=gpu-process') ? 'gpu' : cmd.includes('--type=') ? 'other' : 'browser';
			if (!memory) return [{ pid, kind, cpu: s.cpu, rssKb: 0, pssKb: 0, privateKb: 0 }];
			const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
			const rssKb = kb(readFileSync(`/proc/${pid}/status`, 'utf8'), 'VmRSS');
			return [{ pid, kind, cpu: s.cpu, rssKb, pssKb: kb(rollup, 'Pss'), privateKb: kb(rollup, 'Private_Clean') + kb(rollup, 'Private_Dirty') }];
		} catch {
			return [];
		}
	});
}

/** The browser process (no --type) among `procs`: the root of one launched Chromium. */
export function browserPid(procs: readonly ChromiumProc[]): number {
	const b = procs.find((p) => p.kind === 'browser');
	if (!b) throw new Error('no Chromium browser process under this one');
	return b.pid;
}

/** The renderer holding the most memory (a page's, beside idle or spare ones). */
export function busiestRenderer(procs: readonly ChromiumProc[]): ChromiumProc {
	const renderers = procs.filter((p) => p.kind === 'renderer');
	if (renderers.length === 0) throw new Error('no renderer process');
	return renderers.reduce((a, b) => (b.rssKb > a.rssKb ? b : a));
}

/**
 * How much of a process's RSS is the pages of its own executable (Chromium's code and read-only
 * data, shared by all its processes), in KB: a floor under any renderer's RSS that no page changes.
 */
export function executableRssKb(pid: number): number {
	const exe = readlinkSync(`/proc/${pid}/exe`);
	let kb = 0;
	let mine = false;
	for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
		// A mapping's header starts with its address range; its fields ("Rss:   123 kB") follow it.
		if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) mine = line.endsWith(` ${exe}`);
		else if (mine && line.startsWith('Rss:')) kb += Number(/\d+/.exec(line)?.[0] ?? 0);
	}
	return kb;
}
