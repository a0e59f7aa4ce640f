/**
 * The alerts skill's `Timer` page, written by hand: no framework, no build. Drop this file into
 * OVOS_SCREEN_PAGES as ovos-skill-alerts.openvoiceos/Timer.js and it replaces the screen's own
 * Timer page (see docs/pages.md).
 *
 * The skill sets `activeTimers.timers`: [{alertId, timerName, timeDelta, percentRemaining, expired}]
 * and refreshes it every second. Cancel sends the skill's own event, `ovos.alerts.cancel_timer`
 * with the timer as the skill sent it; the skill hears it as
 * `ovos-skill-alerts.openvoiceos.ovos.alerts.cancel_timer`.
 *
 * What the skill sends is text: it is set with textContent, never as HTML.
 */
const WORDS = {
	en: { cancel: 'Cancel', none: 'No timers running', done: 'Time is up' },
	pt: { cancel: 'Cancelar', none: 'Nenhum temporizador ativo', done: 'Terminou' },
	de: { cancel: 'Abbrechen', none: 'Kein Timer läuft', done: 'Zeit ist um' }
};

const STYLE = `
:host {
	--bg: #0f1114; --card: #1b1f25; --fg: #f3f4f6; --muted: #aeb6c2; --accent: #ff5c64; --done: #ffb000;
	display: block; height: 100%; box-sizing: border-box; padding: 4cqmin;
	background: var(--bg); color: var(--fg); font-family: system-ui, sans-serif; container-type: size;
}
:host([theme='light']) { --bg: #f3f4f6; --card: #ffffff; --fg: #111418; --muted: #4b5563; --accent: #c8102e; --done: #8a5a00; }
[part='page'] { height: 100%; }
ul { display: grid; grid-auto-flow: column; grid-auto-columns: minmax(0, 1fr); gap: 3cqmin; height: 100%; margin: 0; padding: 0; list-style: none; }
@container (orientation: portrait) { ul { grid-auto-flow: row; grid-auto-rows: minmax(0, 1fr); } }
li { display: flex; flex-direction: column; justify-content: space-between; gap: 2cqmin; min-width: 0; padding: 4cqmin; border-radius: 3cqmin; background: var(--card); }
.name { margin: 0; font-size: clamp(18px, 6cqmin, 48px); font-weight: 700; overflow-wrap: anywhere; }
.left { margin: 0; font-size: clamp(28px, 14cqmin, 120px); font-weight: 800; font-variant-numeric: tabular-nums; line-height: 1; }
.expired .left { color: var(--done); }
.bar { height: max(8px, 2.5cqmin); border-radius: 99px; background: color-mix(in srgb, var(--fg) 18%, transparent); overflow: hidden; }
.bar > span { display: block; height: 100%; background: var(--accent); }
button { min-height: 56px; border: 0; border-radius: 2cqmin; font: inherit; font-size: clamp(16px, 4.5cqmin, 32px); font-weight: 700; background: var(--accent); color: var(--bg); cursor: pointer; }
.none { display: grid; place-items: center; height: 100%; margin: 0; font-size: clamp(20px, 8cqmin, 64px); color: var(--muted); }
`;

export default class AlertsTimer extends HTMLElement {
	#data = {};
	#lang = 'en';
	#root;
	#timers = [];

	constructor() {
		super();
		this.#root = this.attachShadow({ mode: 'open' });
		this.#root.innerHTML = `<style>${STYLE}</style><div part="page"></div>`;
		this.#root.addEventListener('click', (e) => {
			const button = e.target.closest('button[data-index]');
			if (!button) return;
			const timer = this.#timers[Number(button.dataset.index)];
			// The skill's own event, with the timer exactly as it sent it.
			this.dispatchEvent(new CustomEvent('ovos-event', { detail: { name: 'ovos.alerts.cancel_timer', params: { timer } }, bubbles: true, composed: true }));
		});
	}

	/** The namespace's data: a new object on every change. */
	set data(value) {
		this.#data = value ?? {};
		this.#render();
	}
	get data() {
		return this.#data;
	}

	/** The UI language (e.g. "pt-BR"); also the element's `lang` attribute. */
	set lang(value) {
		this.#lang = String(value);
		this.setAttribute('lang', this.#lang);
		this.#render();
	}
	get lang() {
		return this.#lang;
	}

	/** "light" or "dark". */
	set theme(value) {
		this.setAttribute('theme', value === 'light' ? 'light' : 'dark');
	}

	/** The page name the skill showed ("Timer"). */
	page = '';

	#words() {
		return WORDS[this.#lang.slice(0, 2)] ?? WORDS.en;
	}

	#render() {
		const holder = this.#root.querySelector('[part="page"]');
		const words = this.#words();
		const list = this.#data.activeTimers?.timers;
		this.#timers = Array.isArray(list) ? list.filter((t) => t && typeof t === 'object') : [];
		if (this.#timers.length === 0) {
			const p = document.createElement('p');
			p.className = 'none';
			p.textContent = words.none;
			holder.replaceChildren(p);
			return;
		}
		// The skill sends the timers again every second: the cards are updated in place, so a tap
		// that lands between two updates still reaches the same button.
		let ul = holder.querySelector('ul');
		if (!ul || ul.children.length !== this.#timers.length) {
			ul = document.createElement('ul');
			for (let i = 0; i < this.#timers.length; i++) ul.append(this.#card(i));
			holder.replaceChildren(ul);
		}
		this.#timers.forEach((t, i) => {
			const li = ul.children[i];
			li.classList.toggle('expired', Boolean(t.expired));
			li.querySelector('.name').textContent = String(t.timerName ?? '');
			li.querySelector('.left').textContent = t.expired ? words.done : String(t.timeDelta ?? '');
			const fraction = Math.max(0, Math.min(1, Number(t.percentRemaining) || 0));
			li.querySelector('.bar > span').style.width = `${fraction * 100}%`;
			li.querySelector('button').textContent = words.cancel;
		});
	}

	/** An empty card for the timer at `index`: its name, the time left, a bar and Cancel. */
	#card(index) {
		const li = document.createElement('li');
		const name = document.createElement('p');
		name.className = 'name';
		const left = document.createElement('p');
		left.className = 'left';
		const bar = document.createElement('div');
		bar.className = 'bar';
		bar.append(document.createElement('span'));
		const cancel = document.createElement('button');
		cancel.type = 'button';
		cancel.dataset.index = String(index);
		li.append(name, left, bar, cancel);
		return li;
	}
}
