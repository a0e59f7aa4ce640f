/**
 * Framing a web page or a skill's HTML (SYSTEM_UrlFrame, SYSTEM_HtmlFrame, the players' web
 * backends): which addresses may be framed, why one is refused, and the document that holds skill
 * HTML. Apart from data.ts so a page that frames nothing does not load the refusals' texts.
 */
import { SYSTEM_TEXT } from '$lib/i18n/system';
import type { Json } from '$lib/protocol';
import { text } from './data';

type Data = Readonly<Record<string, Json>>;

export type FrameUrl = { readonly ok: true; readonly url: string; readonly host: string } | { readonly ok: false; readonly reason: string };

/** Only http(s) pages may be framed; `javascript:`, `data:`, `file:` and the rest are refused. */
export function frameUrl(raw: Json | undefined): FrameUrl {
	if (typeof raw !== 'string' || raw.trim() === '') return { ok: false, reason: SYSTEM_TEXT.noAddress };
	let u: URL;
	try {
		u = new URL(raw.trim());
	} catch {
		return { ok: false, reason: SYSTEM_TEXT.badAddress };
	}
	if (u.protocol !== 'http:' && u.protocol !== 'https:') {
		return { ok: false, reason: SYSTEM_TEXT.badScheme(u.protocol.replace(/:$/, '')) };
	}
	return { ok: true, url: u.href, host: u.host };
}

/**
 * Every frame the app makes is sandboxed without same-origin (an opaque origin: nothing of this
 * app's, its storage or its sockets). Script runs in one only: the holder of skill HTML, whose policy
 * keeps the skill's page off the device's bus and GUI ports and from becoming any other document.
 * A web page (SYSTEM_UrlFrame, the OCP web player) runs none of its script: the device's bus and
 * ovos-gui accept a socket from any page, and only Chromium keeps a page of the network from opening
 * the machine's own ports — no browser keeps a page of the machine itself or the LAN from it, and
 * whoever chose the address (a skill, a search result behind it) would get the device
 * (docs/security.md, "Frames and web media").
 */
export const WEB_PAGE_SANDBOX = 'allow-forms';
export const SKILL_HTML_SANDBOX = 'allow-scripts';

/** Address endings the OCP web player plays in its own media element rather than as a page. */
const MEDIA_FILES: Readonly<Record<string, 'audio' | 'video'>> = {
	mp3: 'audio', m4a: 'audio', aac: 'audio', oga: 'audio', ogg: 'audio', opus: 'audio', flac: 'audio', wav: 'audio', weba: 'audio',
	mp4: 'video', m4v: 'video', webm: 'video', ogv: 'video', mov: 'video'
};

export type WebSource =
	| { readonly ok: true; readonly kind: 'page'; readonly url: string; readonly host: string }
	| { readonly ok: true; readonly kind: 'audio' | 'video'; readonly url: string; readonly host: string }
	| { readonly ok: false; readonly reason: string };

/** What the OCP web player shows of `uri`: an http(s) audio or video file to play, else a page to frame. */
export function webSource(raw: Json | undefined): WebSource {
	const f = frameUrl(raw);
	if (!f.ok) return f;
	const ext = /\.([a-z0-9]+)$/i.exec(new URL(f.url).pathname)?.[1]?.toLowerCase();
	const media = ext !== undefined && Object.hasOwn(MEDIA_FILES, ext) ? MEDIA_FILES[ext] : undefined;
	return { ...f, kind: media ?? 'page' };
}

/**
 * The policy skill HTML runs under, on top of its opaque-origin sandbox. The device's bus and GUI
 * sockets have no authentication and accept any origin; a skill page must never open them, so it
 * may connect over http(s) only (a `http:` source does not match `ws:`), and start no workers and
 * no other document (frames, objects): a document of its own would not carry this policy. Its
 * holder (static/skill-frame.html) has the same policy, which the skill's document inherits, and
 * which keeps its frame from navigating anywhere. A page's own policies can only narrow this.
 */
export const FRAME_CSP = "connect-src http: https:; frame-src 'none'; object-src 'none'; worker-src 'none'; form-action 'none'";

/** The document that holds a skill's HTML (issue 24.2); HtmlFrame posts it the skill's document. */
export const SKILL_FRAME_HOLDER = '/skill-frame.html';

/**
 * The skill's document, for its holder. `resourceLocation` (Qt's base URL) becomes a `<base>` only
 * when it is http(s); the document runs in an opaque-origin sandbox either way.
 */
export function htmlDocument(html: string, resourceLocation: string): string {
	// Qt loads skill HTML with `resourceLocation` or http://localhost as its base (spec §5); without a
	// base, relative links in an srcdoc frame would go to this app's own server.
	const base = frameUrl(resourceLocation);
	const url = base.ok ? base.url : 'http://localhost/';
	const href = url.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
	return `<meta http-equiv="Content-Security-Policy" content="${FRAME_CSP}"><base href="${href}">${html}`;
}

/** SYSTEM_HtmlFrame's document from its data: Qt's `resourceLocation` or OVOS-GUI-1's `resource_url` as the base. */
export function htmlFrameDocument(data: Data): string {
	return htmlDocument(text(data, 'html'), text(data, 'resourceLocation') || text(data, 'resource_url'));
}
