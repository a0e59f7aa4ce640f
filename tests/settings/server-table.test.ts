// The server table on /settings names every setting the server reads, each in exactly one section,
// in every language (a setting added to the server without a label would show as its bare key).
import { describe, expect, it } from 'vitest';
import en from '../../src/lib/i18n/en/settings';
import { SETTINGS } from '../../src/lib/server/settings-file.js';
import { KEY_GROUPS } from '../../src/lib/settings/server-table';

describe('/settings server table', () => {
	it('has a label for every server setting, and none for a setting that is gone', () => {
		expect(Object.keys(en.keys).sort()).toEqual([...SETTINGS].sort());
	});

	it('puts every setting in exactly one section', () => {
		const placed = KEY_GROUPS.flatMap((g) => g.keys);
		expect([...placed].sort()).toEqual([...SETTINGS].sort());
		expect(new Set(placed).size).toBe(placed.length);
	});
});
