/**
 * What a browser may choose for itself on /settings: its theme, and its screen options —
 * the OVOS address (`host`, `guiPort`, `busPort`, `handshake`) and the kiosk's `rotate` and `scale`,
 * the very URL options `/`, `/kiosk` and `/inspect` take. They are kept in cookies, so the server
 * renders each page with them (the theme before first paint, app.html's early GUI socket to the
 * right address); a page's own URL options still win for that page. The language is the i18n
 * module's own choice. Pure: the server (hooks, layout) and the browser share these.
 */
import { withSaved } from './screen-params';

export type ThemeChoice = 'light' | 'dark' | 'auto';

export const THEME_COOKIE = 'ovos-screen.theme';
export const OPTIONS_COOKIE = 'ovos-screen.screen';
/** Kept for five years: a kiosk is set up once. */
const MAX_AGE_S = 5 * 365 * 24 * 3600;

export function isTheme(v: unknown): v is ThemeChoice {
	return v === 'light' || v === 'dark' || v === 'auto';
}

/** The browser's theme if it chose one, else the server's. */
export function themeOf(cookie: string | null | undefined, server: ThemeChoice): ThemeChoice {
	return isTheme(cookie) ? cookie : server;
}

/** The screen options a browser may keep, and what each may be (the pages read them as URL options). */
const OPTIONS: Readonly<Record<string, (v: string) => boolean>> = {
	host: validHost,
	guiPort: port,
	busPort: port,
	handshake: (v) => v === 'gui' || v === 'full',
	rotate: (v) => v === '0' || v === '90' || v === '180' || v === '270',
	scale: (v) => /^\d+(\.\d+)?$/.test(v) && Number(v) >= 0.5 && Number(v) <= 3
};
export const OPTION_KEYS = Object.keys(OPTIONS);

/**
 * A host name, an IPv4 address, or an IPv6 address (bare or in brackets): never a scheme, path or
 * port (`192.168.1.20:8181` is a mistake a person makes; the ports are fields of their own).
 */
export function validHost(v: string): boolean {
	if (!/^[\w.:[\]-]{1,255}$/.test(v)) return false;
	if (v.startsWith('[')) return /^\[[0-9a-f:.]+\]$/i.test(v);
	if (v.includes(':')) return /^[0-9a-f:.]+$/i.test(v) && v.split(':').length > 2;
	// A name ending in a number is an IPv4 address or a typo (no top-level domain is all digits).
	if (/(^|\.)\d+\.?$/.test(v)) return IPV4.test(v);
	return /^[\w-]+(\.[\w-]+)*\.?$/.test(v);
}

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

function port(v: string): boolean {
	return /^\d{1,5}$/.test(v) && Number(v) >= 1 && Number(v) <= 65535;
}

/** The known, valid options of a saved value (a query string); anything else is dropped. */
export function savedOptions(value: string | null | undefined): URLSearchParams {
	const out = new URLSearchParams();
	if (!value) return out;
	let given: URLSearchParams;
	try {
		given = new URLSearchParams(value.length > 600 ? '' : value);
	} catch {
		return out;
	}
	for (const [k, ok] of Object.entries(OPTIONS)) {
		const v = given.get(k);
		if (v !== null && ok(v)) out.set(k, v);
	}
	return out;
}

/** The options a page runs with: what this browser saved, overridden by the page's own URL. */
export function screenParams(url: URLSearchParams, saved: string | null | undefined): URLSearchParams {
	return withSaved(url, savedOptions(saved).toString());
}

/** Whether a value would be kept (for a form: say which field is wrong before saving). */
export function validOption(key: string, value: string): boolean {
	return OPTIONS[key]?.(value) ?? false;
}

/** A `Set-Cookie`-style string for document.cookie; null clears it. */
export function cookieString(name: string, value: string | null): string {
	return value === null || value === ''
		? `${name}=; Path=/; Max-Age=0; SameSite=Lax`
		: `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${MAX_AGE_S}; SameSite=Lax`;
}

/** A cookie's value from a Cookie header (or document.cookie). */
export function readCookie(header: string | null | undefined, name: string): string | null {
	if (!header) return null;
	for (const part of header.split(';')) {
		const eq = part.indexOf('=');
		if (eq > 0 && part.slice(0, eq).trim() === name) {
			try {
				return decodeURIComponent(part.slice(eq + 1).trim());
			} catch {
				return null;
			}
		}
	}
	return null;
}
