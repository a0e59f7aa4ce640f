/**
 * Page `url`s as ovos-gui 1.3.4 resolves them per client framework (spec §2.1.4, §11.3): a bare
 * absolute path into the server's XDG cache when a file exists for that framework, else null.
 * ovos-gui ships its SYSTEM pages for qt5 only; a skill page resolves only if the skill shipped it.
 */
import { SYSTEM_QT5_PAGES } from '../../protocol/templates';

export const GUI_CACHE = '/home/ovos/.cache/ovos_gui';

const SYSTEM_QT5 = new Set<string>(SYSTEM_QT5_PAGES);

export class PageFiles {
	/** `skill_id` → names of qt5 pages the skill ships. */
	private readonly shipped = new Map<string, Set<string>>();

	ship(skillId: string, pages: readonly string[]): void {
		const set = this.shipped.get(skillId) ?? new Set<string>();
		for (const p of pages) set.add(p);
		this.shipped.set(skillId, set);
	}

	url(namespace: string, page: string, framework: string): string | null {
		// Any framework but qt5 gets null: there are no qt6 files, and an unknown framework has no extension.
		if (framework !== 'qt5') return null;
		if (SYSTEM_QT5.has(page)) return `${GUI_CACHE}/system/qt5/${page}.qml`;
		if (this.shipped.get(namespace)?.has(page)) return `${GUI_CACHE}/${namespace}/qt5/${page}.qml`;
		return null;
	}
}
