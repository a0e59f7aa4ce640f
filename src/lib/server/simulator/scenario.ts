/**
 * Scripted scenarios: a small JSON format of skill actions and waits, for reproducible demos and bug
 * reports. Every action is a bus message a skill (or the microphone) would send; waits use the
 * simulator's clock.
 *
 *     { "name": "…", "steps": [
 *         { "say": "what's the weather" },                                   // to the device, default session
 *         { "set": { "skill": "my-skill", "data": { "text": "Hi" } } },     // gui.value.set
 *         { "show": { "skill": "my-skill", "pages": ["SYSTEM_TextFrame"], "index": 0, "idle": 30 } },
 *         { "wait": 1500 },                                                  // milliseconds
 *         { "deletePages": { "skill": "my-skill", "pages": ["SYSTEM_TextFrame"] } },
 *         { "deleteAllPages": { "skill": "my-skill", "except": [] } },
 *         { "event": { "skill": "my-skill", "name": "refresh", "params": {} } },
 *         { "clear": { "skill": "my-skill" } },
 *         { "back": {} },                                                    // mycroft.gui.screen.close
 *         { "emit": { "type": "any.bus.type", "data": {}, "context": {} } },
 *         { "log": "a note printed when the step runs" } ] }
 */
import * as v from 'valibot';
import { isObject, type BusMessage, type Json, type JsonObject } from '../../protocol';
import { sleep, type Clock } from '../clock';

const json = v.custom<Json>(() => true);
const object = v.custom<JsonObject>(isObject, 'must be a JSON object');
const skill = v.pipe(v.string(), v.minLength(1));
const names = v.array(v.string());

export const StepSchema = v.union([
	v.strictObject({ say: v.pipe(v.string(), v.minLength(1)) }),
	v.strictObject({ wait: v.pipe(v.number(), v.minValue(0)) }),
	v.strictObject({ set: v.strictObject({ skill, data: object }) }),
	v.strictObject({
		show: v.strictObject({
			skill,
			pages: v.pipe(names, v.minLength(1)),
			index: v.optional(v.pipe(v.number(), v.integer())),
			idle: v.optional(v.union([v.null(), v.boolean(), v.pipe(v.number(), v.minValue(0))]))
		})
	}),
	v.strictObject({ deletePages: v.strictObject({ skill, pages: names }) }),
	v.strictObject({ deleteAllPages: v.strictObject({ skill, except: v.optional(names) }) }),
	v.strictObject({ event: v.strictObject({ skill, name: v.string(), params: v.optional(object) }) }),
	v.strictObject({ clear: v.strictObject({ skill }) }),
	v.strictObject({ back: v.strictObject({ skill: v.optional(skill) }) }),
	v.strictObject({ emit: v.strictObject({ type: v.pipe(v.string(), v.minLength(1)), data: v.optional(object), context: v.optional(object) }) }),
	v.strictObject({ log: v.string() })
]);
export type ScenarioStep = v.InferOutput<typeof StepSchema>;

export const ScenarioSchema = v.strictObject({ name: v.optional(v.string()), steps: v.array(StepSchema) });
export type Scenario = v.InferOutput<typeof ScenarioSchema>;

export function parseScenario(text: string): Scenario {
	let raw: unknown;
	try {
		raw = JSON.parse(text);
	} catch (e) {
		throw new Error(`scenario is not JSON: ${(e as Error).message}`);
	}
	const r = v.safeParse(ScenarioSchema, raw);
	if (r.success) return r.output;
	const issue = r.issues[0];
	const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
	throw new Error(`scenario ${path ? `at ${path}` : ''}: ${issue.message}`);
}

export interface StepTarget {
	readonly clock: Clock;
	emit(msg: BusMessage): void;
	/** Say something to the device (needs skills); null when there is no core. */
	say: ((utterance: string) => Promise<void>) | null;
	note?(text: string): void;
}

/** Context of what skills emit: the device's default session. */
const SKILL_CONTEXT: JsonObject = { session: { session_id: 'default' } };

export async function runStep(t: StepTarget, step: ScenarioStep): Promise<void> {
	const emit = (type: string, data: JsonObject) => t.emit({ type, data, context: SKILL_CONTEXT });
	if ('say' in step) {
		if (!t.say) throw new Error('"say" needs the simulated core (run without --no-skills)');
		await t.say(step.say);
	} else if ('wait' in step) await sleep(t.clock, step.wait);
	else if ('set' in step) emit('gui.value.set', { ...step.set.data, __from: step.set.skill });
	else if ('show' in step) {
		const s = step.show;
		emit('gui.page.show', { page_names: s.pages, index: s.index ?? 0, __from: s.skill, __idle: s.idle ?? null, __animations: false });
	} else if ('deletePages' in step) emit('gui.page.delete', { page_names: step.deletePages.pages, __from: step.deletePages.skill });
	else if ('deleteAllPages' in step) emit('gui.page.delete.all', { __from: step.deleteAllPages.skill, except: step.deleteAllPages.except ?? [] });
	else if ('event' in step) emit('gui.event.send', { __from: step.event.skill, event_name: step.event.name, params: step.event.params ?? {} });
	else if ('clear' in step) emit('gui.clear.namespace', { __from: step.clear.skill });
	else if ('back' in step) emit('mycroft.gui.screen.close', step.back.skill ? { skill_id: step.back.skill } : {});
	else if ('emit' in step) t.emit({ type: step.emit.type, data: step.emit.data ?? {}, context: step.emit.context ?? SKILL_CONTEXT });
	else if ('log' in step) t.note?.(step.log);
}

export async function runScenario(t: StepTarget, scenario: Scenario): Promise<void> {
	for (const step of scenario.steps) await runStep(t, step);
}
