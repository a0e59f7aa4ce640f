/**
 * A realistic mixed GUI-socket trace for benchmarks: skills come and go (stack insert, data, pages,
 * focus, deletes, remove) while data updates and forwarded system status events dominate, as on a
 * live device. Deterministic (seeded) so runs compare.
 */
const AS = 'mycroft.system.active_skills';

function rng(seed: number) {
	let s = seed >>> 0;
	return () => {
		s = (s * 1664525 + 1013904223) >>> 0;
		return s / 2 ** 32;
	};
}

const SKILLS = ['skill-weather.openvoiceos', 'ovos-skill-timer.openvoiceos', 'skill-wiki.openvoiceos', 'ovos-skill-camera.openvoiceos', 'skill-news.openvoiceos'];
const STATUS = ['recognizer_loop:wakeword', 'recognizer_loop:record_begin', 'recognizer_loop:record_end', 'recognizer_loop:utterance', 'mycroft.skill.handler.start', 'speak', 'recognizer_loop:audio_output_start', 'recognizer_loop:audio_output_end', 'mycroft.skill.handler.complete', 'ovos.utterance.handled'];

export function makeTrace(count: number, seed = 42): string[] {
	const r = rng(seed);
	const lines: string[] = [];
	const push = (o: object) => lines.push(JSON.stringify(o));
	let stack: string[] = [];
	const pages = new Map<string, number>();
	let tick = 0;
	while (lines.length < count) {
		const roll = r();
		const id = SKILLS[Math.floor(r() * SKILLS.length)]!;
		if (roll < 0.06) {
			// a skill shows a page: its namespace goes on top (position 0), as ovos-gui activates one live
			if (!stack.includes(id)) {
				push({ type: 'mycroft.session.list.insert', namespace: AS, position: 0, data: [{ skill_id: id }] });
				stack = [id, ...stack];
				push({ type: 'mycroft.session.set', namespace: id, data: { title: `Title ${tick}` } });
				push({ type: 'mycroft.session.set', namespace: id, data: { text: `Some text for ${id} at ${tick}` } });
				pages.set(id, 0);
			} else if (stack[0] !== id) {
				push({ type: 'mycroft.session.list.move', namespace: AS, from: stack.indexOf(id), to: 0, items_number: 1 });
				stack = [id, ...stack.filter((s) => s !== id)];
			}
			const n = pages.get(id) ?? 0;
			push({ type: 'mycroft.gui.list.insert', namespace: id, position: n, data: [{ url: `/home/ovos/.cache/ovos_gui/system/qt5/SYSTEM_TextFrame.qml`, page: n === 0 ? 'SYSTEM_TextFrame' : `page${n}` }] });
			pages.set(id, n + 1);
			push({ type: 'mycroft.events.triggered', namespace: id, event_name: 'page_gained_focus', data: { number: n } });
		} else if (roll < 0.09 && stack.length > 1) {
			// a timed-out namespace leaves: deletes, then the stack remove
			const pos = stack.length - 1;
			const gone = stack[pos]!;
			push({ type: 'mycroft.session.delete', namespace: gone, property: 'title' });
			push({ type: 'mycroft.session.delete', namespace: gone, property: 'text' });
			push({ type: 'mycroft.session.list.remove', namespace: AS, position: pos, items_number: 1 });
			stack = stack.slice(0, pos);
			pages.delete(gone);
		} else if (roll < 0.7 && stack.length > 0) {
			const ns = stack[Math.floor(r() * stack.length)]!;
			push({ type: 'mycroft.session.set', namespace: ns, data: { time_string: `10:${String(tick % 60).padStart(2, '0')}`, temp: Math.round(r() * 30) } });
		} else if (roll < 0.95) {
			push({ type: 'mycroft.events.triggered', namespace: 'system', event_name: STATUS[tick % STATUS.length], data: { utterance: 'what is the weather' } });
		} else if (stack.length > 0) {
			const ns = stack[0]!;
			push({ type: 'mycroft.events.triggered', namespace: ns, event_name: 'page_gained_focus', data: { number: Math.max(0, (pages.get(ns) ?? 1) - 1) } });
		}
		tick++;
	}
	return lines.slice(0, count);
}
