/**
 * Skill authors' page files on the server: the folder's files and versions, changes seen within a
 * second, and files read only from inside the folder (docs/pages.md).
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readPageFiles, type PageFiles } from '../../src/lib/protocol/page-files';
import { answerPageFile, PageFolder, streamPageFiles, versionOf } from '../../src/lib/server/pages';
import { defaultPageDeps } from '../../src/lib/server/pages/http';
import { SseParser } from '../../src/lib/sse';

const folders: PageFolder[] = [];
afterEach(() => {
	for (const f of folders.splice(0)) f.close();
});

function tree(files: Record<string, string>): string {
	const dir = mkdtempSync(join(tmpdir(), 'ovos-pages-'));
	for (const [path, text] of Object.entries(files)) {
		mkdirSync(join(dir, path, '..'), { recursive: true });
		writeFileSync(join(dir, path), text);
	}
	return dir;
}

function open(dir: string): PageFolder {
	const f = new PageFolder(dir, () => {});
	folders.push(f);
	return f;
}

/** The next list of files the folder announces, within `ms`. */
function nextFiles(folder: PageFolder, ms = 1000): Promise<PageFiles> {
	return new Promise((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error(`no change announced within ${ms} ms`)), ms);
		const off = folder.subscribe((files) => {
			clearTimeout(timer);
			off();
			resolve(files);
		});
	});
}

const PAGE = 'export default class extends HTMLElement {}\n';

describe('the page folder', () => {
	it('lists <skill_id>/<page>.js files with a version of their content, and nothing else', () => {
		const dir = tree({
			'ovos-skill-alerts.openvoiceos/Timer.js': PAGE,
			'my-skill.example/status.js': '// another\n',
			'my-skill.example/notes.txt': 'not a page',
			'my-skill.example/.hidden.js': PAGE,
			'top-level.js': PAGE,
			'my-skill.example/deeper/page.js': PAGE
		});
		expect(open(dir).files()).toEqual({
			'ovos-skill-alerts.openvoiceos/Timer': versionOf(Buffer.from(PAGE)),
			'my-skill.example/status': versionOf(Buffer.from('// another\n'))
		});
		expect(versionOf(Buffer.from(PAGE))).toMatch(/^[0-9a-f]{16}$/);
	});

	it('announces an added, changed, renamed-over (as editors save) and removed file within a second', async () => {
		const dir = tree({ 'a.skill/one.js': PAGE });
		const folder = open(dir);
		const v1 = folder.files()['a.skill/one'];

		let seen = nextFiles(folder);
		writeFileSync(join(dir, 'a.skill/one.js'), `${PAGE}// changed\n`);
		expect((await seen)['a.skill/one']).not.toBe(v1);

		seen = nextFiles(folder);
		writeFileSync(join(dir, 'a.skill/.one.js.swp'), `${PAGE}// saved by an editor\n`);
		renameSync(join(dir, 'a.skill/.one.js.swp'), join(dir, 'a.skill/one.js'));
		expect((await seen)['a.skill/one']).toBe(versionOf(Buffer.from(`${PAGE}// saved by an editor\n`)));

		seen = nextFiles(folder);
		mkdirSync(join(dir, 'b.skill'));
		writeFileSync(join(dir, 'b.skill/two.js'), PAGE);
		await expect.poll(() => folder.files()['b.skill/two'], { timeout: 1000 }).toBe(versionOf(Buffer.from(PAGE)));
		await seen;

		seen = nextFiles(folder);
		rmSync(join(dir, 'a.skill/one.js'));
		expect(Object.keys(await seen)).toEqual(['b.skill/two']);
	});

	it('reads a page only from inside the folder: no other names, no way out by a link', async () => {
		const outside = tree({ 'secret.js': 'export const key = 1;\n', 'skill/page.js': PAGE });
		const dir = tree({ 'ok.skill/page.js': PAGE });
		symlinkSync(join(outside, 'secret.js'), join(dir, 'ok.skill/linked-out.js'));
		symlinkSync(join(outside, 'skill'), join(dir, 'linked.skill'));
		symlinkSync(join(dir, 'ok.skill/page.js'), join(dir, 'ok.skill/linked-in.js'));
		const folder = open(dir);
		expect((await folder.read('ok.skill', 'page'))?.body.toString()).toBe(PAGE);
		expect((await folder.read('ok.skill', 'linked-in'))?.body.toString()).toBe(PAGE);
		for (const [skill, page] of [
			['ok.skill', 'linked-out'],
			['linked.skill', 'page'],
			['..', 'secret'],
			['ok.skill', '../../secret'],
			['ok.skill/..', 'page'],
			['.', 'page'],
			['ok.skill', '.hidden'],
			['ok.skill', 'missing']
		]) {
			expect(await folder.read(skill as string, page as string), `${skill}/${page}`).toBeNull();
		}
		expect(Object.keys(folder.files()).sort()).toEqual(['ok.skill/linked-in', 'ok.skill/page']);
	});

	it('serves a page as JavaScript, and 404 for anything else', async () => {
		const folder = open(tree({ 'ok.skill/page.js': PAGE }));
		const res = await answerPageFile(folder, 'ok.skill', 'page.js');
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
		expect(await res.text()).toBe(PAGE);
		expect((await answerPageFile(folder, 'ok.skill', 'page')).status).toBe(404);
		expect((await answerPageFile(folder, 'ok.skill', '..%2Fpage.js')).status).toBe(404);
		expect((await answerPageFile(null, 'ok.skill', 'page.js')).status).toBe(404);
	});

	it('streams the files at once and again on each change, and ends the stream when asked', async () => {
		const dir = tree({ 'ok.skill/page.js': PAGE });
		const folder = open(dir);
		const deps = defaultPageDeps(folder);
		const abort = new AbortController();
		const res = streamPageFiles(new Request('http://x/api/pages', { signal: abort.signal }), '127.0.0.1', deps);
		expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
		const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
		const parser = new SseParser();
		const next = async (): Promise<PageFiles | null> => {
			for (;;) {
				const { value, done } = await reader.read();
				if (done) return null;
				const ev = parser.push(value).find((e) => e.event === 'files');
				if (ev) return readPageFiles(JSON.parse(ev.data));
			}
		};
		expect(Object.keys((await next()) ?? {})).toEqual(['ok.skill/page']);
		writeFileSync(join(dir, 'ok.skill/other.js'), PAGE);
		expect(Object.keys((await next()) ?? {}).sort()).toEqual(['ok.skill/other', 'ok.skill/page']);
		expect(deps.streams.count).toBe(1);
		abort.abort();
		expect(await next()).toBeNull();
		expect(deps.streams.count).toBe(0);
		expect(deps.open.size).toBe(0);
		expect(streamPageFiles(new Request('http://x/api/pages'), '127.0.0.1', defaultPageDeps(null)).status).toBe(404);
	});
});

describe('page file names on the wire', () => {
	it('takes only skill/page keys of file-safe names with hex versions', () => {
		expect(readPageFiles({ 'a.skill/Page': '0af3' })).toEqual({ 'a.skill/Page': '0af3' });
		expect(readPageFiles({ '../x/Page': '0af3' })).toBeNull();
		expect(readPageFiles({ 'a/b/c': '0af3' })).toBeNull();
		expect(readPageFiles({ 'a.skill/Page': 'not hex' })).toBeNull();
		expect(readPageFiles([])).toBeNull();
	});
});
