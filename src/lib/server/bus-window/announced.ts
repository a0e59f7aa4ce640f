/**
 * What the device itself offered a person to tap, learnt from the bus: the notifications the shell
 * companion popped up or stored (and which of them a skill asked for itself), and the homescreen's
 * app launchers. The window lets a browser send a skill-chosen action only when it matches one of
 * these exactly and has the shape of a skill's own offering (allow-list.ts, ANNOUNCED_ACTIONS).
 */
import { isObject, type BusMessage, type Json, type JsonObject } from '../../protocol';
import { isAppLauncher, isSkillAction } from './allow-list';

/** Popups and skills' requests remembered (newest kept); stored notifications are whatever the last storage model said. */
const POPPED_KEPT = 100;
const REQUESTED_KEPT = 200;
const APPS_KEPT = 200;

export interface NotificationRef {
	readonly sender: string;
	readonly text: string;
	readonly timestamp?: number;
}

export class Announced {
	#popped: JsonObject[] = [];
	#stored: JsonObject[] = [];
	/** Notifications skills asked the companion for (`ovos.notification.api.set`): sender, action, callback data. */
	#requested: JsonObject[] = [];
	/** skill_id → event, from `homescreen.register.app`. */
	readonly #apps = new Map<string, string>();
	/** Actions of the homescreen's `applications_model`, as last set. */
	#drawer = new Set<string>();

	observe(msg: BusMessage): void {
		if (relayedFromGuiSocket(msg)) return;
		const d = msg.data;
		switch (msg.type) {
			case 'ovos.notification.api.set':
				if (typeof d.sender === 'string' && typeof d.action === 'string' && d.action !== '') {
					this.#requested.push({ sender: d.sender, action: d.action, callback_data: isObject(d.callback_data) ? d.callback_data : {} });
					if (this.#requested.length > REQUESTED_KEPT) this.#requested.shift();
				}
				return;
			case 'ovos.notification.notification_data':
				if (isObject(d.notification) && Object.keys(d.notification).length > 0) this.#pop(d.notification as JsonObject);
				return;
			case 'ovos.notification.update_storage_model': {
				const model = isObject(d.notification_model) ? d.notification_model.storedmodel : null;
				if (Array.isArray(model)) this.#stored = model.filter(isObject).slice(0, 500) as JsonObject[];
				return;
			}
			case 'homescreen.register.app':
				if (typeof d.skill_id === 'string' && typeof d.event === 'string' && d.event !== '') {
					this.#apps.delete(d.skill_id);
					this.#apps.set(d.skill_id, d.event);
					if (this.#apps.size > APPS_KEPT) this.#apps.delete(this.#apps.keys().next().value as string);
				}
				return;
			case 'detach_skill':
				if (typeof d.skill_id === 'string') this.#apps.delete(d.skill_id);
				return;
			case 'gui.value.set':
				if (typeof d.__from === 'string' && d.__from.includes('homescreen') && Array.isArray(d.applications_model)) {
					this.#drawer = new Set(
						d.applications_model.flatMap((a) => (isObject(a) && typeof a.action === 'string' && a.action !== '' ? [a.action] : [])).slice(0, APPS_KEPT)
					);
				}
				return;
		}
	}

	/** The device's own copy of the notification a browser names, or null when it never announced one. */
	findNotification(ref: NotificationRef): JsonObject | null {
		const hit = (n: JsonObject) =>
			n.sender === ref.sender && n.text === ref.text && (ref.timestamp === undefined || n.timestamp === ref.timestamp);
		return this.#stored.find(hit) ?? this.#popped.findLast(hit) ?? null;
	}

	/** Whether `type` with `data` is an app launch or a notification action the device offered. */
	allowsAction(type: string, data: JsonObject): boolean {
		if (Object.keys(data).length === 0 && isAppLauncher(type)) {
			if (this.#drawer.has(type)) return true;
			for (const [skillId, event] of this.#apps) if (event === type && isAppLauncher(type, skillId)) return true;
		}
		const asked = (n: JsonObject) =>
			this.#requested.some((r) => r.sender === n.sender && r.action === type && sameJson(r.callback_data, data));
		const offered = (n: JsonObject) =>
			n.action === type && typeof n.sender === 'string' && isSkillAction(type, n.sender) && sameJson(isObject(n.callback_data) ? n.callback_data : {}, data) && asked(n);
		return this.#stored.some(offered) || this.#popped.some(offered);
	}

	#pop(n: JsonObject): void {
		this.#popped = this.#popped.filter((p) => !sameJson(p, n));
		this.#popped.push(n);
		if (this.#popped.length > POPPED_KEPT) this.#popped.shift();
	}
}

/** ovos-gui marks what it relays from a GUI socket with `context.gui_framework`; the owners never send it. */
function relayedFromGuiSocket(msg: BusMessage): boolean {
	return isObject(msg.context) && Object.hasOwn(msg.context, 'gui_framework');
}

/** Deep equality of JSON values, key order ignored. */
export function sameJson(a: Json | undefined, b: Json | undefined): boolean {
	if (a === b) return true;
	if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
	if (!isObject(a) || !isObject(b) || Array.isArray(b)) return false;
	const ka = Object.keys(a);
	if (ka.length !== Object.keys(b).length) return false;
	return ka.every((k) => Object.hasOwn(b, k) && sameJson(a[k] as Json, b[k] as Json));
}
