/** What /settings shows of the server's settings: values and where they came from, never a secret. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, SETTINGS } from '../../src/lib/server/config';
import type { Identity } from '../../src/lib/server/guards';
import { settingsView, type SettingsView } from '../../src/lib/server/settings-view';

describe('settingsView', () => {
	it('every key once, its value in force and its origin; secrets only as set or not', () => {
		const dir = mkdtempSync(join(tmpdir(), 'ovos-view-'));
		writeFileSync(join(dir, '.env'), '# x\nOVOS_SCREEN_TOKEN=tok-secret-1\nOVOS_KIOSK_SCALE=1.5\n');
		const env = { OVOS_CHAT_SECRET: 'chat-secret-0123456789abcdef0123456789', PORT: '8080', ORIGIN: 'https://screen.example' };
		const c = loadConfig(env, dir);
		const view = settingsView(c, { ...env, OVOS_SCREEN_TOKEN: 'tok-secret-1', OVOS_KIOSK_SCALE: '1.5' });
		const text = JSON.stringify(view);
		expect(text).not.toContain('tok-secret-1');
		expect(text).not.toContain('chat-secret-');
		expect(view.rows.map((r) => r.key)).toEqual([...SETTINGS]);
		const row = (k: string) => view.rows.find((r) => r.key === k);
		expect(view.file).toBe(join(dir, '.env'));
		expect(row('OVOS_SCREEN_TOKEN')).toEqual({ key: 'OVOS_SCREEN_TOKEN', value: null, origin: 'file', line: 2, secret: true });
		expect(row('OVOS_CHAT_SECRET')).toEqual({ key: 'OVOS_CHAT_SECRET', value: null, origin: 'environment', secret: true });
		expect(row('OVOS_KIOSK_SCALE')).toMatchObject({ value: '1.5', origin: 'file', line: 3 });
		expect(row('PORT')).toMatchObject({ value: '8080', origin: 'environment' });
		expect(row('ORIGIN')).toMatchObject({ value: 'https://screen.example', origin: 'environment' });
		expect(row('OVOS_GUI_PORT')).toMatchObject({ value: '18181', origin: 'default' });
		expect(row('OVOS_HOST')).toMatchObject({ value: null, origin: 'default' });
	});

	it('paths of the machine only where allowed: a visitor of a trusted network sees none', () => {
		const dir = mkdtempSync(join(tmpdir(), 'ovos-view-'));
		writeFileSync(join(dir, '.env'), 'OVOS_MEDIA_ROOTS=/srv/secret-media:/home/ovos/pics\n');
		const env = { OVOS_SCREEN_DATA_DIR: '/var/lib/private-data' };
		const c = loadConfig(env, dir);
		const remote = settingsView(c, env, false);
		const text = JSON.stringify(remote);
		for (const p of ['/srv/secret-media', '/home/ovos', '/var/lib/private-data', dir]) expect(text).not.toContain(p);
		expect(remote.pathsHidden).toBe(true);
		expect(remote.file).toBeNull();
		expect(remote.rows.find((r) => r.key === 'OVOS_MEDIA_ROOTS')).toEqual({ key: 'OVOS_MEDIA_ROOTS', value: null, origin: 'file', line: 1, hidden: true });
		// Everything else is as the machine itself sees it.
		expect(remote.rows.find((r) => r.key === 'OVOS_GUI_PORT')).toMatchObject({ value: '18181' });
		const local = settingsView(c, env, true);
		expect(local.rows.find((r) => r.key === 'OVOS_SCREEN_DATA_DIR')?.value).toBe('/var/lib/private-data');
		expect(local.file).toBe(join(dir, '.env'));
	});
});

describe('/settings and /settings/__data.json', () => {
	it('hide the machine’s paths from a whole trusted network, and show them to the device, a paired browser and a token', async () => {
		const { load } = await import('../../src/routes/settings/+page.server');
		const as = async (kind: Identity['kind']) =>
			((await load({ cookies: { get: () => undefined }, locals: { identity: { kind, principal: kind, address: '192.168.1.50' } } } as never)) as { view: SettingsView }).view;
		const trusted = await as('trusted');
		expect(trusted.pathsHidden).toBe(true);
		expect(trusted.rows.find((r) => r.key === 'OVOS_SCREEN_DATA_DIR')?.value).toBeNull();
		expect(JSON.stringify(trusted)).not.toMatch(/"\/[^"]*"/); // no absolute path anywhere
		for (const kind of ['device', 'paired', 'token'] as const) {
			expect((await as(kind)).pathsHidden, kind).toBe(false);
			expect((await as(kind)).rows.find((r) => r.key === 'OVOS_SCREEN_DATA_DIR')?.value, kind).toMatch(/^\//);
		}
	});
});
