/**
 * `GET /api/ovos/focus`: `{"focus": {namespace: {"number", "page"}}}`, the page each namespace of
 * the configured OVOS is on where the server's copy of its screen heard ovos-gui focus one, or
 * `{"focus": null}` while it has no copy. ovos-gui replays no focus to a new connection, so a
 * screen whose socket connected after a page was shown asks here once its replay is in
 * (docs/protocol.md). It tells no more than a screen's own socket hears live.
 */
import { json } from '@sveltejs/kit';
import { screenMirror } from '$lib/server/screen-mirror';

export function GET() {
	return json({ focus: screenMirror()?.focus() ?? null }, { headers: { 'cache-control': 'no-store' } });
}
