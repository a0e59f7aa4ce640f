/**
 * Local media for the kiosk: which device files the media route may serve (spec §5: `show_image`
 * sends absolute paths). A file is served only if, after resolving every symlink, it lies inside
 * one of the configured roots (also resolved) and its extension is an image, audio or video type.
 * Traversal (`..`), NUL bytes, relative paths and symlinks that leave the roots are refused.
 */
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { extname, isAbsolute, normalize, sep } from 'node:path';

export const MEDIA_TYPES: Readonly<Record<string, string>> = {
	'.png': 'image/png',
	'.jpg': 'image/jpeg',
	'.jpeg': 'image/jpeg',
	'.gif': 'image/gif',
	'.webp': 'image/webp',
	'.avif': 'image/avif',
	'.bmp': 'image/bmp',
	'.ico': 'image/x-icon',
	'.svg': 'image/svg+xml',
	'.mp3': 'audio/mpeg',
	'.ogg': 'audio/ogg',
	'.oga': 'audio/ogg',
	'.wav': 'audio/wav',
	'.flac': 'audio/flac',
	'.m4a': 'audio/mp4',
	'.mp4': 'video/mp4',
	'.webm': 'video/webm',
	'.ogv': 'video/ogg'
};

export type MediaCheck =
	| { readonly ok: true; readonly path: string; readonly type: string }
	| { readonly ok: false; readonly status: 400 | 403 | 404 | 415; readonly reason: string };

/** Checks of the requested path alone, before touching the disk. Pure. */
export function checkRequestPath(raw: string): MediaCheck {
	if (raw.includes('\0')) return { ok: false, status: 400, reason: 'NUL byte in path' };
	const path = raw.startsWith('/') ? raw : `/${raw}`;
	if (!isAbsolute(path)) return { ok: false, status: 400, reason: 'not an absolute path' };
	// Any `..` segment is refused outright, even one that would stay inside a root.
	if (path.split(/[\\/]/).includes('..')) return { ok: false, status: 403, reason: 'path traversal' };
	const type = MEDIA_TYPES[extname(path).toLowerCase()];
	if (!type) return { ok: false, status: 415, reason: 'not a media file type' };
	return { ok: true, path: normalize(path), type };
}

/** Whether `path` is `root` or inside it; both already resolved. Pure. */
export function isInside(path: string, root: string): boolean {
	const r = root.endsWith(sep) ? root : root + sep;
	return path === root || path.startsWith(r);
}

/** Full check: the request, then the real (symlink-resolved) file against the real roots. */
export async function resolveMedia(raw: string, roots: readonly string[]): Promise<MediaCheck> {
	const req = checkRequestPath(raw);
	if (!req.ok) return req;
	let real: string;
	try {
		real = await realpath(req.path);
	} catch {
		return { ok: false, status: 404, reason: 'no such file' };
	}
	const realRoots = (await Promise.all(roots.map((r) => realpath(r).catch(() => null)))).filter((r): r is string => r !== null);
	if (!realRoots.some((root) => isInside(real, root))) return { ok: false, status: 403, reason: 'outside the media roots' };
	// The resolved target must itself be a media type (a symlink `x.png` → `secret.txt` is refused).
	const type = MEDIA_TYPES[extname(real).toLowerCase()];
	if (!type) return { ok: false, status: 415, reason: 'not a media file type' };
	const info = await stat(real).catch(() => null);
	if (!info?.isFile()) return { ok: false, status: 404, reason: 'not a file' };
	return { ok: true, path: real, type };
}

const LOOPBACK = /^(localhost|127(\.\d+){3}|::1|\[::1\])$/i;

/** The app server runs on the OVOS device when its OVOS host is unset (embedded) or loopback. */
export function ovosIsLocal(host: string | null): boolean {
	return host === null || LOOPBACK.test(host);
}

export type ByteRange = { readonly start: number; readonly end: number } | 'whole' | 'unsatisfiable';

/**
 * One `Range: bytes=…` of a file of `size` bytes (RFC 9110 §14.1.2): `a-b`, `a-`, or the suffix `-n`.
 * Anything else, several ranges included, is served whole, as the RFC allows; a range that starts
 * past the end is unsatisfiable (416). Pure.
 */
export function parseRange(header: string | null, size: number): ByteRange {
	const m = header?.trim().match(/^bytes=(\d*)-(\d*)$/i);
	if (!m || (m[1] === '' && m[2] === '')) return 'whole';
	if (m[1] === '') {
		const n = Number(m[2]);
		if (n === 0) return 'unsatisfiable';
		return { start: Math.max(0, size - n), end: size - 1 };
	}
	const start = Number(m[1]);
	const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
	if (start >= size || end < start) return 'unsatisfiable';
	return { start, end };
}

/** The response for a checked media file: whole, or the asked byte range (so video can seek). */
export function mediaResponse(path: string, type: string, size: number, rangeHeader: string | null): Response {
	const headers: Record<string, string> = {
		'content-type': type,
		'accept-ranges': 'bytes',
		'cache-control': 'private, max-age=60',
		'x-content-type-options': 'nosniff',
		// An SVG opened directly must not run script in this origin.
		'content-security-policy': "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox"
	};
	const range = parseRange(rangeHeader, size);
	if (range === 'unsatisfiable') {
		return new Response(null, { status: 416, headers: { ...headers, 'content-range': `bytes */${size}` } });
	}
	const { start, end } = range === 'whole' ? { start: 0, end: size - 1 } : range;
	const stream = size === 0 ? null : (Readable.toWeb(createReadStream(path, { start, end })) as ReadableStream<Uint8Array>);
	headers['content-length'] = String(size === 0 ? 0 : end - start + 1);
	if (range === 'whole') return new Response(stream, { status: 200, headers });
	return new Response(stream, { status: 206, headers: { ...headers, 'content-range': `bytes ${start}-${end}/${size}` } });
}
