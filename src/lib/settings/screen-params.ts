/**
 * The options a screen page runs with: what this browser saved on /settings, overridden by the
 * page's own URL. `saved` is the layout's `data.saved`, already sifted by the server
 * (+layout.server.ts keeps only valid options: choices.ts `savedOptions`), so the screens' first
 * load does not carry the settings page's rules.
 */
export function withSaved(url: URLSearchParams, saved: string): URLSearchParams {
	const out = new URLSearchParams(saved);
	for (const [k, v] of url) out.set(k, v);
	return out;
}
