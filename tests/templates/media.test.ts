/** The media route's path checks against a real directory tree with symlinks (traversal test). */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRequestPath, isInside, mediaResponse, openMedia, openMediaEvenly, ovosIsLocal, parseRange, REFUSAL_MS } from '../../src/lib/server/media';

/** openMedia's verdict, the file closed again. */
async function resolveMedia(raw: string, roots: string[]) {
	const o = await openMedia(raw, roots);
	if (!o.ok) return o;
	await o.file.close();
	return { ok: true, path: o.path, type: o.type };
}

/** The route's answer for a path: status and body. */
async function serve(raw: string, roots: string[], range: string | null = null) {
	const o = await openMedia(raw, roots);
	if (!o.ok) return { status: o.status, body: '' };
	const res = mediaResponse(o, range);
	return { status: res.status, body: await res.text(), headers: res.headers };
}

let base: string;
let root: string;
beforeAll(() => {
	base = mkdtempSync(join(tmpdir(), 'media-test-'));
	root = join(base, 'root');
	mkdirSync(join(root, 'skill'), { recursive: true });
	mkdirSync(join(base, 'root-evil'));
	writeFileSync(join(root, 'skill', 'ok.png'), 'png');
	writeFileSync(join(root, 'skill', 'notes.txt'), 'text');
	writeFileSync(join(base, 'secret.png'), 'secret');
	writeFileSync(join(base, 'root-evil', 'x.png'), 'evil');
	writeFileSync(join(base, 'passwd'), 'root:x');
	symlinkSync(join(base, 'secret.png'), join(root, 'out.png'));
	symlinkSync(join(base, 'passwd'), join(root, 'disguised.png'));
	symlinkSync(join(root, 'skill', 'ok.png'), join(root, 'inside-link.png'));
	symlinkSync(base, join(root, 'dir-out'));
	mkdirSync(join(root, 'folder.png'));
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('checkRequestPath', () => {
	it('refuses traversal, NUL and non-media types before touching the disk', () => {
		expect(checkRequestPath('a/../../etc/x.png')).toMatchObject({ ok: false, status: 403 });
		expect(checkRequestPath('a/..\\..\\x.png')).toMatchObject({ ok: false, status: 403 });
		expect(checkRequestPath('a/x.png\0.txt')).toMatchObject({ ok: false, status: 400 });
		expect(checkRequestPath('etc/passwd')).toMatchObject({ ok: false, status: 415 });
		expect(checkRequestPath('x/page.html')).toMatchObject({ ok: false, status: 415 });
		expect(checkRequestPath('home/a/b.PNG')).toEqual({ ok: true, path: '/home/a/b.PNG', type: 'image/png' });
	});
	it('isInside needs a path boundary, not a prefix', () => {
		expect(isInside('/srv/root/a.png', '/srv/root')).toBe(true);
		expect(isInside('/srv/root-evil/a.png', '/srv/root')).toBe(false);
		expect(isInside('/srv/root', '/srv/root')).toBe(true);
	});
});

describe('resolveMedia', () => {
	it('serves a media file inside a root', async () => {
		expect(await resolveMedia(join(root, 'skill', 'ok.png'), [root])).toEqual({ ok: true, path: join(root, 'skill', 'ok.png'), type: 'image/png' });
		expect((await resolveMedia(join(root, 'inside-link.png'), [root])).ok).toBe(true);
	});
	it('refuses files outside every root, also through a sibling with the same prefix, as if missing (issue 24.1)', async () => {
		const missing = await resolveMedia(join(root, 'nope.png'), [root]);
		expect(missing).toMatchObject({ ok: false, status: 404 });
		expect(await resolveMedia(join(base, 'secret.png'), [root])).toEqual(missing);
		expect(await resolveMedia(join(base, 'root-evil', 'x.png'), [root])).toEqual(missing);
	});
	it('refuses symlinks that leave the roots, and media names that point at other types', async () => {
		expect(await resolveMedia(join(root, 'out.png'), [root])).toMatchObject({ ok: false, status: 404 });
		expect(await resolveMedia(join(root, 'dir-out', 'secret.png'), [root])).toMatchObject({ ok: false, status: 404 });
		expect(await resolveMedia(join(root, 'disguised.png'), [root, base])).toMatchObject({ ok: false, status: 404 });
	});
	it('never opens what a last-step symlink points at outside the roots (a FIFO would block, a device act)', async () => {
		const fifo = join(base, 'pipe.png');
		expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
		symlinkSync(fifo, join(root, 'pipe-link.png'));
		expect(await resolveMedia(join(root, 'pipe-link.png'), [root])).toMatchObject({ ok: false, status: 404 });
		expect(await resolveMedia(fifo, [base])).toMatchObject({ ok: false, status: 404 });
	});
	it('serves the file it checked while the name is swapped for a symlink out of the root (issue 24.1: 651 + 423 copies of the outside file)', async () => {
		const dir = join(base, 'race');
		mkdirSync(dir);
		writeFileSync(join(base, 'outside.txt'), 'SECRET'.repeat(2000));
		writeFileSync(join(dir, 'x.png'), 'PNGDATA');
		// Another process swaps x.png between a real image and a symlink to the outside file, as fast as it can.
		const swapper = spawn(process.execPath, [
			'-e',
			`const fs = require('fs'), d = ${JSON.stringify(dir)}, s = ${JSON.stringify(join(base, 'outside.txt'))};
			for (;;) { try { fs.symlinkSync(s, d + '/l'); fs.renameSync(d + '/l', d + '/x.png'); fs.writeFileSync(d + '/f', 'PNGDATA'); fs.renameSync(d + '/f', d + '/x.png'); } catch {} }`
		]);
		try {
			await new Promise((r) => setTimeout(r, 100));
			const seen = { image: 0, refused: 0, leaked: 0, other: 0 };
			for (let i = 0; i < 3000; i++) {
				const { status, body } = await serve(join(dir, 'x.png'), [dir]);
				if (body.includes('SECRET')) seen.leaked++;
				else if (status === 200 && body === 'PNGDATA') seen.image++;
				else if (status === 404) seen.refused++;
				else seen.other++;
			}
			expect(seen.leaked).toBe(0);
			expect(seen.other).toBe(0);
			expect(seen.image).toBeGreaterThan(0); // the race was live: the real image was served too
			expect(seen.image + seen.refused).toBe(3000);
		} finally {
			swapper.kill();
		}
	}, 60_000);
	it('takes as long to refuse an existing file as a missing one, outside the roots or inside (200 interleaved samples each)', async () => {
		// The probe: a file outside the roots answered in a median 1.27 ms, a missing one in 0.90 ms.
		const kinds: Record<string, string> = {
			'missing outside': join(base, 'nope.png'),
			'existing outside': join(base, 'secret.png'),
			'missing inside': join(root, 'nope.png'),
			'link out of a root': join(root, 'out.png'),
			'a folder': join(root, 'folder.png')
		};
		const times: Record<string, number[]> = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]));
		for (let i = 0; i < 200; i++)
			for (const [kind, path] of Object.entries(kinds)) {
				const t = performance.now();
				const o = await openMediaEvenly(path, [root]);
				times[kind]!.push(performance.now() - t);
				expect(o).toMatchObject({ ok: false, status: 404 });
			}
		const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
		const medians = Object.fromEntries(Object.entries(times).map(([k, xs]) => [k, median(xs)]));
		const values = Object.values(medians);
		expect(Math.max(...values) / Math.min(...values), JSON.stringify(medians)).toBeLessThan(1.05);
		expect(Math.min(...values)).toBeGreaterThanOrEqual(REFUSAL_MS - 0.5);
	}, 30_000);
	it('refuses traversal even when it would land inside a root', async () => {
		expect(await resolveMedia(`${root}/skill/../skill/ok.png`, [root])).toMatchObject({ ok: false, status: 403 });
	});
	it('refuses other types, missing files, folders, and roots that do not exist', async () => {
		expect(await resolveMedia(join(root, 'skill', 'notes.txt'), [root])).toMatchObject({ ok: false, status: 415 });
		expect(await resolveMedia(join(root, 'nope.png'), [root])).toMatchObject({ ok: false, status: 404 });
		expect(await resolveMedia(join(root, 'folder.png'), [root])).toMatchObject({ ok: false, status: 404 });
		expect(await resolveMedia(join(root, 'skill', 'ok.png'), [join(base, 'missing')])).toMatchObject({ ok: false, status: 404 });
	});
});

