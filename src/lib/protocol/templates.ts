/**
 * Page identity → built-in template. Legacy names (`SYSTEM_TextFrame`), OVOS-GUI-1 names
 * (`SYSTEM_text`) and adapter-server names (`Text.qml`, `SYSTEM:Text.qml`) all land on one key
 * (docs/skill-pages.md#how-a-page-is-matched). Anything else is a skill's own QML page that a browser cannot render.
 */
export const TEMPLATE_NAMES = [
	'SYSTEM_TextFrame',
	'SYSTEM_ImageFrame',
	'SYSTEM_AnimatedImageFrame',
	'SYSTEM_HtmlFrame',
	'SYSTEM_UrlFrame',
	'SYSTEM_Loading',
	'SYSTEM_Status',
	'SYSTEM_Face',
	'SYSTEM_InputBox',
	// OVOS-GUI-1 templates with no legacy name. `SYSTEM_confirm` and `SYSTEM_select` are
	// names the draft reserves; ovos-gui-api-client shows them already.
	'SYSTEM_clock',
	'SYSTEM_timer',
	'SYSTEM_idle',
	'SYSTEM_audio_player',
	'SYSTEM_video_player',
	'SYSTEM_media_player',
	'SYSTEM_error',
	'SYSTEM_list',
	'SYSTEM_grid',
	'SYSTEM_table',
	'SYSTEM_weather',
	'SYSTEM_map',
	'SYSTEM_confirm',
	'SYSTEM_select'
] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];

/** The SYSTEM pages ovos-gui 1.3.4 ships a qt5 QML file for: the legacy ones but `SYSTEM_InputBox`. */
export const SYSTEM_QT5_PAGES: readonly TemplateName[] = [
	'SYSTEM_TextFrame',
	'SYSTEM_ImageFrame',
	'SYSTEM_AnimatedImageFrame',
	'SYSTEM_HtmlFrame',
	'SYSTEM_UrlFrame',
	'SYSTEM_Loading',
	'SYSTEM_Status',
	'SYSTEM_Face'
];

const ALIASES: Record<string, TemplateName> = {
	// OVOS-GUI-1 names (ovos-gui 1.3.5 templates.py)
	SYSTEM_text: 'SYSTEM_TextFrame',
	SYSTEM_image: 'SYSTEM_ImageFrame',
	SYSTEM_animated_image: 'SYSTEM_AnimatedImageFrame',
	SYSTEM_html: 'SYSTEM_HtmlFrame',
	SYSTEM_url: 'SYSTEM_UrlFrame',
	SYSTEM_loading: 'SYSTEM_Loading',
	SYSTEM_status: 'SYSTEM_Status',
	SYSTEM_face: 'SYSTEM_Face',
	SYSTEM_input: 'SYSTEM_InputBox',
	// adapter-server file names
	Text: 'SYSTEM_TextFrame',
	Image: 'SYSTEM_ImageFrame',
	AnimatedImage: 'SYSTEM_AnimatedImageFrame',
	Html: 'SYSTEM_HtmlFrame',
	Url: 'SYSTEM_UrlFrame',
	Loading: 'SYSTEM_Loading',
	Status: 'SYSTEM_Status',
	Face: 'SYSTEM_Face',
	InputBox: 'SYSTEM_InputBox',
	Error: 'SYSTEM_error',
	List: 'SYSTEM_list',
	Grid: 'SYSTEM_grid',
	Table: 'SYSTEM_table',
	Weather: 'SYSTEM_weather',
	Map: 'SYSTEM_map',
	Confirm: 'SYSTEM_confirm',
	Select: 'SYSTEM_select'
};

const KNOWN = new Set<string>(TEMPLATE_NAMES);

/** The built-in template for a page, or null for a skill's own page. */
export function templateFor(page: { name: string; url: string | null }): TemplateName | null {
	const fromName = lookup(page.name);
	if (fromName) return fromName;
	// Adapter servers mark their templates by the url scheme, e.g. `SYSTEM:Text.qml`.
	if (page.url?.startsWith('SYSTEM:')) return lookup(page.url.slice('SYSTEM:'.length));
	return null;
}

function lookup(name: string): TemplateName | null {
	const bare = name.endsWith('.qml') ? name.slice(0, -4) : name;
	if (KNOWN.has(bare)) return bare as TemplateName;
	return Object.hasOwn(ALIASES, bare) ? (ALIASES[bare] as TemplateName) : null;
}
