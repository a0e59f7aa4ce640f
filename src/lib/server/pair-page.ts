/**
 * The page a browser the device does not know gets for every page of the app (HTTP 401), in its
 * language: ask for a code, type it, paired. Plain HTML and forms, no script and nothing of the
 * device — no screen, no settings, no address of OVOS — built here rather than by the app's pages,
 * whose layout carries the device's settings.
 */
import de from '$lib/i18n/de/access';
import en from '$lib/i18n/en/access';
import { type LanguageChoice } from '$lib/i18n/languages';
import pt from '$lib/i18n/pt/access';
import { PAIR_PATH } from './guards/gate';

export type Texts = typeof en;

export function textsOf(choice: LanguageChoice): Texts {
	return { en, pt, de }[choice.lang];
}

export interface PairView {
	/** `ask`: no code is waiting for this browser; `code`: one is, until `expiresAt`. */
	readonly state: 'ask' | 'code';
	readonly expiresAt?: number;
	/** Where to go once paired (a path of this app). */
	readonly next: string;
	/** The name to offer (the User-Agent's guess, or what the person typed). */
	readonly name: string;
	/** What happened, in the reader's language. */
	readonly notice?: string;
	/** The request came from another site, which withholds this browser's SameSite=Strict cookie: look once more from here. */
	readonly refresh?: boolean;
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** No script, forms to this app only, framed by this app only. */
const POLICY = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'self'; base-uri 'none'";

export function pairPage(choice: LanguageChoice, v: PairView, status = 401, head = false): Response {
	const t = textsOf(choice);
	const minutes = v.expiresAt ? Math.max(1, Math.ceil((v.expiresAt - Date.now()) / 60_000)) : 0;
	const next = `<input type="hidden" name="next" value="${escape(v.next)}">`;
	const ask = (label: string) => `<form method="post" action="${PAIR_PATH}">${next}<input type="hidden" name="name" value="${escape(v.name)}"><button name="do" value="ask" class="link">${escape(label)}</button></form>`;
	const body =
		v.state === 'code'
			? `<p>${escape(t.pairShown(minutes))}</p>
<form method="post" action="${PAIR_PATH}">${next}<label for="code">${escape(t.pairCode)}</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]*" maxlength="7" required autofocus>
<button name="do" value="enter">${escape(t.pairGo)}</button></form>${ask(t.pairAskAgain)}`
			: `<form method="post" action="${PAIR_PATH}">${next}<label for="name">${escape(t.pairName)}</label>
<input id="name" name="name" maxlength="40" value="${escape(v.name)}">
<button name="do" value="ask">${escape(t.pairAsk)}</button></form>`;
	const token = escape(t.pairToken).replace('{token}', '<code>?token=…</code>');
	const html = `<!doctype html>
<html lang="${choice.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="dark light">${v.refresh ? '<meta http-equiv="refresh" content="0">' : ''}<title>${escape(t.pairTitle)} · ovos-screen</title>
<style>body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a}
main{box-sizing:border-box;width:min(30rem,100% - 2rem);padding:1.5rem;border-radius:1rem;background:#fff}
h1{margin:0 0 .75rem;font-size:1.5rem}p{line-height:1.45}label{display:block;margin:1rem 0 .35rem;font-weight:600}
input{box-sizing:border-box;width:100%;font:inherit;font-size:1.1rem;padding:.6rem .75rem;border:1px solid #94a3b8;border-radius:.5rem;background:inherit;color:inherit}
#code{font-size:1.75rem;letter-spacing:.3em;text-align:center}
button{margin-top:1rem;font:inherit;font-weight:600;padding:.65rem 1.1rem;border:0;border-radius:.5rem;background:#1d4ed8;color:#fff;cursor:pointer}
button.link{background:none;color:#1d4ed8;padding:.4rem 0;font-weight:400;text-decoration:underline}
.notice{padding:.6rem .8rem;border-radius:.5rem;background:#fef3c7;color:#78350f}small{display:block;margin-top:1.5rem;color:#475569}
@media (prefers-color-scheme:dark){body{background:#020617;color:#f1f5f9}main{background:#0f172a}button.link{color:#93c5fd}.notice{background:#422006;color:#fde68a}small{color:#94a3b8}}</style></head>
<body><main><h1>${escape(t.pairTitle)}</h1><p>${escape(t.pairWhat)}</p>${v.notice ? `<p class="notice" role="alert">${escape(v.notice)}</p>` : ''}
${body}<small>${token}</small></main></body></html>`;
	return new Response(head ? null : html, {
		status,
		headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-security-policy': POLICY }
	});
}

/** A name for a browser from its User-Agent, in no language: "Firefox · Android", "Safari · iPhone"; else its first word. */
export function nameFromUserAgent(ua: string | null): string {
	if (!ua) return '?';
	const browser = /Edg\//.test(ua) ? 'Edge' : /OPR\//.test(ua) ? 'Opera' : /Firefox\//.test(ua) ? 'Firefox' : /Chrom(e|ium)\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : null;
	const system = /iPhone/.test(ua) ? 'iPhone' : /iPad/.test(ua) ? 'iPad' : /Android/.test(ua) ? 'Android' : /Windows/.test(ua) ? 'Windows' : /Mac OS X|Macintosh/.test(ua) ? 'macOS' : /CrOS/.test(ua) ? 'ChromeOS' : /Linux/.test(ua) ? 'Linux' : null;
	if (browser && system) return `${browser} · ${system}`;
	return browser ?? system ?? (ua.trim().split(/[\s/]/)[0]?.slice(0, 40) || '?');
}
