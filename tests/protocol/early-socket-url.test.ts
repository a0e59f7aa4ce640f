import { describe, expect, it } from 'vitest';
import { DEFAULT_ADDRESS, earlySocketUrl } from '../../src/lib/protocol';

describe('earlySocketUrl (the GUI socket app.html opens before the code loads)', () => {
	const at = (u: string, base = DEFAULT_ADDRESS) => earlySocketUrl(new URL(u, 'http://screen:3000'), base, ['10.0.0.5'], [28181]);
	it('on the screen routes in gui mode, with the URL options and the page host left to the browser', () => {
		expect(at('/kiosk')).toBe('ws://{host}:18181/gui');
		expect(at('/?host=10.0.0.5&guiPort=28181')).toBe('ws://10.0.0.5:28181/gui');
		expect(at('/kiosk', { ...DEFAULT_ADDRESS, host: 'fe80::1' })).toBe('ws://[fe80::1]:18181/gui');
	});
	it('nowhere else, and not for the full handshake (its port comes from the bus)', () => {
		expect(at('/inspect')).toBe('');
		expect(at('/chat')).toBe('');
		expect(at('/kiosk?handshake=full')).toBe('');
		// Nothing but a validated host gets into the page's script.
		expect(at('/kiosk?host=%27%3Balert(1)%2F%2F')).toBe('ws://{host}:18181/gui');
	});
	it('not to a host the server does not allow (issue 14.6)', () => {
		expect(at('/?host=attacker.example&handshake=gui')).toBe('');
		expect(earlySocketUrl(new URL('http://screen:3000/kiosk?host=10.0.0.5'), DEFAULT_ADDRESS)).toBe('');
	});
	it('not to a port the server does not allow (issue 24.8)', () => {
		expect(earlySocketUrl(new URL('http://screen:3000/kiosk?guiPort=28181'), DEFAULT_ADDRESS)).toBe('');
		expect(at('/kiosk?guiPort=28182')).toBe('');
	});
});
