/**
 * THE ALLOW-LIST of the bus window: every core-bus message type that may pass between browsers and
 * the device's messagebus, in each direction, with its payload schema and why it is here. Nothing
 * that is not in this file passes (`window.ts` consults only these tables).
 *
 * The messagebus has no authentication and every client may send anything (spec chat-agent.md §4),
 * so a browser never gets it raw. The window is the part of ovos-shell a browser needs: what the Qt
 * client's QML sends with `MycroftController.sendRequest` and what ovos-shell itself reacts to
 * (spec gui-protocol.md §2.3, §2.4; skill-pages.md §1.1, §1.6, §1.7).
 *
 * - Bus → browser: only the device's own session (`default`, or none) passes — a chat in its own
 *   session is nobody else's business — and only the fields each schema names; `context` never does.
 * - Browser → bus: only the types below with payloads that match exactly (unknown keys refused), plus
 *   the one rule at the end for actions whose type a skill chose (app and notification actions).
 *   Everything goes out as Qt sends it: `context: {session: {session_id: "default"}}`.
 */
import * as v from 'valibot';
import { isObject, type JsonObject } from '../../protocol';

type Schema = v.GenericSchema<unknown, JsonObject>;

const jsonObject = v.custom<JsonObject>(isObject, 'must be a JSON object');
const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const empty = v.object({});
const emptyStrict = v.strictObject({});

/**
 * A notification as ovos-gui-plugin-shell-companion builds it from `ovos.notification.api.set`
 * (wigets.py `__notificationAPI_handle_display_notification`). Any field may be null: the companion
 * copies what `GUIInterface.show_notification` sent, and its `action` defaults to None.
 */
const notification = v.object({
	sender: v.nullish(text(200)),
	text: v.nullish(text(4000)),
	/** A bus type the skill wants sent when the notification is clicked ('' or null = none). */
	action: v.nullish(text(200)),
	/** `sticky` stays until closed; anything else is transient for `duration` seconds. */
	type: v.nullish(text(40)),
	/** `info`, `warning`, `success`, `error` (anything else is drawn as info). */
	style: v.nullish(text(40)),
	duration: v.nullish(v.number()),
	callback_data: v.nullish(jsonObject),
	timestamp: v.nullish(v.number())
});

/** How a browser names a notification it acts on; the server sends the device's own copy instead. */
const notificationRef = v.strictObject({
	notification: v.object({ sender: text(200), text: text(4000), timestamp: v.nullish(v.number()) })
});

export interface Inbound {
	readonly why: string;
	/** What of `data` reaches browsers: unknown keys are dropped, a wrong type drops the message. */
	readonly schema: Schema;
	/** The newest one is sent to each browser that connects later (state, not an event). */
	readonly replay?: boolean;
}

/** A voice-state cue: the type is the whole message. */
const cue = (why: string): Inbound => ({ why, schema: empty });

