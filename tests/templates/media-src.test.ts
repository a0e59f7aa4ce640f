import { describe, expect, it } from 'vitest';
import { DEFAULT_ADDRESS } from '../../src/lib/protocol/address';
import { fileName, imageSource, mediaContext, mediaUrl } from '../../src/lib/templates/media-src';

const local = { mediaBase: '/media' };
const remote = { mediaBase: null };

describe('imageSource', () => {
	it('loads web and data images directly', () => {
		expect(imageSource('https://x/a.png', remote)).toEqual({ kind: 'url', src: 'https://x/a.png' });
		expect(imageSource('data:image/png;base64,AAAA', remote)).toEqual({ kind: 'url', src: 'data:image/png;base64,AAAA' });
	});
	it('sends device paths through the media route, or says they are unreachable', () => {
		const p = '/home/ovos/.cache/ovos_gui/skill-x/a b#1.png';
		expect(imageSource(p, local)).toEqual({ kind: 'url', src: '/media/home/ovos/.cache/ovos_gui/skill-x/a%20b%231.png' });
		expect(imageSource(p, remote)).toEqual({ kind: 'unreachable', path: p });
		expect(imageSource('file:///srv/pic%20one.png', local)).toEqual({ kind: 'url', src: '/media/srv/pic%20one.png' });
	});
	it('refuses script and other schemes, and treats null as no image', () => {
		expect(imageSource('javascript:alert(1)', local).kind).toBe('refused');
		expect(imageSource('data:image/svg+xml,<svg onload=x>', local).kind).toBe('refused');
		expect(imageSource('relative.png', local).kind).toBe('refused');
		expect(imageSource(null, local).kind).toBe('none');
		expect(imageSource(undefined, local).kind).toBe('none');
	});
	it('names the file', () => {
		expect(fileName('/a/b/timer.png')).toBe('timer.png');
		expect(mediaUrl('/media', '/a/%/b')).toBe('/media/a/%25/b');
	});
});

describe('mediaContext: the media route is used only when OVOS runs on the app server', () => {
	const configured = { ...DEFAULT_ADDRESS, host: '127.0.0.1' };
	it('uses it with the server setting when the server says it is local', () => {
		expect(mediaContext(true, configured, configured, 'screen.lan').mediaBase).toBe('/media');
		expect(mediaContext(false, configured, configured, 'screen.lan').mediaBase).toBeNull();
	});
	it('not when the URL points the screen at another device', () => {
		expect(mediaContext(true, configured, { ...configured, host: '192.168.1.9' }, 'screen.lan').mediaBase).toBeNull();
	});
	it('yes when the URL points at the very host that served the page', () => {
		expect(mediaContext(false, configured, { ...configured, host: 'pi.lan' }, 'pi.lan').mediaBase).toBe('/media');
	});
});