describe('ovosIsLocal', () => {
	it('is true for the embedded simulator and loopback hosts only', () => {
		expect(ovosIsLocal(null)).toBe(true);
		expect(ovosIsLocal('127.0.0.1')).toBe(true);
		expect(ovosIsLocal('localhost')).toBe(true);
		expect(ovosIsLocal('::1')).toBe(true);
		expect(ovosIsLocal('192.168.1.5')).toBe(false);
		expect(ovosIsLocal('127.0.0.1.evil.com')).toBe(false);
	});
});

describe('byte ranges (issue 14.10: video could not seek, a 3 GiB file came whole)', () => {
	it('parseRange reads one range of each form and refuses what starts past the end', () => {
		expect(parseRange(null, 100)).toBe('whole');
		expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
		expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
		expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
		expect(parseRange('bytes=50-1000', 100)).toEqual({ start: 50, end: 99 });
		expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
		expect(parseRange('bytes=9-3', 100)).toBe('unsatisfiable');
		expect(parseRange('bytes=0-1,5-6', 100)).toBe('whole');
		expect(parseRange('items=0-1', 100)).toBe('whole');
		// An empty file is sent whole (issue 24: `bytes=-5` gave 206 `bytes 0--1/0`).
		expect(parseRange('bytes=-5', 0)).toBe('whole');
		expect(parseRange('bytes=0-', 0)).toBe('whole');
	});

	it('mediaResponse sends 206 with the asked bytes, 200 whole, 416 past the end', async () => {
		const file = join(root, 'skill', 'ok.png');
		writeFileSync(file, '0123456789');
		const part = await serve(file, [root], 'bytes=2-5');
		expect(part.status).toBe(206);
		expect(part.headers?.get('content-range')).toBe('bytes 2-5/10');
		expect(part.headers?.get('content-length')).toBe('4');
		expect(part.body).toBe('2345');
		const whole = await serve(file, [root]);
		expect(whole.status).toBe(200);
		expect(whole.headers?.get('accept-ranges')).toBe('bytes');
		expect(whole.body).toBe('0123456789');
		const bad = await serve(file, [root], 'bytes=10-');
		expect(bad.status).toBe(416);
		expect(bad.headers?.get('content-range')).toBe('bytes */10');
	});

	it('an empty file is 200 and empty whatever the range asks', async () => {
		const file = join(root, 'skill', 'empty.png');
		writeFileSync(file, '');
		for (const range of ['bytes=-5', 'bytes=0-', null]) {
			const r = await serve(file, [root], range);
			expect(r.status).toBe(200);
			expect(r.headers?.get('content-range')).toBeNull();
			expect(r.headers?.get('content-length')).toBe('0');
			expect(r.body).toBe('');
		}
	});
});