/** Bus → browser. */
export const FROM_BUS: Readonly<Record<string, Inbound>> = {
	// The listening / thinking / speaking cue (spec §2.4, §4.5, §7). The GUI socket forwards most of
	// these too (ovos-gui ≥ 1.1), but not mycroft.mic.listen, mycroft.ready or the Qt-only ones.
	'recognizer_loop:wakeword': cue('listening starts (ovos-shell ListenerAnimation)'),
	'recognizer_loop:record_begin': cue('listening starts'),
	'recognizer_loop:record_end': cue('listening ends, thinking starts'),
	'mycroft.mic.listen': cue('a skill re-opened the mic (get_response): listening'),
	'recognizer_loop:utterance': cue('an utterance is being handled: thinking (the words stay on the bus)'),
	'mycroft.skill.handler.start': {
		why: 'a skill is handling the utterance: thinking, and which skill',
		schema: v.object({ name: v.optional(text(200)) })
	},
	'mycroft.skill.handler.complete': cue('the skill is done'),
	speak: cue('the device answers: the ok mark (what it says stays on the bus)'),
	'recognizer_loop:audio_output_start': cue('speaking starts'),
	'recognizer_loop:audio_output_end': cue('speaking ends'),
	'ovos.utterance.handled': cue('the utterance is done'),
	'ovos.utterance.cancelled': cue('the utterance was cancelled'),
	complete_intent_failure: cue('not understood: the error mark'),
	'recognizer_loop:recognition_unknown': cue('nothing heard: the error mark'),
	'mycroft.speech.recognition.unknown': cue('nothing heard (Mycroft name): the error mark'),
	'recognizer_loop:sleep': cue('the device went to sleep'),
	'recognizer_loop:wake_up': cue('the device woke up'),
	'mycroft.awoken': cue('the device woke up'),
	'mycroft.ready': cue('core (re)started: nothing is in flight any more'),

	// Notifications, as ovos-shell draws them (NotificationsSystem.qml) from the shell companion.
	'ovos.notification.notification_data': {
		why: 'the notification to pop up next (an empty one after a popup was stored)',
		schema: v.object({ notification: v.optional(notification) })
	},
	'ovos.notification.show': cue('pop the notification of the last notification_data up now'),
	'ovos.notification.update_counter': {
		why: 'how many notifications are popped up and not yet stored',
		schema: v.object({ notification_counter: v.optional(v.number()) })
	},
	'ovos.notification.update_storage_model': {
		why: 'the stored notifications: the list behind the bell',
		schema: v.object({
			notification_model: v.optional(
				v.object({ storedmodel: v.optional(v.pipe(v.array(notification), v.maxLength(500))), count: v.optional(v.number()) })
			)
		}),
		replay: true
	},
	'ovos.notification.controlled.type.show': {
		why: 'a notification the sender keeps up until it removes it (e.g. "playback error")',
		schema: v.object({
			notification: v.optional(v.object({ sender: v.nullish(text(200)), text: v.nullish(text(4000)), style: v.nullish(text(40)), timestamp: v.nullish(v.number()) }))
		}),
		replay: true
	},
	'ovos.notification.controlled.type.remove': { ...cue('the controlled notification goes'), replay: true },

	// Volume, for the on-screen display (ovos-shell osd/VolumeOSD.qml; ovos-PHAL-plugin-alsa).
	'mycroft.volume.get.response': {
		why: 'the volume after every change (the PHAL plugin reports each one this way)',
		schema: v.object({ percent: v.optional(v.number()), muted: v.optional(v.boolean()) }),
		replay: true
	},
	'mycroft.volume.display': { why: 'ovos-shell shows its volume OSD on it', schema: v.object({ percent: v.optional(v.number()) }) },
	'mycroft.volume.set': { why: 'a volume change was asked for: show the OSD when it is reported', schema: v.object({ percent: v.optional(v.number()) }) },
	'mycroft.volume.increase': { why: 'as mycroft.volume.set', schema: v.object({ percent: v.optional(v.number()) }) },
	'mycroft.volume.decrease': { why: 'as mycroft.volume.set', schema: v.object({ percent: v.optional(v.number()) }) },
	'mycroft.volume.mute': cue('as mycroft.volume.set'),
	'mycroft.volume.unmute': cue('as mycroft.volume.set'),
	'mycroft.volume.mute.toggle': cue('as mycroft.volume.set')
	// Not here: widgets (`ovos.widgets.*`) reach the homescreen page as GUI events from the
	// homescreen skill, and nothing else on a screen draws them.
};

export interface Outbound {
	readonly why: string;
	/** The payload must match exactly (strict objects: unknown keys are refused). */
	readonly schema: Schema;
	/**
	 * `notification`: `data.notification` must name one the device announced (sender, text, timestamp),
	 * and the device's own copy goes out in its place — a browser cannot make one up.
	 */
	readonly resolve?: 'notification';
}

/** Browser → bus. */
export const TO_BUS: Readonly<Record<string, Outbound>> = {
	'mycroft.gui.screen.close': {
		why: 'back from the first page of a skill: the device decides what comes next (Qt SkillView, spec §3.8, §4.4)',
		schema: emptyStrict
	},
	'ovos.gui.show.active.timers': { why: 'homescreen timer widget tapped (WidgetsArea.qml): alerts shows its Timer page', schema: emptyStrict },
	'ovos.gui.show.active.alarms': { why: 'homescreen alarm widget tapped (WidgetsArea.qml)', schema: emptyStrict },
	'ovos.common_play.home': { why: 'OCP home (MediaWidgetDisplay.qml, OVOSSeekControl.qml)', schema: emptyStrict },
	'system.display.homescreen': { why: 'show the homescreen (OCP Home.qml, GenericCloseControl.qml, OVOSSeekControl.qml)', schema: emptyStrict },
	'ovos.homescreen.main_view.current_index.get.response': {
		why: 'the homescreen reports which of its two views (night clock 0, main 1) is shown (idle.qml)',
		schema: v.strictObject({ current_index: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1)) })
	},
	'ovos.common_play.gui.enable_app_timeout': {
		why: 'OCP settings: hide the player after a while (Search.qml)',
		schema: v.strictObject({ enabled: v.boolean() })
	},
	'ovos.common_play.gui.set_app_timeout': {
		why: 'OCP settings: after how long, a slider of 15..60 s in steps of 15 (Search.qml, ConfigSliderDelegate.qml)',
		schema: v.strictObject({ timeout: v.picklist([15, 30, 45, 60]) })
	},
	'ovos.common_play.gui.timeout.mode': {
		why: 'OCP settings: hide always or only when paused (Search.qml)',
		schema: v.strictObject({ mode: v.picklist(['all', 'pause']) })
	},
	'ovos.notification.api.storage.clear': { why: 'clear all stored notifications (homescreen idle.qml; our bell)', schema: emptyStrict },
	'ovos.notification.api.storage.clear.item': {
		why: 'dismiss one stored notification, also after acting on it (NotificationDelegate.qml; our bell)',
		schema: notificationRef,
		resolve: 'notification'
	},
	'ovos.notification.api.pop.clear': {
		why: 'a popup timed out: the companion stores the notification (NotificationsSystem.qml; our toasts)',
		schema: notificationRef,
		resolve: 'notification'
	},
	'ovos.notification.api.pop.clear.delete': {
		why: 'a popup was closed by hand: the notification is dropped (NotificationPopTransient.qml; our toasts)',
		schema: notificationRef,
		resolve: 'notification'
	}
};

