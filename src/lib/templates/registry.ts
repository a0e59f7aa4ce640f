/**
 * The one page → component registry, read at a glance:
 *   - SYSTEM templates, by template name (legacy, OVOS-GUI-1 and adapter names all land on one name
 *     through `templateFor` in $lib/protocol);
 *   - skill pages, by skill: every namespace the skill has been known by, and its page names;
 *   - any other page (a skill's own QML we have no renderer for): shown from what its data holds
 *     (generic/), or the fallback card when it holds nothing readable.
 * Components are split out of the screen's bundle and fetched on first use (then cached): a kiosk
 * starts with none and loads only what its skills show.
 */
import type { Component } from 'svelte';
import { languageReady } from '$lib/i18n/runtime.svelte';
import { templateFor, type PageRef, type TemplateName } from '$lib/protocol';
import type { TemplateProps } from './types';

type Loader = () => Promise<{ default: Component<TemplateProps> }>;

const SYSTEM: Readonly<Record<TemplateName, Loader>> = {
	SYSTEM_TextFrame: () => import('./system/TextFrame.svelte'),
	SYSTEM_ImageFrame: () => import('./system/ImageFrame.svelte'),
	SYSTEM_AnimatedImageFrame: () => import('./system/AnimatedImageFrame.svelte'),
	SYSTEM_HtmlFrame: () => import('./system/HtmlFrame.svelte'),
	SYSTEM_UrlFrame: () => import('./system/UrlFrame.svelte'),
	SYSTEM_Loading: () => import('./system/Loading.svelte'),
	SYSTEM_Status: () => import('./system/Status.svelte'),
	SYSTEM_Face: () => import('./system/Face.svelte'),
	SYSTEM_InputBox: () => import('./system/InputBox.svelte'),
	SYSTEM_clock: () => import('./gui1/Clock.svelte'),
	SYSTEM_timer: () => import('./gui1/Timer.svelte'),
	SYSTEM_idle: () => import('./gui1/Idle.svelte'),
	SYSTEM_audio_player: () => import('./gui1/AudioPlayer.svelte'),
	SYSTEM_video_player: () => import('./gui1/VideoPlayer.svelte'),
	SYSTEM_media_player: () => import('./gui1/MediaPlayer.svelte'),
	SYSTEM_error: () => import('./gui1/Error.svelte'),
	SYSTEM_list: () => import('./gui1/List.svelte'),
	SYSTEM_grid: () => import('./gui1/Grid.svelte'),
	SYSTEM_table: () => import('./gui1/Table.svelte'),
	SYSTEM_weather: () => import('./gui1/Weather.svelte'),
	SYSTEM_map: () => import('./gui1/Map.svelte'),
	SYSTEM_confirm: () => import('./gui1/Confirm.svelte'),
	SYSTEM_select: () => import('./gui1/Select.svelte')
};

interface SkillPages {
	/** Every id the skill has used as its namespace (skill ids drift: spec skill-pages.md §2). */
	readonly namespaces: readonly string[];
	readonly pages: Readonly<Record<string, Loader>>;
	/**
	 * Pages that Qt lays out side by side on wide screens (QML without `fillWidth: true`, spec
	 * gui-protocol.md §4.3). Every other rendered page fills the width, as the SYSTEM templates do.
	 */
	readonly columns?: readonly string[];
}

