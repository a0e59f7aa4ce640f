// Writes src/lib/templates/system/spinner-arc.png, SYSTEM_Loading's turning arc: an animated PNG of
// 8 frames, the arc a quarter turn further each 0.15 s (1.2 s a turn), white on transparent — a
// mask the page colours with its theme. Why an image: Chromium draws an animated image only when
// its frame changes, while a CSS animation, even in steps, keeps the compositor ticking 60 times a
// second (bench:idle-cpu). Run: node scripts/spinner-arc.mjs
import { writeFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';

const SIZE = 192; // px; the spinner is 32cqmin (154 px on an 800×480 screen)
const FRAMES = 8;
const DELAY = [3, 20]; // numerator, denominator: 0.15 s a frame
// SYSTEM_Loading's SVG, viewBox 0 0 100 100: a ring of radius 42, stroke 8, a 66-long dash with round caps.
const R = 42;
const HALF = 4;
const SPAN = (66 / (2 * Math.PI * R)) * 2 * Math.PI;

function chunk(type, data) {
	const head = Buffer.alloc(4);
	head.writeUInt32BE(data.length);
	const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
	const crc = Buffer.alloc(4);
	crc.writeUInt32BE(crc32(body) >>> 0);
	return Buffer.concat([head, body, crc]);
}

/** Whether viewBox point (x, y) is on the arc starting at angle a0 (clockwise, as SVG draws a circle's dash). */
function onArc(x, y, a0) {
	const dx = x - 50;
	const dy = y - 50;
	const d = Math.hypot(dx, dy);
	const a = (((Math.atan2(dy, dx) - a0) % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
	if (Math.abs(d - R) <= HALF && a <= SPAN) return true;
	for (const end of [a0, a0 + SPAN]) if (Math.hypot(x - 50 - R * Math.cos(end), y - 50 - R * Math.sin(end)) <= HALF) return true;
	return false;
}

/** One frame's filtered scanlines (filter 0), alpha from 4×4 samples a pixel. */
function frame(k) {
	const a0 = (k / FRAMES) * 2 * Math.PI;
	const row = SIZE * 4 + 1;
	const raw = Buffer.alloc(SIZE * row);
	for (let py = 0; py < SIZE; py++) {
		for (let px = 0; px < SIZE; px++) {
			let hits = 0;
			for (let sy = 0; sy < 4; sy++) {
				for (let sx = 0; sx < 4; sx++) {
					if (onArc(((px + (sx + 0.5) / 4) * 100) / SIZE, ((py + (sy + 0.5) / 4) * 100) / SIZE, a0)) hits++;
				}
			}
			const o = py * row + 1 + px * 4;
			raw.fill(255, o, o + 3);
			raw[o + 3] = Math.round((hits / 16) * 255);
		}
	}
	return deflateSync(raw, { level: 9 });
}

const ihdr = Buffer.alloc(13);
ihdr.writeUInt32BE(SIZE, 0);
ihdr.writeUInt32BE(SIZE, 4);
ihdr[8] = 8; // bits per channel
ihdr[9] = 6; // RGBA
const actl = Buffer.alloc(8);
actl.writeUInt32BE(FRAMES, 0); // frames; 0 plays: forever
const parts = [Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('acTL', actl)];
let seq = 0;
for (let k = 0; k < FRAMES; k++) {
	const fctl = Buffer.alloc(26);
	fctl.writeUInt32BE(seq++, 0);
	fctl.writeUInt32BE(SIZE, 4);
	fctl.writeUInt32BE(SIZE, 8);
	fctl.writeUInt16BE(DELAY[0], 20);
	fctl.writeUInt16BE(DELAY[1], 22);
	fctl[24] = 1; // dispose: clear to transparent
	fctl[25] = 0; // blend: replace
	parts.push(chunk('fcTL', fctl));
	const data = frame(k);
	if (k === 0) parts.push(chunk('IDAT', data));
	else {
		const n = Buffer.alloc(4);
		n.writeUInt32BE(seq++);
		parts.push(chunk('fdAT', Buffer.concat([n, data])));
	}
}
parts.push(chunk('IEND', Buffer.alloc(0)));
const out = new URL('../src/lib/templates/system/spinner-arc.png', import.meta.url);
writeFileSync(out, Buffer.concat(parts));
console.log(`wrote ${out.pathname}`);