/**
 * Actions a skill chose: an app's launcher (homescreen AppEntry.qml: `sendRequest(action, {})`) and a
 * notification's `action` (with its `callback_data`). Their types cannot be listed here; the rule is
 * an allow rule, and everything it does not allow is refused:
 *
 * 1. **What the device offered.** The type and the payload must be exactly what the device itself
 *    announced on the bus, learnt from its own services only: ovos-gui marks what it relays from a
 *    GUI socket with `context.gui_framework` (its owners never do), and such a message teaches
 *    nothing (issue 24.3). The shell companion and the homescreen skill repeat what they are sent,
 *    also what a GUI-socket client had ovos-gui relay to them, without that mark, so:
 *    - apps: `homescreen.register.app {skill_id, event}` from a skill, or the homescreen's
 *      `applications_model[].action` (`gui.value.set` from a homescreen namespace); payload `{}`;
 *    - notifications: `action` of a notification the companion popped up or stored, with exactly
 *      its `callback_data` — and only one the skill itself asked for: its own
 *      `ovos.notification.api.set` (`GUIInterface.show_notification`), which a GUI socket can only
 *      put on the bus marked.
 * 2. **In the shape only those use** (`isAppLauncher`, `isSkillAction`), so whatever reaches the
 *    window, only a skill's own offering ever goes out, never one of core's levers:
 *    - an app launcher is what ovos-workshop's `@homescreen_app` registers,
 *      `<skill_id>.<name>.homescreen.app` (OCP's is `ovos.common_play.OCP.homescreen.app`): no core
 *      handler has that suffix; registered, it must start with the registering skill's id;
 *    - a notification's action lies in the sender's own namespace (`GUIInterface` sends the skill's
 *      id as `sender`): `<skill_id>.<event>`, and for OpenVoiceOS's skills (`ovos-skill-<x>.openvoiceos`,
 *      formerly `skill-ovos-<x>.openvoiceos`) also `ovos.<x>.<event>` (the alerts skill's
 *      `ovos.alerts.dismiss_notification`) and the other spelling of the id (the weather skill's bus
 *      API is still `skill-ovos-weather.openvoiceos.…`).
 *    Neither ever has a colon (core's `recognizer_loop:…`, a skill's `<skill_id>:<intent>`) or is a
 *    core type without a dot (`detach_skill`, `register_vocab`, `complete_intent_failure`, `speak`).
 * A browser thus triggers only what a skill on the device offered a person to tap, nothing else.
 */
export const ANNOUNCED_ACTIONS = {
	why: 'app launchers and notification actions offered by skills on the device',
	maxType: 200
} as const;

const APP_SUFFIX = '.homescreen.app';

/** Printable, no colon, no space at either end (a launcher's name part may hold spaces: "File Browser"). */
function isEventName(type: string): boolean {
	return type.length <= ANNOUNCED_ACTIONS.maxType && /^[^\s:\p{Cc}]([^:\p{Cc}]*[^\s:\p{Cc}])?$/u.test(type);
}

/** `<skill_id>.<name>.homescreen.app` (ovos-workshop `_register_app_launcher`); of `skillId` when one is given. */
export function isAppLauncher(type: string, skillId?: string): boolean {
	if (!isEventName(type) || !type.endsWith(APP_SUFFIX)) return false;
	const head = type.slice(0, -APP_SUFFIX.length);
	if (skillId !== undefined) return skillId !== '' && head.startsWith(`${skillId}.`) && head.length > skillId.length + 1;
	// A skill id and a name, each non-empty.
	const dot = head.indexOf('.');
	return dot > 0 && dot < head.length - 1;
}

/** Whether `type` lies in the own namespace of the skill `sender` (see above). */
export function isSkillAction(type: string, sender: string): boolean {
	if (!isEventName(type) || !isEventName(sender)) return false;
	return skillNamespaces(sender).some((ns) => type.startsWith(`${ns}.`) && type.length > ns.length + 1);
}

function skillNamespaces(skillId: string): string[] {
	const ovos = /^(?:ovos-skill|skill-ovos)-([a-z0-9][a-z0-9_-]*)\.openvoiceos$/.exec(skillId);
	return ovos ? [`ovos-skill-${ovos[1]}.openvoiceos`, `skill-ovos-${ovos[1]}.openvoiceos`, `ovos.${ovos[1]}`] : [skillId];
}

/** Largest payload a browser may post (bytes of JSON); notifications carry their callback data. */
export const MAX_REQUEST_BYTES = 16 * 1024;
/** Largest event sent to browsers after its schema (bytes of JSON); bigger ones are dropped and counted. */
export const MAX_EVENT_BYTES = 64 * 1024;