/** Skill pages we render ourselves, from the keys the skills send (spec skill-pages.md §1). */
const SKILLS: readonly SkillPages[] = [
	{
		// setup.py URL …/ovos-skill-weather; earlier …/skill-ovos-weather and …/skill-weather.
		namespaces: ['ovos-skill-weather.openvoiceos', 'skill-ovos-weather.openvoiceos', 'skill-weather.openvoiceos'],
		pages: {
			CurrentWeather: () => import('./skills/weather/CurrentWeather.svelte'),
			HourlyForecast: () => import('./skills/weather/HourlyForecast.svelte'),
			DailyForecast: () => import('./skills/weather/DailyForecast.svelte'),
			SingleDay: () => import('./skills/weather/SingleDay.svelte'),
			SunriseSunset: () => import('./skills/weather/SunriseSunset.svelte')
		}
	},
	{
		// setup.py URL …/ovos-skill-ddg; earlier …/skill-ovos-ddg, and JarbasSkills' skill-ddg.jarbasai.
		namespaces: ['ovos-skill-ddg.openvoiceos', 'skill-ovos-ddg.openvoiceos', 'skill-ddg.jarbasai'],
		pages: { DuckDelegate: () => import('./skills/ddg/DuckDelegate.svelte') },
		// A Mycroft.Delegate without fillWidth.
		columns: ['DuckDelegate']
	},
	{
		// The skill id changed in 2026 (CHANGELOG #147 "fix: skill_id").
		namespaces: ['skill-ovos-homescreen.openvoiceos', 'ovos-skill-homescreen.openvoiceos'],
		pages: { idle: () => import('./skills/homescreen/Idle.svelte') }
	},
	{
		namespaces: ['ovos-skill-date-time.openvoiceos', 'skill-ovos-date-time.openvoiceos'],
		pages: {
			time: () => import('./skills/date-time/Time.svelte'),
			date: () => import('./skills/date-time/Date.svelte')
		}
	},
	{
		// `skill-alerts.neongeckocom` is Neon's original (package neon-skill-alerts, older installers):
		// same pages and keys, its own event names (skills/alerts/read.ts).
		namespaces: ['ovos-skill-alerts.openvoiceos', 'skill-alerts.openvoiceos', 'skill-alerts.neongeckocom'],
		pages: {
			Timer: () => import('./skills/alerts/Timer.svelte'),
			AlarmsOverviewCard: () => import('./skills/alerts/AlarmsOverviewCard.svelte'),
			AlarmCard: () => import('./skills/alerts/AlarmCard.svelte'),
			ListView: () => import('./skills/alerts/ListView.svelte')
		}
	},
	{
		// The legacy timer skill (buildroot images): `show_page("Timer.qml")` with the alerts Timer's
		// data; its cancel is `timerskill.gui.stop.timer` (skills/alerts/read.ts).
		namespaces: ['skill-ovos-timer.openvoiceos', 'ovos-skill-timer.openvoiceos'],
		pages: { Timer: () => import('./skills/alerts/Timer.svelte') }
	},
	// The rest of a default install and popular extras (spec long-tail.md §2). Ids are setup.py's
	// `<repo>.<author>`; older releases used `skill-ovos-<x>.openvoiceos`.
	{
		namespaces: ['ovos-skill-wolfie.openvoiceos', 'skill-ovos-wolfie.openvoiceos', 'skill-wolfie.openvoiceos'],
		pages: { wolf: () => import('./skills/wolfie/Wolf.svelte') }
	},
	{
		namespaces: ['ovos-skill-color-picker.krisgesling', 'skill-color-picker.krisgesling', 'mycroft-color-picker.krisgesling'],
		pages: { 'single-color': () => import('./skills/color-picker/SingleColor.svelte') }
	},
	{
		namespaces: ['ovos-skill-parrot.openvoiceos', 'skill-ovos-parrot.openvoiceos', 'skill-parrot.openvoiceos'],
		pages: { parrot: () => import('./skills/parrot/Parrot.svelte') }
	},
	{
		// The legacy filebrowser skill ships the same QML.
		namespaces: ['ovos-skill-local-media.openvoiceos', 'skill-ovos-local-media.openvoiceos', 'skill-ovos-filebrowser.openvoiceos', 'skill-file-browser.openvoiceos'],
		pages: { Browser: () => import('./skills/local-media/Browser.svelte') }
	},
	{
		namespaces: ['ovos-skill-xkcd.openvoiceos', 'skill-xkcd.jarbasskills', 'skill-xkcd.jarbasai'],
		pages: { comic: () => import('./skills/xkcd/Comic.svelte') }
	},
	{
		// Its resting screen is named `idle` like the homescreen's: matched within these ids only.
		namespaces: ['ovos-skill-apod.openvoiceos', 'skill-apod.jarbasai', 'skill-apod.jarbasskills'],
		pages: { idle: () => import('./skills/apod/Apod.svelte') }
	},
	{
		// The OCP media player (ovos-ocp-audio-plugin; ovos-media uses the same id).
		namespaces: ['ovos.common_play'],
		pages: {
			PlayerLoader: () => import('./skills/ocp/PlayerLoader.svelte'),
			SuggestionsView: () => import('./skills/ocp/SuggestionsView.svelte'),
			Home: () => import('./skills/ocp/Home.svelte'),
			busy: () => import('./skills/ocp/Busy.svelte')
		}
	}
];

