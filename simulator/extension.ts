/**
 * The `generic` GUI extension of ovos-gui (1.3.4 `extensions.py`): `mycroft.gui.available` on every
 * `mycroft.gui.connected`, and `gui.clear.namespace` for a back that names a skill (`release()`).
 * Registered after the NamespaceManager, so its global back runs first.
 */
import type { MessageBus } from './bus-server';

export function startGenericExtension(bus: MessageBus): () => void {
	const offs = [
		bus.on('mycroft.gui.connected', (m) => bus.emit({ type: 'mycroft.gui.available', data: { permanent: false }, context: m.context })),
		bus.on('mycroft.gui.screen.close', (m) => {
			if (typeof m.data.skill_id === 'string') bus.emit({ type: 'gui.clear.namespace', data: { __from: m.data.skill_id }, context: m.context });
		}),
		bus.on('mycroft.gui_service.is_alive', (m) => bus.emit({ type: 'mycroft.gui_service.is_alive.response', data: { status: true }, context: m.context }))
	];
	return () => offs.forEach((f) => f());
}
