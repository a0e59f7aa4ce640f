/**
 * A server-rendered screen (docs/screen.md#first-paint-from-the-server) hydrates only once the
 * renderer of the page the server drew is loaded: the browser then takes over the very DOM it
 * painted, with no blank frame and no second layout. The routes' universal load (`/`, `/kiosk`) runs this; on the server it loads the same
 * renderer for the render itself.
 */
import type { PageFiles } from '$lib/protocol/page-files';
import { shownPage, type ScreenState } from '$lib/screen';
import { setPageFiles } from '$lib/templates/page-files.svelte';
// Not the `$lib/templates` barrel: it would pull the templates' data readers into the screen's first load.
import { loadComponent } from '$lib/templates/registry';

export async function firstPageLoad<T extends { first: ScreenState | null; pageFiles: PageFiles | null }>(data: T): Promise<T> {
	setPageFiles(data.pageFiles);
	const shown = data.first ? shownPage(data.first) : null;
	// A renderer that cannot be fetched shows its notice, as on any later page.
	if (shown) await loadComponent(shown.page, shown.namespace).catch(() => undefined);
	return data;
}