const FALLBACK = 'unknown';
const FALLBACK_LOADER: Loader = () => import('./generic/GenericPage.svelte');

/** namespace → page name → registry key of a skill page. */
const SKILL_KEYS = new Map<string, Map<string, string>>();
const SKILL_LOADERS = new Map<string, Loader>();
const COLUMNS = new Set<string>();
for (const skill of SKILLS) {
	const first = skill.namespaces[0] as string;
	for (const [page, load] of Object.entries(skill.pages)) {
		const key = `${first}/${page}`;
		SKILL_LOADERS.set(key, load);
		if (skill.columns?.includes(page)) COLUMNS.add(key);
		for (const ns of skill.namespaces) {
			let pages = SKILL_KEYS.get(ns);
			if (!pages) SKILL_KEYS.set(ns, (pages = new Map()));
			pages.set(page, key);
		}
	}
}

/** Registry key of a page: a SYSTEM template name, a skill page key, or the fallback. */
function keyOf(page: PageRef, namespace: string): string {
	return templateFor(page) ?? skillKey(page, namespace) ?? FALLBACK;
}

/** A skill page is matched on its name (a `.qml` suffix allowed) within one of the skill's namespaces. */
function skillKey(page: PageRef, namespace: string): string | null {
	const name = page.name.endsWith('.qml') ? page.name.slice(0, -4) : page.name;
	return SKILL_KEYS.get(namespace)?.get(name) ?? null;
}

function loaderOf(key: string): Loader {
	return (SYSTEM as Record<string, Loader>)[key] ?? SKILL_LOADERS.get(key) ?? FALLBACK_LOADER;
}

const loaded = new Map<string, Component<TemplateProps>>();
const pending = new Map<string, Promise<Component<TemplateProps>>>();

/** The component for a page once loaded: its renderer, or the fallback that still shows what is known. */
export function componentFor(page: PageRef, namespace: string): Component<TemplateProps> | undefined {
	return loaded.get(keyOf(page, namespace));
}

/**
 * Fetches a page's component (once), with its texts in the UI's language (a page never shows
 * English first); resolves to what `componentFor` will return from then on.
 */
export function loadComponent(page: PageRef, namespace: string): Promise<Component<TemplateProps>> {
	const key = keyOf(page, namespace);
	const ready = loaded.get(key);
	if (ready) return Promise.resolve(ready);
	let p = pending.get(key);
	if (!p) {
		p = loaderOf(key)().then(
			async (m) => {
				await languageReady();
				loaded.set(key, m.default);
				return m.default;
			},
			(e: unknown) => {
				pending.delete(key); // let a later show try again
				throw e;
			}
		);
		pending.set(key, p);
	}
	return p;
}

/** Loads every component (server-side rendering and tests). */
export async function preloadTemplates(): Promise<void> {
	const keys = [...Object.keys(SYSTEM), ...SKILL_LOADERS.keys(), FALLBACK];
	await Promise.all(
		keys.map(async (key) => {
			if (!loaded.has(key)) loaded.set(key, (await loaderOf(key)()).default);
		})
	);
}

/** Every page with a renderer of ours: each SYSTEM template (any namespace: null), each skill page in its skill's first namespace. */
export function registeredPages(): readonly { readonly namespace: string | null; readonly page: string }[] {
	return [
		...Object.keys(SYSTEM).map((page) => ({ namespace: null, page })),
		...SKILLS.flatMap((skill) => Object.keys(skill.pages).map((page) => ({ namespace: skill.namespaces[0] as string, page })))
	];
}

/** True when the page has a renderer of ours (a SYSTEM template or a known skill page). */
export function isRendered(page: PageRef, namespace: string): boolean {
	return keyOf(page, namespace) !== FALLBACK;
}

/** SYSTEM templates and our skill renderers fill the width; other skill pages may sit side by side on wide screens (spec §4.3). */
export function fillsWidth(page: PageRef, namespace: string): boolean {
	const key = keyOf(page, namespace);
	return key !== FALLBACK && !COLUMNS.has(key);
}
