/**
 * ovos-gui's HomescreenManager (1.3.4 `homescreen.py`): a registry of
 * resting screens fed by `homescreen.manager.add`; `homescreen.manager.show_active` (a global back on
 * page 0, a skill's `release()`) asks the configured `idle_display_skill` to show itself with
 * `homescreen.manager.activate.display`, as does its registration. At start it asks skills to
 * register (`homescreen.manager.reload.list`).
 */
import type { BusMessage, JsonObject } from '../src/lib/protocol';
import type { MessageBus } from './bus-server';
import { forward, reply } from './bus-util';
import type { Logger } from './log';

export function startHomescreenManager(bus: MessageBus, idleDisplaySkill: string, log: Logger): () => void {
	const homescreens: JsonObject[] = [];
	const registered = () => homescreens.some((h) => h.id === idleDisplaySkill);
	const activate = (m: BusMessage) => bus.emit(forward(m, 'homescreen.manager.activate.display', { homescreen_id: idleDisplaySkill }));
	const offs = [
		bus.on('homescreen.manager.add', (m) => {
			const id = m.data.id;
			if (typeof id !== 'string') throw new Error(`KeyError: 'id' (homescreen.manager.add)`);
			if (!homescreens.some((h) => h.id === id)) homescreens.push(m.data);
			if (id === idleDisplaySkill) activate({ type: '', data: {}, context: {} });
		}),
		bus.on('homescreen.manager.remove', (m) => {
			for (let i = homescreens.length - 1; i >= 0; i--) if (homescreens[i]?.id === m.data.id) homescreens.splice(i, 1);
		}),
		bus.on('homescreen.manager.list', (m) => bus.emit(reply(m, 'homescreen.manager.list.response', { homescreens: [...homescreens] }))),
		bus.on('homescreen.manager.get_active', (m) =>
			bus.emit(reply(m, 'homescreen.manager.get_active.response', { homescreen: registered() ? idleDisplaySkill : null }))
		),
		bus.on('homescreen.manager.show_active', (m) => {
			if (registered()) activate(m);
			else log('debug', `homescreen: ${idleDisplaySkill} is not registered, nothing to show`);
		})
	];
	bus.emit({ type: 'homescreen.manager.reload.list', data: {}, context: {} });
	return () => offs.forEach((off) => off());
}
