/** Fixed words of the OVOS-GUI-1 pages (one place, for the languages work). */
export const GUI1_LABELS = {
	clock: 'Clock',
	timer: 'Timer'
} as const;
