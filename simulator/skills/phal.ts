/**
 * The device plugins (ovos-PHAL) the homescreen hears from: connectivity (`mycroft.internet.connected`
 * once the network is up) and the wallpaper manager (`homescreen.wallpaper.set` at start, the next
 * wallpaper on `ovos.wallpaper.manager.change.wallpaper`, the homescreen's swipe).
 */
import { WALLPAPERS } from '../assets';
import type { SkillDefinition } from '../workshop';

export const phal: SkillDefinition = {
	id: 'ovos-PHAL',
	className: 'PHAL',
	intents: [],
	start(skill) {
		let current = 0;
		const set = () => skill.bus.emit({ type: 'homescreen.wallpaper.set', data: { url: skill.assetUrl(WALLPAPERS[current] ?? WALLPAPERS[0]) }, context: {} });
		skill.on('ovos.wallpaper.manager.change.wallpaper', () => {
			current = (current + 1) % WALLPAPERS.length;
			set();
		});
		set();
		skill.bus.emit({ type: 'mycroft.network.connected', data: {}, context: {} });
		skill.bus.emit({ type: 'mycroft.internet.connected', data: {}, context: {} });
	}
};
