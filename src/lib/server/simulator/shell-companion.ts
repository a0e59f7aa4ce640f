/**
 * The widgets API of ovos-gui-plugin-shell-companion (the GUI extension of ovos-shell devices,
 * spec skill-pages.md §1.1): `ovos.widgets.display|update|remove {type, data}` from a skill becomes
 * `ovos.widgets.<timer|alarm|media>.<action> {widget: data}`, which the homescreen forwards to its page.
 */
import type { JsonObject } from '../../protocol';
import type { MessageBus } from './bus-server';

const KINDS: Record<string, string> = { timer: 'timer', alarm: 'alarm', audio: 'media' };

export function startShellWidgets(bus: MessageBus): () => void {
	const offs = ['display', 'update', 'remove'].map((action) =>
		bus.on(`ovos.widgets.${action}`, (m) => {
			const kind = typeof m.data.type === 'string' ? KINDS[m.data.type] : undefined;
			if (!kind) return;
			// `remove` carries no widget data.
			const data: JsonObject = action === 'remove' ? {} : { widget: m.data.data ?? '' };
			bus.emit({ type: `ovos.widgets.${kind}.${action}`, data, context: {} });
		})
	);
	return () => offs.forEach((off) => off());
}
