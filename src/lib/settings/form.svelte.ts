/**
 * The /settings form for this browser's choices: what is typed, whether it is valid, the address it
 * makes (for the connection test, saved or not), and saving it into the cookies the pages read.
 * An empty field (or a value equal to the server's) follows the server, so a later change of the
 * server's settings reaches this browser too.
 */
import { chooseAddress, type AllowedHosts, type AllowedPorts, type OvosAddress } from '$lib/protocol/address';
import type { Lang } from '$lib/i18n/languages';
import { cookieString, OPTIONS_COOKIE, savedOptions, THEME_COOKIE, validOption, type ThemeChoice } from './choices';
import { SETTINGS_TEXT as L } from '$lib/i18n/settings';
import { fill } from '$lib/i18n/languages';

export interface FormDefaults {
	/** The app server's OVOS, theme and kiosk defaults. */
	readonly ovos: OvosAddress;
	readonly allowedHosts: AllowedHosts;
	readonly allowedPorts: AllowedPorts;
	readonly serverTheme: ThemeChoice;
	readonly kiosk: { readonly rotate: number; readonly scale: number };
	/** What this browser saved (a query string) and the theme it shows. */
	readonly saved: string;
	readonly theme: ThemeChoice;
	/** The server's OVOS_SCREEN_LANG (null: each browser's own) and the language this browser chose, if any. */
	readonly serverLang: string | null;
	readonly savedLang: Lang | null;
}

export type Field = 'host' | 'guiPort' | 'busPort' | 'scale';

export class ChoicesForm {
	theme = $state<ThemeChoice>('auto');
	host = $state('');
	guiPort = $state('');
	busPort = $state('');
	handshake = $state<'gui' | 'full'>('gui');
	rotate = $state('0');
	scale = $state('');
	/** This browser's language choice; '' follows the server's setting and the browser's languages. */
	lang = $state<Lang | ''>('');
	/** The last save's outcome, for the status line (a function, so it follows a language switch). */
	message = $state<{ ok: boolean; text: () => string } | null>(null);

	constructor(
		readonly d: FormDefaults,
		readonly pageHost: string
	) {
		const s = savedOptions(d.saved);
		this.theme = d.theme;
		this.host = s.get('host') ?? '';
		this.guiPort = s.get('guiPort') ?? '';
		this.busPort = s.get('busPort') ?? '';
		this.handshake = s.get('handshake') === 'full' ? 'full' : s.get('handshake') === 'gui' ? 'gui' : d.ovos.handshake;
		this.rotate = s.get('rotate') ?? String(d.kiosk.rotate);
		this.scale = s.get('scale') ?? '';
		this.lang = d.savedLang ?? '';
	}

	/** The mistake in each field, if any. */
	get errors(): Partial<Record<Field, string>> {
		const e: Partial<Record<Field, string>> = {};
		if (this.host.trim() && !validOption('host', this.host.trim())) e.host = L.badHost;
		for (const f of ['guiPort', 'busPort'] as const) if (this[f].trim() && !validOption(f, this[f].trim())) e[f] = L.badPort;
		if (this.scale.trim() && !validOption('scale', this.scale.trim())) e.scale = L.badScale;
		return e;
	}

	/** The options to keep: only what differs from the server's. */
	get params(): URLSearchParams {
		const p = new URLSearchParams();
		const d = this.d;
		const host = this.host.trim();
		if (host && host !== d.ovos.host) p.set('host', host);
		if (this.guiPort.trim() && Number(this.guiPort) !== d.ovos.guiPort) p.set('guiPort', String(Number(this.guiPort)));
		if (this.busPort.trim() && Number(this.busPort) !== d.ovos.busPort) p.set('busPort', String(Number(this.busPort)));
		if (this.handshake !== d.ovos.handshake) p.set('handshake', this.handshake);
		if (Number(this.rotate) !== d.kiosk.rotate) p.set('rotate', this.rotate);
		if (this.scale.trim() && Number(this.scale) !== d.kiosk.scale) p.set('scale', this.scale.trim());
		return p;
	}

	/** The host is refused by the server's allow-list (the same rule as a link's `?host=`), or null. */
	get refused(): { readonly host: string; readonly setting: string } | null {
		const c = chooseAddress(this.params, this.d.ovos, this.d.allowedHosts, this.pageHost, this.d.allowedPorts);
		return c.ok ? null : c;
	}

	/** The address the form makes, or null while it has a mistake. */
	get address(): OvosAddress | null {
		if (Object.keys(this.errors).length > 0) return null;
		const c = chooseAddress(this.params, this.d.ovos, this.d.allowedHosts, this.pageHost, this.d.allowedPorts);
		return c.ok ? c.address : null;
	}

	/** Keeps the choices in this browser's cookies and shows the theme at once; false when something is wrong. */
	save(doc: Document = document): boolean {
		if (Object.keys(this.errors).length > 0) {
			this.message = { ok: false, text: () => Object.values(this.errors)[0] ?? '' };
			return false;
		}
		const refused = this.refused;
		if (refused !== null) {
			this.message = { ok: false, text: () => fill(L.notAllowed, refused) };
			return false;
		}
		doc.cookie = cookieString(OPTIONS_COOKIE, this.params.toString() || null);
		doc.cookie = cookieString(THEME_COOKIE, this.theme === this.d.serverTheme ? null : this.theme);
		doc.documentElement.dataset.theme = this.theme;
		this.message = { ok: true, text: () => L.saved };
		return true;
	}

	/** Follows the server again: every field back to its value (the language too: the caller applies it). */
	reset(doc: Document = document): void {
		doc.cookie = cookieString(OPTIONS_COOKIE, null);
		doc.cookie = cookieString(THEME_COOKIE, null);
		this.theme = this.d.serverTheme;
		this.host = this.guiPort = this.busPort = this.scale = '';
		this.handshake = this.d.ovos.handshake;
		this.rotate = String(this.d.kiosk.rotate);
		this.lang = '';
		doc.documentElement.dataset.theme = this.theme;
		this.message = { ok: true, text: () => L.resetDone };
	}
}
