/** A tiny PNG encoder for test images (no image library in the project): RGBA pixels from a function. */
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
	const len = Buffer.alloc(4);
	len.writeUInt32BE(data.length);
	const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
	const crc = Buffer.alloc(4);
	crc.writeUInt32BE(crc32(body) >>> 0);
	return Buffer.concat([len, body, crc]);
}

export type Pixel = (x: number, y: number) => [number, number, number, number];

export function png(width: number, height: number, pixel: Pixel): Buffer {
	const raw = Buffer.alloc((width * 4 + 1) * height);
	for (let y = 0; y < height; y++) {
		const row = y * (width * 4 + 1);
		raw[row] = 0;
		for (let x = 0; x < width; x++) {
			const [r, g, b, a] = pixel(x, y);
			raw.set([r, g, b, a], row + 1 + x * 4);
		}
	}
	const ihdr = Buffer.alloc(13);
	ihdr.writeUInt32BE(width, 0);
	ihdr.writeUInt32BE(height, 4);
	ihdr.set([8, 6, 0, 0, 0], 8);
	return Buffer.concat([
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		chunk('IHDR', ihdr),
		chunk('IDAT', deflateSync(raw)),
		chunk('IEND', Buffer.alloc(0))
	]);
}

/**
 * A test picture whose distortion is obvious: a square canvas with a perfect circle (a clock face)
 * on a warm gradient. Stretched to 800×480 the circle would become an ellipse.
 */
export function clockPng(size = 360): Buffer {
	const c = size / 2;
	return png(size, size, (x, y) => {
		const d = Math.hypot(x - c, y - c);
		const hand = (Math.abs(x - c) < size / 60 && y < c && y > c * 0.35) || (Math.abs(y - c) < size / 60 && x > c && x < c * 1.5);
		if (hand || (d > c * 0.78 && d < c * 0.85)) return [40, 40, 48, 255];
		if (d <= c * 0.78) return [250, 250, 250, 255];
		const t = y / size;
		return [255, Math.round(205 - 70 * t), Math.round(120 - 60 * t), 255];
	});
}
