import { screenLoad } from '$lib/server/screen-load';

export const load = screenLoad;
