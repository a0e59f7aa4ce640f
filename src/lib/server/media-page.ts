/**
 * What a browser shows for a /media address it opened that cannot be served (a link followed, a
 * path typed): one short page in the reader's language, where SvelteKit's static error page said
 * "no such media file" in English on every screen. The kiosk's pictures and players ask for the
 * file itself (Accept: image/*, *\/*) and still get the bare status.
 */
import de from '$lib/i18n/de/app';
import en from '$lib/i18n/en/app';
import { catalogueOf, type LanguageChoice } from '$lib/i18n/languages';
import pt from '$lib/i18n/pt/app';
import ptBR from '$lib/i18n/pt-BR/app';

/** A browser navigating to the address (its Accept names HTML), not an element loading a file. */
export function wantsPage(accept: string | null): boolean {
	return accept !== null && /(^|,)\s*text\/html\b/i.test(accept);
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function mediaErrorPage(status: number, path: string, choice: LanguageChoice, head = false): Response {
	const catalogue = catalogueOf(choice);
	const t = catalogue === 'pt-BR' ? { ...pt, ...ptBR } : { en, de, pt }[catalogue];
	const title = status === 404 ? t.mediaNotFound : status === 415 ? t.mediaNotMedia : t.mediaRefused;
	// The path may be long and unbroken: it wraps anywhere rather than push the page wider than the screen.
	const html = `<!doctype html>
<html lang="${choice.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="dark light"><title>${escape(title)} · ovos-screen</title>
<style>body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a}
main{box-sizing:border-box;width:min(28rem,100% - 3rem);padding:1.5rem;border-radius:1rem;background:#fff}
p.status{margin:0;font-size:.875rem;font-weight:600;color:#be123c}h1{margin:.25rem 0 .5rem;font-size:1.5rem}
code{overflow-wrap:anywhere;font-size:.95rem}a{display:inline-block;margin-top:1rem;padding:.6rem 0;color:#1d4ed8}
@media (prefers-color-scheme:dark){body{background:#020617;color:#f1f5f9}main{background:#0f172a}p.status{color:#fb7185}a{color:#93c5fd}}</style></head>
<body><main><p class="status">${status}</p><h1>${escape(title)}</h1><code>${escape(path)}</code><br><a href="/">${escape(t.mediaBack)}</a></main></body></html>`;
	return new Response(head ? null : html, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}
