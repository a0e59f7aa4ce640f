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
import { isObject, type BusMessage, type Json, type JsonObject } from '../src/lib/protocol';
import { sleep, type Clock } from '../src/lib/node/clock';

const object = v.custom<JsonObject>(isObject, 'must be a JSON object');
const skill = v.pipe(v.string('must be a skill id (a string)'), v.minLength(1, 'must not be empty'));
const names = v.array(v.string('must be a page name (a string)'), 'must be a list of page names');

/** One schema per step kind; a step is an object with exactly one of these keys. */
const STEPS = {
	say: v.pipe(v.string('must be an utterance (a string)'), v.minLength(1, 'must not be empty')),
	wait: v.pipe(v.number('must be a number of milliseconds'), v.minValue(0, 'must not be negative')),
	set: v.strictObject({ skill, data: object }),
	show: v.strictObject({
		skill,
		pages: v.pipe(names, v.minLength(1, 'must name at least one page')),
		index: v.optional(v.pipe(v.number('must be a page index (a number)'), v.integer('must be a whole number'))),
		idle: v.optional(v.union([v.null(), v.boolean(), v.pipe(v.number(), v.minValue(0))], 'must be null, true/false or seconds (≥ 0)'))
	}),
	deletePages: v.strictObject({ skill, pages: names }),
	deleteAllPages: v.strictObject({ skill, except: v.optional(names) }),
	event: v.strictObject({ skill, name: v.string('must be an event name (a string)'), params: v.optional(object) }),
	clear: v.strictObject({ skill }),
	back: v.strictObject({ skill: v.optional(skill) }),
	emit: v.strictObject({
		type: v.pipe(v.string('must be a message type (a string)'), v.minLength(1, 'must not be empty')),
		data: v.optional(object),
		context: v.optional(object)
	}),
	log: v.string('must be a note (a string)')
} as const;

type StepKind = keyof typeof STEPS;
export type ScenarioStep = { [K in StepKind]: { [P in K]: v.InferOutput<(typeof STEPS)[K]> } }[StepKind];
export interface Scenario {
	readonly name?: string;
	readonly steps: ScenarioStep[];
}

const KINDS = Object.keys(STEPS) as StepKind[];

/** Parses a scenario; a mistake is reported with the step (numbered from 1), its kind and the field. */
export function parseScenario(text: string): Scenario {
	let raw: unknown;
	try {
		raw = JSON.parse(text);
	} catch (e) {
		throw new Error(`scenario is not JSON: ${(e as Error).message}`);
	}
	if (!isObject(raw)) throw new Error('scenario must be a JSON object with "steps"');
	for (const key of Object.keys(raw)) {
		if (key !== 'name' && key !== 'steps') throw new Error(`scenario: unknown field "${key}" (expected "name" and "steps")`);
	}
	if (raw.name !== undefined && typeof raw.name !== 'string') throw new Error('scenario: "name" must be a string');
	if (!Array.isArray(raw.steps)) throw new Error('scenario: "steps" must be a list of steps');
	const steps = raw.steps.map((step, i) => parseStep(step, i + 1));
	return raw.name === undefined ? { steps } : { name: raw.name, steps };
}

function parseStep(step: Json, n: number): ScenarioStep {
	const keys = isObject(step) ? Object.keys(step) : [];
	if (!isObject(step) || keys.length !== 1) {
		throw new Error(`scenario step ${n}: must be an object with exactly one of ${KINDS.join(', ')}; got ${JSON.stringify(step)?.slice(0, 80)}`);
	}
	const kind = keys[0] as string;
	if (!(KINDS as string[]).includes(kind)) throw new Error(`scenario step ${n}: unknown step "${kind}" (expected one of ${KINDS.join(', ')})`);
	const r = v.safeParse(STEPS[kind as StepKind], step[kind]);
	if (r.success) return { [kind]: r.output } as ScenarioStep;
	const issue = r.issues[0];
	const field = [kind, ...(issue.path?.map((p) => String(p.key)) ?? [])].join('.');
	if (issue.type === 'strict_object' && issue.input === undefined) throw new Error(`scenario step ${n} (${kind}): ${field} is required`);
	if (issue.type === 'strict_object') throw new Error(`scenario step ${n} (${kind}): ${field} is not a field of "${kind}" (allowed: ${allowed(kind as StepKind)})`);
	return fail(n, kind, field, issue.message, issue.input);
}

function allowed(kind: StepKind): string {
	const schema = STEPS[kind];
	return 'entries' in schema ? Object.keys(schema.entries).join(', ') : '';
}

function fail(n: number, kind: string, field: string, message: string, input: unknown): never {
	throw new Error(`scenario step ${n} (${kind}): ${field} ${message}, got ${JSON.stringify(input)?.slice(0, 60) ?? 'nothing'}`);
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
