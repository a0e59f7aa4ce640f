// Type-level checks of the catalogues (run by `npm run check`, i.e. svelte-check): a translation
// that lacks a key, has one too many, or gives a message function other parameters does not compile.
// If the `Messages` type ever stopped catching these, the `@ts-expect-error` lines themselves fail.
import type en from '../../src/lib/i18n/en/app';
import type media from '../../src/lib/i18n/en/media';
import type weather from '../../src/lib/i18n/en/weather';
import type { Messages } from '../../src/lib/i18n/types';
import de from '../../src/lib/i18n/de/app';
import deWeather from '../../src/lib/i18n/de/weather';
import ptMedia from '../../src/lib/i18n/pt/media';

const { back: _back, ...withoutBack } = de;
// @ts-expect-error a missing key
export const missing: Messages<typeof en> = withoutBack;

// @ts-expect-error an extra key
export const extra: Messages<typeof en> = { ...de, invented: 'Erfunden' };

// @ts-expect-error a message function with other parameters
export const wrongParams: Messages<typeof media> = { ...ptMedia, trackOf: (title: string) => title };

// @ts-expect-error a text where a message function belongs
export const notAFunction: Messages<typeof media> = { ...ptMedia, hours: '1 hora' };

// @ts-expect-error a group missing one of its keys
export const partialGroup: Messages<typeof weather> = { ...deWeather, sky: { ...deWeather.sky, rain: undefined } };

// The real catalogues do compile against their English originals.
export const ok: [Messages<typeof en>, Messages<typeof media>] = [de, ptMedia];
