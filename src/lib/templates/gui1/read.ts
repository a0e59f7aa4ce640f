/**
 * OVOS-GUI-1 session data (docs/skill-pages.md#the-system-templates) → what the gui1/
 * templates show. Pure and total: a required key that is missing or of the wrong type becomes an
 * empty value or a notice on screen, never an exception.
 */
import type { Json } from '$lib/protocol';
import { list, num, text } from '../data';

type Data = Readonly<Record<string, Json>>;

function object(v: Json | undefined): Data | null {
	return typeof v === 'object' && v !== null && !Array.isArray(v) ? v : null;
}

/** A string field of a list entry; numbers and booleans shown as text. */
function field(o: Data, key: string): string {
	return text(o, key).trim();
}

/** Text in one line for what a cell, label or title may hold; objects and lists as compact JSON. */
export function cellText(v: Json | undefined): string {
	if (v === null || v === undefined) return '';
	if (typeof v === 'string') return v;
	if (typeof v === 'number' || typeof v === 'boolean') return String(v);
	const s = JSON.stringify(v);
	return s.length > 200 ? `${s.slice(0, 200)}…` : s;
}

export interface Item {
	readonly primary: string;
	readonly secondary: string;
	readonly image: Json | undefined;
}

/** SYSTEM_list `items[{title, subtitle, image}]`: entries that are not objects or have no title are left out. */
export function readListItems(data: Data): Item[] {
	return list(data, 'items').flatMap((e) => {
		const o = object(e);
		if (!o) return [];
		const primary = field(o, 'title');
		return primary ? [{ primary, secondary: field(o, 'subtitle'), image: o.image }] : [];
	});
}

export interface Tile {
	readonly image: Json | undefined;
	readonly title: string;
}

/** SYSTEM_grid `items[{image, title}]`: a tile needs an image or a title. */
export function readGridItems(data: Data): Tile[] {
	return list(data, 'items').flatMap((e): Tile[] => {
		const o = object(e);
		if (!o) return [];
		const title = field(o, 'title');
		return o.image !== undefined && o.image !== null ? [{ image: o.image, title }] : title ? [{ image: undefined, title }] : [];
	});
}

export interface Table {
	readonly columns: readonly string[];
	/** Every row as long as the header (padded with empty cells, or cut). */
	readonly rows: readonly (readonly string[])[];
}

/** SYSTEM_table `columns[]`, `rows[[…]]`; with no header the widest row decides the width. */
export function readTable(data: Data): Table {
	const columns = list(data, 'columns').map(cellText);
	const raw = list(data, 'rows').filter((r): r is Json[] => Array.isArray(r));
	const width = columns.length || Math.max(0, ...raw.map((r) => r.length));
	const rows = raw.map((r) => Array.from({ length: width }, (_, i) => cellText(r[i])));
	return { columns, rows };
}

export interface Place {
	readonly latitude: number | null;
	readonly longitude: number | null;
	readonly zoom: number | null;
	readonly label: string;
}

/** SYSTEM_map: WGS-84 degrees in range, zoom 1–20; anything else is null. */
export function readPlace(data: Data): Place {
	const lat = num(data, 'latitude');
	const lon = num(data, 'longitude');
	const zoom = num(data, 'zoom');
	return {
		latitude: lat !== null && Math.abs(lat) <= 90 ? lat : null,
		longitude: lon !== null && Math.abs(lon) <= 180 ? lon : null,
		zoom: zoom !== null && zoom >= 1 && zoom <= 20 ? Math.round(zoom) : null,
		label: text(data, 'label').trim()
	};
}

export interface Choice {
	readonly label: string;
	/** Undefined when the entry carries no value: shown, but nothing can be sent for it. */
	readonly value: Json | undefined;
}

/** SYSTEM_select `items[{label, value}]`; a missing label shows the value. */
export function readChoices(data: Data): Choice[] {
	return list(data, 'items').flatMap((e) => {
		const o = object(e);
		if (!o) return [];
		const value = Object.hasOwn(o, 'value') && o.value !== null ? o.value : undefined;
		const label = field(o, 'label') || cellText(value);
		return label ? [{ label, value }] : [];
	});
}
