/**
 * What the page workbench saves: a scenario (the simulator's format, simulator/scenario.ts)
 * that sets the data and shows the page, as the skill would. `npm run sim -- --script FILE` plays it on
 * the simulated device; `npm run replay -- FILE` prints the state it leaves.
 */
import type { JsonObject } from '$lib/protocol';

export interface WorkbenchScenario {
	readonly name: string;
	readonly steps: readonly [{ readonly set: { readonly skill: string; readonly data: JsonObject } }, { readonly show: { readonly skill: string; readonly pages: readonly string[]; readonly idle: true } }];
}

export function workbenchScenario(skill: string, page: string, data: JsonObject): WorkbenchScenario {
	return {
		name: `${skill}: ${page}, made on the page workbench`,
		steps: [{ set: { skill, data } }, { show: { skill, pages: [page], idle: true } }]
	};
}

/** A file name for it: `<skill>-<page>.json`, with anything but letters, digits, `.`, `_` and `-` made `_`. */
export function scenarioFileName(skill: string, page: string): string {
	return `${`${skill}-${page}`.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '') || 'page'}.json`;
}
