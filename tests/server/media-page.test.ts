// A /media address a browser opened that cannot be served says why in the reader's language;
// what the kiosk's pictures and players load still gets the bare status.
import { describe, expect, it } from 'vitest';
import { chooseLanguage } from '../../src/lib/i18n/languages';
import { mediaErrorPage, wantsPage } from '../../src/lib/server/media-page';

const h1 = async (r: Response) => /<h1>(.*?)<\/h1>/.exec(await r.text())?.[1];

describe('the /media error page', () => {
	it('is for a browser navigating there, not for an element loading the file', () => {
		expect(wantsPage('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe(true);
		expect([wantsPage('image/avif,image/webp,image/apng,image/*,*/*;q=0.8'), wantsPage('*/*'), wantsPage(null), wantsPage('application/json')]).toEqual([false, false, false, false]);
	});

	it('says what is wrong in the reader’s language, Brazilian where Brazil words it otherwise', async () => {
		const page = (status: number, lang: string) => mediaErrorPage(status, '/srv/x.png', chooseLanguage({ url: lang }));
		expect(await h1(page(404, 'en'))).toBe('No such media file');
		expect(await h1(page(404, 'de'))).toBe('Keine solche Mediendatei');
		expect(await h1(page(415, 'pt'))).toBe('Não é um ficheiro multimédia');
		expect(await h1(page(415, 'pt-BR'))).toBe('Não é um arquivo de mídia');
		expect(await h1(page(403, 'de'))).toBe('Diese Datei ist für den Bildschirm nicht freigegeben');
		const r = page(404, 'pt');
		expect([r.status, r.headers.get('content-type')]).toEqual([404, 'text/html; charset=utf-8']);
		expect(await r.text()).toMatch(/^<!doctype html>\n<html lang="pt">/);
	});

	it('writes the path as text', async () => {
		const text = await mediaErrorPage(404, '/a/<img src=x onerror=alert(1)>.png', chooseLanguage({})).text();
		expect(text).toContain('<code>/a/&lt;img src=x onerror=alert(1)&gt;.png</code>');
		expect(text).not.toContain('<img');
	});

	it('HEAD: the status and type, no body', async () => {
		const r = mediaErrorPage(404, '/x.png', chooseLanguage({}), true);
		expect([r.status, await r.text()]).toEqual([404, '']);
	});
});
