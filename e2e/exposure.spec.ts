/**
 * ovos-gui on this machine listening beyond loopback is named in the app's log and on /settings,
 * with the mycroft.conf line that closes it (src/lib/server/exposure.ts). Each case runs in a network
 * namespace of its own, with an outward address (a veth pair, nothing leaves it): a stand-in for
 * ovos-gui on every interface, or on loopback only, and the built app with OVOS on this machine
 * (e2e/support/exposure-probe.mjs). No browser of Playwright's: the page is fetched as HTML.
 */
import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';

const OUTWARD = '10.99.0.1';

function probe(guiHost: string, shot?: string): { status: number; html: string; log: string; connected: boolean } {
	const setup = `set -e
ip link set lo up
ip link add v0 type veth peer name v1
ip addr add ${OUTWARD}/24 dev v0
ip link set v0 up; ip link set v1 up
exec "$@"`;
	const r = spawnSync('unshare', ['--net', 'sh', '-c', setup, 'sh', process.execPath, 'e2e/support/exposure-probe.mjs', guiHost, ...(shot ? [shot] : [])], { encoding: 'utf8', timeout: 90_000 });
	const line = r.stdout.trim().split('\n').at(-1) ?? '';
	if (!line.startsWith('{')) throw new Error(`the probe printed no result (status ${r.status}):\n${r.stdout}\n${r.stderr}`);
	return JSON.parse(line);
}

test('ovos-gui on every interface: the log and /settings name the address and the mycroft.conf line that closes it', async () => {
	test.setTimeout(120_000);
	const r = probe('0.0.0.0', process.env.EXPOSURE_SHOT);
	expect(r.connected).toBe(true);
	expect(r.log).toContain(`ovos-screen: ovos-gui answers on ${OUTWARD}:18181, beyond this machine`);
	expect(r.log).toContain('add "gui_websocket": {"host": "127.0.0.1"} to mycroft.conf and restart ovos-gui');
	// Logged once, however many checks ran.
	expect(r.log.split('ovos-gui answers on').length - 1).toBe(1);
	expect(r.status).toBe(200);
	expect(r.html).toContain('data-testid="exposure"');
	expect(r.html).toContain(`${OUTWARD}:18181`);
	expect(r.html).toContain('<code>"gui_websocket": {"host": "127.0.0.1"}</code>');
});

test('ovos-gui on loopback only: nothing is said', async () => {
	test.setTimeout(120_000);
	const r = probe('127.0.0.1');
	expect(r.connected).toBe(true);
	expect(r.status).toBe(200);
	expect(r.log).not.toContain('answers on');
	expect(r.html).not.toContain('data-testid="exposure"');
});
